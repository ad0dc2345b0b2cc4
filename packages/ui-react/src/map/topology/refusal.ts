import { ValidationError } from '@gportal/core';
import type { MessageKey } from '../../i18n/messages';

/**
 * The sentence for a split or merge the core refused for the shapes drawn or picked (a cutting
 * line that does not cross the feature, features that do not touch on a single-part layer);
 * `undefined` for any other error, which the editor tells as it tells every refused change.
 */
export function topologyRefusal(error: unknown): MessageKey | undefined {
  if (!(error instanceof ValidationError)) return undefined;
  const cutter = error.problems['cutter']?.value;
  if (cutter === 'does-not-cross') return 'map.split.notCrossing';
  if (cutter === 'only-touches') return 'map.split.onlyTouches';
  if (error.problems['ids']?.rule === 'unsupported') return 'map.merge.notTouching';
  if (error.problems['ids']?.rule === 'invalid') return 'map.merge.tooFew';
  return undefined;
}
