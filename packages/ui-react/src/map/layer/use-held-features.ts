import type { EditSession } from '@gportal/core';
import { useEffect } from 'react';

/**
 * Keeps the features `ids` loaded in the session while they are given (`EditSession.hold`): a
 * layer loaded by view lets go of the tiles far from the view, never of what the editor works on.
 * A new list releases the old hold and takes the new one in the same commit: no view loads in
 * between, so an id in both is never let go.
 */
export function useHeldFeatures(session: EditSession | undefined, ids: readonly string[]): void {
  // One string for the list, so an equal list rendered again holds nothing anew.
  const key = ids.join('\n');
  useEffect(() => (session && key ? session.hold(key.split('\n')) : undefined), [session, key]);
}
