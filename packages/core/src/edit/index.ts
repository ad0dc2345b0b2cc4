// The edit session: the `EditSession` facade and the vocabulary of its options, events and
// outcomes, the only part of the edit room other rooms and the package's entry use.
export { EditSession } from './edit-session.js';
export { mergeFeatures, reshapeWithNeighbours, splitFeature, type ShapeEditing } from './topology-edits/index.js';
export type {
  ChangeReason,
  ConflictChoice,
  EditableFeature,
  EditOperation,
  EditSessionEvents,
  EditSessionOptions,
  FeatureConflict,
  PendingChanges,
  RestoreReport,
  SaveFailure,
  SaveFailureKind,
  SaveOutcome,
  SaveOutcomeKnowledge,
  SessionClock,
} from './session-types.js';
export { DEFAULT_PREFETCH_DELAY_MS, type LoadingStrategy, type ViewState } from '../view-loading/index.js';
export { JOURNAL_WRITE_TIMEOUT_MS } from './journal/index.js';
export { DEFAULT_UNDO_STEPS } from './changes/index.js';
export { DEFAULT_UNKNOWN_OUTCOME_WINDOW_MS, GEOMETRY_FIELD } from './save/index.js';
