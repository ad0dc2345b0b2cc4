// The edits themselves: the pending changes and their states, undo and redo, and the checks a
// value passes before it enters the session.
export { definedProperties, isEmpty, PendingEdits } from './pending-edits.js';
export { DEFAULT_UNDO_STEPS, EditHistory, type FeatureChange, type HistoryStep } from './edit-history.js';
export { assertGeometry, assertWritable } from './edit-validation.js';
export { holdsSent, sameStoredGeometry, sameStoredValue } from './stored-equality.js';
