import type { CommitResult } from '../domain/feature.js';
import { MapServerError } from '../errors/errors.js';
import type { EditJournal } from '../ports/edit-journal.port.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import type { FeatureTransactions } from '../ports/feature-transactions.port.js';
import { Emitter } from '../util/emitter.js';
import { later } from '../util/timers.js';
import type { EditableFeature } from './pending-edits.js';
import type { SaveFailure } from './save-failure.js';
import type { LoadingStrategy, ViewState } from './view-loading.js';

/** Options of {@link EditSession}: what it edits, and where it reads, writes and journals. */
export interface EditSessionOptions {
  source: FeatureSource;
  transactions: FeatureTransactions;
  /** The layer edited, e.g. `store_33:multipolygon`. */
  typeName: string;
  /** Features per load, per request and per view; defaults to `DEFAULT_MAX_FEATURES` (2000). */
  maxFeatures?: number;
  /**
   * How the layer is loaded. `whole` (the default): `load` reads it up to `maxFeatures`.
   * `view`: `load` counts it first (`FeatureSource.countFeatures`); a layer within `maxFeatures`
   * loads whole, a larger one loads the features of the view given to `EditSession.loadView`.
   */
  loading?: LoadingStrategy;
  /**
   * With `loading: 'view'`, the rows and columns of tiles read ahead around each loaded view
   * (a few requests at a time, kept aside until a pan needs them, those far from the view
   * dropped), so a pan finds its tiles read; defaults to 0: none.
   */
  prefetch?: number;
  /** How long a loaded view must stay before the tiles around it are read ahead; defaults to `DEFAULT_PREFETCH_DELAY_MS` (250). */
  prefetchDelayMs?: number;
  /**
   * With `loading: 'view'`, the loaded features held at most: past it, once a view has loaded,
   * the tiles farthest from it are let go (down to three quarters of the limit) and read again
   * when a view needs them, so a session panned across a layer of any size holds a bounded part
   * of it. A feature with a pending change, one undo or redo can reach, and one `hold` keeps are
   * never let go. Defaults to five loads' worth (`5 × maxFeatures`: 10 000).
   */
  holdLimit?: number;
  /** When given, every pending change is journaled so a later session can `restore` it. */
  journal?: EditJournal;
  /** Edits that `undo` can take back; defaults to `DEFAULT_UNDO_STEPS` (100). */
  undoSteps?: number;
}

/** The answer of {@link EditSession.save}: the committed result, or why it failed (never thrown). */
export type SaveOutcome = { ok: true; result: CommitResult } | { ok: false; failure: SaveFailure };

/** A session operation that can fail with an `error` event. */
export type EditOperation = 'load' | 'save' | 'redraw' | 'restore';

/** Why the session's features changed, in a `change` event. */
export type ChangeReason = 'add' | 'update' | 'remove' | 'undo' | 'redo' | 'resolve' | 'save' | 'restore';

/** What {@link EditSession.restore} put back from the journal. */
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

/** The events of an {@link EditSession} and their payloads. */
export interface EditSessionEvents {
  load: { features: EditableFeature[]; skipped: number };
  change: { reason: ChangeReason; ids: string[] };
  'save:success': { result: CommitResult };
  'save:failed': SaveFailure;
  /**
   * A load or `loadView` settled the view's state, or (state `loading`) merged one tile of the
   * view as it arrived; `added` are the ids of the features it brought. `dropped`, when given: the
   * features let go with the tiles far from the view (`holdLimit`), no longer in `features()`.
   */
  view: { state: ViewState; added: string[]; dropped?: string[] };
  /**
   * A tile around the view was read ahead (`prefetch`) and kept aside; `added`: the ids of its
   * features. They are not in `features()` until a view merges them; `featuresAhead()` gives them
   * all (a map may paint them ahead of the pan that shows them).
   */
  ahead: { added: string[] };
  /**
   * A failed load, redraw, restore or view load (`view`; all also reject), a failed reload after a save, a failed
   * journal write (`journal`, a `JournalConflictError` when another tab edits the layer), or an
   * event handler that threw (`handler`; the session carried on as if it had not).
   */
  error: { operation: EditOperation | 'view' | 'journal' | 'handler'; error: unknown; message: string };
}

type ErrorOperation = EditSessionEvents['error']['operation'];

export function reportText(error: unknown): string {
  if (error instanceof MapServerError) return error.text;
  return error instanceof Error ? error.message : String(error);
}

/**
 * A session's events, with its handlers isolated: a handler that throws is reported as an
 * `error` event (operation `handler`) and never changes what the session did; one thrown by an
 * `error` handler goes to the host (window.onerror), never to the caller.
 */
export class SessionEvents {
  private readonly emitter = new Emitter<EditSessionEvents>((event, error) => this.handlerFailed(event, error));

  on<Name extends keyof EditSessionEvents>(event: Name, handler: (payload: EditSessionEvents[Name]) => void): () => void {
    return this.emitter.on(event, handler);
  }

  off<Name extends keyof EditSessionEvents>(event: Name, handler: (payload: EditSessionEvents[Name]) => void): void {
    this.emitter.off(event, handler);
  }

  emit<Name extends keyof EditSessionEvents>(event: Name, payload: EditSessionEvents[Name]): void {
    this.emitter.emit(event, payload);
  }

  /** Reports a failure as an `error` event. */
  error(operation: ErrorOperation, error: unknown, message = reportText(error)): void {
    this.emit('error', { operation, error, message });
  }

  private handlerFailed(event: keyof EditSessionEvents, error: unknown): void {
    if (event === 'error') {
      later(() => {
        throw error;
      });
      return;
    }
    this.error('handler', error, `${event} handler: ${reportText(error)}`);
  }
}
