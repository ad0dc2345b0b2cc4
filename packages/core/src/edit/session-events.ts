import type { CommitResult } from '../domain/feature.js';
import type { EditableFeature } from './pending-edits.js';
import type { SaveFailure } from './save-failure.js';

export type SaveOutcome = { ok: true; result: CommitResult } | { ok: false; failure: SaveFailure };

export type EditOperation = 'load' | 'save' | 'redraw' | 'restore';

export type ChangeReason = 'add' | 'update' | 'remove' | 'save' | 'restore';

export interface RestoreReport {
  inserts: number;
  updates: number;
  deletes: number;
  /** Updated or removed features the server no longer has; their changes are dropped. */
  dropped: string[];
  /** Properties the layer no longer has (or fills itself, or whose values no longer fit their type), dropped from the restored changes. */
  droppedProperties: string[];
  /** Drafts (local ids) whose geometry no longer fits the layer: kept in the journal, not shown and never sent, until a redraw discards them. */
  setAside: string[];
}

export interface EditSessionEvents {
  load: { features: EditableFeature[]; skipped: number };
  change: { reason: ChangeReason; ids: string[] };
  'save:success': { result: CommitResult };
  'save:failed': SaveFailure;
  /**
   * A failed load, redraw or restore (which also reject), a failed reload after a save, a failed
   * journal write (`journal`, a `JournalConflictError` when another tab edits the layer), or an
   * event handler that threw (`handler`; the session carried on as if it had not).
   */
  error: { operation: EditOperation | 'journal' | 'handler'; error: unknown; message: string };
}
