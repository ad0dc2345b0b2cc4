import type { EditSession, LineString } from '@gportal/core';
import type { MessageKey } from '../../i18n/messages';
import { loadTopologyEdits } from './load-topology';
import { topologyRefusal } from './refusal';

/** What a cut came to: the pieces' ids (the original's first), or the sentence of its refusal. */
export type SplitOutcome = { ids: string[] } | { refused: MessageKey };

/**
 * 分割: cuts the feature `id` along the drawn `cutter` once the split's chunk is there, as one
 * undo step of the session. A cutting line that does not cross the feature is refused with its
 * sentence and changes nothing; any other error (a failed fetch, a busy session) is thrown.
 */
export async function splitAlong(session: EditSession, id: string, cutter: LineString): Promise<SplitOutcome> {
  const { splitFeature } = await loadTopologyEdits();
  try {
    return { ids: splitFeature(session, id, cutter) };
  } catch (error) {
    const refused = topologyRefusal(error);
    if (refused) return { refused };
    throw error;
  }
}
