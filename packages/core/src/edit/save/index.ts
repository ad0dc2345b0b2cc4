// Saving: the check against another client's changes, the send, what the server's answer
// settles, and the reconciliation of a send whose answer was lost.
export { changedFields, GEOMETRY_FIELD, findConflicts, resolve } from './conflict-check.js';
export { classifyCommitError } from './save-failure.js';
export { DEFAULT_UNKNOWN_OUTCOME_WINDOW_MS, SavePipeline, type SaveHost } from './save-pipeline.js';
// The clock a session waits on unless it is given one.
export { HOST_CLOCK } from '../../util/timers.js';
export { RECONCILE_MAX_CANDIDATES } from './reconcile.js';
