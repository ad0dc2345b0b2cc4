import type { ActionFailure, CommitResult, FeatureInsert, FeatureState, FeatureUpdate, MapFeature, Properties } from '../domain/feature.js';
import type { Geometry } from '../domain/geometry.js';
import type { EditJournal } from '../ports/edit-journal.port.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import type { FeatureTransactions } from '../ports/feature-transactions.port.js';
import type { LoadingStrategy, ViewState } from '../view-loading/index.js';

// The vocabulary the session's parts share (its options, events, outcomes and records): each part
// imports it from here, so no two parts import each other for a type.

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
  /**
   * How long a transaction whose answer was lost may still be running on the server after this
   * session stopped waiting for it; defaults to `DEFAULT_UNKNOWN_OUTCOME_WINDOW_MS` (30 000). A
   * save inside that window that finds part of the lost send not (yet) committed waits for the
   * window to pass and looks again before sending it: the lost request may commit a moment later,
   * and sending its insert again would store it twice, its update again would let an older value
   * overwrite a newer one.
   */
  unknownOutcomeWindowMs?: number;
  /** The session's clock; defaults to the host's (`Date.now`, `setTimeout`). Tests pass their own. */
  clock?: SessionClock;
}

/** The time and the waits a session uses; see {@link EditSessionOptions.clock}. */
export interface SessionClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms` milliseconds. */
  sleep(ms: number): Promise<void>;
}

/**
 * A feature as the session shows it (a snapshot): the edited copy, with its change-tracking
 * state. The snapshot and its `properties` are frozen copies; its `geometry` is the session's own
 * (the one the source handed over, or the copy an edit stored), shared, not copied, so that
 * loading thousands of features does not copy a million positions. Never write to it: edit
 * through `EditSession.update`, which stores a new geometry and hands out a new snapshot.
 */
export interface EditableFeature extends Readonly<MapFeature> {
  readonly properties: Readonly<Properties>;
  readonly state: FeatureState;
}

/** Every change not yet saved, in the form one transaction sends them. */
export interface PendingChanges {
  inserts: FeatureInsert[];
  updates: FeatureUpdate[];
  deletes: string[];
}

/** A drawn feature not saved yet. */
export interface Draft {
  geometry: Geometry;
  properties: Properties;
}

/**
 * What the session holds for one feature: its draft, its edited copy, whether it is marked for
 * removal. The records are the session's own and never changed in place, so an entry shares
 * them (geometries included) rather than copying them.
 */
export interface FeatureEntry {
  draft?: Draft;
  edited?: MapFeature;
  removed: boolean;
}

/** Sent changes whose outcome is not known yet, and the features that looked like its inserts before. */
export interface Unconfirmed {
  changes: PendingChanges;
  generation: number;
  preexisting: string[];
  /** False when the look-alikes could not all be read before the send: a look-alike found after it proves nothing. */
  preexistingComplete: boolean;
  /** When it was sent (`SessionClock.now`); absent in journals written before it was recorded. */
  sentAt?: number;
  /** When this session stopped waiting for its answer (a timeout, a dropped connection); absent while it is out. */
  unknownAt?: number;
}

/** What a session journals beside its pending changes. */
export interface JournaledState {
  generation: number;
  unconfirmed: Unconfirmed | undefined;
  lastLocalId: number;
  undecided: readonly string[];
  aside: readonly FeatureInsert[];
  /** The server copies the pending updates were made on: each update journals its base from them. */
  loaded: ReadonlyMap<string, MapFeature>;
  /** Edits a reconciliation saw contested (see `SessionState.contested`): id → fields. */
  contested: ReadonlyMap<string, readonly string[]>;
}

/** A feature another client changed where this session did too, or deleted. */
export interface FeatureConflict {
  id: string;
  /** The fields both changed (`geometry` for the shape); for a deleted feature, this session's changed fields. */
  fields: string[];
  /** The server's copy now; `null` when another client deleted it. */
  theirs: MapFeature | null;
}

/** How {@link EditSession.resolveConflict} settles a conflict: this session's values, or the server's. */
export type ConflictChoice = 'mine' | 'theirs';

/**
 * Why a save failed, so a screen can say it in the user's words:
 * - `connection-refused`: the request provably never reached the server; nothing was committed.
 * - `outcome-unknown`: the connection broke after the request was sent; the server may have committed.
 * - `timeout`: no answer in time; the server may still have committed.
 * - `server-error`: the server answered with an error (an exception report, an HTTP error page).
 * - `partial`: a server that commits action by action committed some and refused others.
 * - `malformed-answer`: the answer could not be read; the server may have committed.
 * - `journal`: the pending changes could not be journaled, so nothing was sent.
 * - `conflict`: another client changed what this session changed (see `conflicts`), so nothing was sent.
 * - `invalid`: the adapter refused the changes before sending them (a value the layer cannot
 *   take, a request that cannot be written), so nothing was sent; the `error` says which.
 */
export type SaveFailureKind = 'connection-refused' | 'outcome-unknown' | 'timeout' | 'server-error' | 'partial' | 'malformed-answer' | 'journal' | 'conflict' | 'invalid';

/** What is known of the server's data after the failure: `unknown` is checked before anything is sent again. */
export type SaveOutcomeKnowledge = 'nothing-committed' | 'partly-committed' | 'unknown';

/** Why a save failed and what is known of the server's data; the changes stay pending. */
export interface SaveFailure {
  kind: SaveFailureKind;
  /** Whether the server may have committed (some of) the changes; `unknown` is reconciled before the next send. */
  committed: SaveOutcomeKnowledge;
  /** The server's report or response text. */
  message: string;
  /** The actions that failed and stay pending; every action sent when the whole transaction failed. */
  failures: ActionFailure[];
  /** The error of a transaction that failed as a whole. */
  error?: unknown;
  /** The answer of a server that committed some actions and refused others. */
  result?: CommitResult;
  /** Kind `conflict`: each feature another client changed in a field this session changed, or deleted. */
  conflicts?: FeatureConflict[];
}

/** The answer of {@link EditSession.save}: the committed result, or why it failed (never thrown). */
export type SaveOutcome = { ok: true; result: CommitResult } | { ok: false; failure: SaveFailure };

/** A session operation that can fail with an `error` event. */
export type EditOperation = 'load' | 'save' | 'redraw' | 'restore';

/** Why the session's features changed, in a `change` event. */
/** Why features changed; `batch`: the edits of one {@link EditSession.batch}, told once with every id they touched. */
export type ChangeReason = 'add' | 'update' | 'remove' | 'batch' | 'undo' | 'redo' | 'resolve' | 'save' | 'restore';

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
   * The save waits `ms` before looking again at what became of a send whose answer was lost: the
   * server may still be running it (see `EditSessionOptions.unknownOutcomeWindowMs`).
   */
  'save:waiting': { ms: number };
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

/** The outcome of a journal write: a failed one is reported, and never blocks a save but for another tab's claim. */
export type JournalWrite = { ok: true } | { ok: false; error: unknown };

/** The journal as the session's parts use it: write the current entry, and whether the last write failed. */
export interface JournalPort {
  write(): Promise<JournalWrite>;
  readonly behind: boolean;
}
