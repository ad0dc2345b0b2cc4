import type * as edits from './topology-edits';

/** The split and merge chunk (`topology-edits.ts`). */
export type TopologyEdits = typeof edits;

let loading: Promise<TopologyEdits> | undefined;

/** Fetches the split and merge chunk once; a failed fetch is tried again on the next call. */
export function loadTopologyEdits(): Promise<TopologyEdits> {
  loading ??= import('./topology-edits').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
