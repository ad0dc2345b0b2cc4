import { DEFAULT_MAX_FEATURES } from '../domain/constants.js';
import type { FeatureSchema, FeatureState, MapFeature, PropertyValue } from '../domain/feature.js';
import type { BBox, Geometry } from '../domain/geometry.js';
import { NotFoundError } from '../errors/errors.js';
import { resolve, type ConflictChoice, type FeatureConflict } from './conflict-check.js';
import { EditHistory } from './edit-history.js';
import { assertGeometry, assertWritable } from './edit-validation.js';
import { journalEntryOf } from './journal-codec.js';
import { JournalWriter } from './journal-writer.js';
import { LayerLoading } from './layer-loading.js';
import { OperationGuard } from './operation-guard.js';
import { definedProperties, PendingEdits, type EditableFeature, type PendingChanges } from './pending-edits.js';
import { SavePipeline } from './save-pipeline.js';
import { SessionRestore } from './session-restore.js';
import { DEFAULT_PREFETCH_DELAY_MS, ViewLoading, type LoadingStrategy, type ViewState } from './view-loading.js';
import { SessionEvents, type ChangeReason, type EditOperation, type EditSessionEvents, type EditSessionOptions, type RestoreReport, type SaveOutcome } from './session-events.js';

export type { SaveFailure, SaveFailureKind, SaveOutcomeKnowledge } from './save-failure.js';
export type { EditableFeature, PendingChanges } from './pending-edits.js';
export type { ChangeReason, EditOperation, EditSessionEvents, EditSessionOptions, RestoreReport, SaveOutcome } from './session-events.js';
export { DEFAULT_PREFETCH_DELAY_MS, type LoadingStrategy, type ViewState } from './view-loading.js';
export { JOURNAL_WRITE_TIMEOUT_MS } from './journal-writer.js';
export { DEFAULT_UNDO_STEPS } from './edit-history.js';
export { GEOMETRY_FIELD, type ConflictChoice, type FeatureConflict } from './conflict-check.js';

/**
 * The feature edit state machine of spec section 4 for one layer. Loaded features are `exist`;
 * drawn ones `insert` (their local id doubles as the WFS Insert handle); an edited `exist` is
 * `update` for as long as it differs from the loaded copy; `remove` marks a loaded feature for
 * deletion. `save()` sends everything pending in one transaction. Edits are refused while a
 * load, save, redraw or restore is under way.
 *
 * A facade over its roles: the pending changes and their states (`pending-edits.ts`), undo and
 * redo (`edit-history.ts`), sending and settling a save (`save-pipeline.ts`,
 * `save-settlement.ts`, `reconcile.ts`) after the check against overwriting another client's
 * changes (`conflict-check.ts`), loading (`layer-loading.ts`, and by view for a large layer:
 * `view-loading.ts`, `tile-grid.ts`), restoring a journal
 * (`session-restore.ts`), the journal (`journal-codec.ts`, `journal-writer.ts`), events
 * (`session-events.ts`) and one operation at a time (`operation-guard.ts`). Nothing pending is
 * dropped unless the server proved it committed.
 */
export class EditSession {
  readonly typeName: string;
  readonly maxFeatures: number;
  readonly loading: LoadingStrategy;

  private readonly events = new SessionEvents();
  private readonly edits = new PendingEdits();
  private readonly guard = new OperationGuard(
    (operation, error) => this.events.error(operation, error),
    () => this.views.invalidate(),
  );
  private readonly journalWriter: JournalWriter;
  private readonly saves: SavePipeline;
  private readonly history: EditHistory;
  private readonly layer: LayerLoading;
  private readonly views: ViewLoading;
  private readonly restorer: SessionRestore;
  /** Features `hold` keeps loaded, with how many holds keep each. */
  private readonly holds = new Map<string, number>();

  constructor({ source, transactions, typeName, maxFeatures = DEFAULT_MAX_FEATURES, loading = 'whole', prefetch = 0, prefetchDelayMs = DEFAULT_PREFETCH_DELAY_MS, holdLimit = 5 * maxFeatures, journal, undoSteps }: EditSessionOptions) {
    this.history = new EditHistory(undoSteps);
    this.typeName = typeName;
    this.maxFeatures = maxFeatures;
    this.loading = loading;
    this.journalWriter = new JournalWriter({
      journal,
      typeName,
      entry: () =>
        journalEntryOf(typeName, this.edits.pending(), {
          generation: this.saves.generation,
          unconfirmed: this.saves.unconfirmed,
          lastLocalId: this.edits.lastLocalId,
          undecided: [...this.saves.undecided],
          aside: this.restorer.aside,
          loaded: this.edits.loaded,
        }),
      onError: (error) => this.events.error('journal', error),
    });
    this.saves = new SavePipeline({
      edits: this.edits,
      source,
      transactions,
      typeName,
      events: this.events,
      wholeLayerLoaded: () => this.layer.wholeLayer,
      journalPending: () => this.journalWriter.write(),
      journalBehind: () => this.journalWriter.behind,
    });
    const roles = { source, typeName, maxFeatures, edits: this.edits, saves: this.saves, history: this.history, events: this.events };
    const journalPending = () => void this.journalWriter.write();
    this.views = new ViewLoading({
      ...roles,
      loading,
      prefetch,
      prefetchDelayMs,
      holdLimit,
      idle: () => this.guard.idle(),
      busy: () => this.guard.busy !== undefined,
      keeps: () => {
        const reached = this.history.reached();
        return (id) => this.edits.edited.has(id) || this.edits.removed.has(id) || reached.has(id) || this.saves.undecided.has(id) || this.holds.has(id);
      },
    });
    this.layer = new LayerLoading({ ...roles, views: this.views, journalPending, forgetAside: () => (this.restorer.aside = []) });
    this.restorer = new SessionRestore({ ...roles, journal, layer: this.layer, journalPending });
  }

  /**
   * Subscribes to a session event; the answer removes the handler again.
   *
   * @example
   * ```ts
   * const stop = session.on('save:failed', (failure) => show(failure.message));
   * // later
   * stop();
   * ```
   */
  on<Name extends keyof EditSessionEvents>(event: Name, handler: (payload: EditSessionEvents[Name]) => void): () => void {
    return this.events.on(event, handler);
  }

  /** Removes a handler added with {@link EditSession.on}. */
  off<Name extends keyof EditSessionEvents>(event: Name, handler: (payload: EditSessionEvents[Name]) => void): void {
    this.events.off(event, handler);
  }

  /**
   * Keeps the features `ids` loaded however far the view moves, until the answer is called: a
   * layer loaded by view lets go of the tiles far from the view past `holdLimit`, and the map
   * holds what it works on (the feature whose shape or form is open, those marked for removal).
   *
   * @example
   * ```ts
   * const release = session.hold([editedId]);
   * // the edit is done or cancelled
   * release();
   * ```
   */
  hold(ids: Iterable<string>): () => void {
    const held = [...new Set(ids)];
    for (const id of held) this.holds.set(id, (this.holds.get(id) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const id of held) {
        const count = (this.holds.get(id) ?? 1) - 1;
        if (count > 0) this.holds.set(id, count);
        else this.holds.delete(id);
      }
    };
  }

  /** The layer's schema, known after the first load. */
  get schema(): FeatureSchema | undefined {
    return this.layer.schema && structuredClone(this.layer.schema);
  }

  /** The operation under way, if any; edits are refused until it ends. */
  get busy(): EditOperation | undefined {
    return this.guard.busy;
  }

  /** True while a send's outcome is unknown: the next save first asks the server what it did. */
  get unconfirmedSend(): boolean {
    return this.saves.unconfirmed !== undefined;
  }

  /** Whether `undo` has an edit to take back. */
  get canUndo(): boolean {
    return this.history.canUndo;
  }

  /** Whether `redo` has an undone edit to take again. */
  get canRedo(): boolean {
    return this.history.canRedo;
  }

  /** The conflicts the last save found and that are not resolved yet (see `resolveConflict`). */
  get conflicts(): FeatureConflict[] {
    return [...this.saves.conflicts.values()];
  }

  /**
   * Drawn features (their local ids) whose last send the server could neither confirm nor deny
   * (a look-alike stood where they were drawn). They stay pending and are not sent again until
   * {@link decideInsert} says whether to keep or discard each: saving twice, or dropping a drawing,
   * is never done on a guess.
   */
  get undecidedInserts(): string[] {
    return [...this.saves.undecided];
  }

  /**
   * Settles an undecided insert: `keep` sends it with the next save (when the server already has
   * it, it will have it twice); `discard` drops the drawing (when the server never got it, it is gone).
   */
  decideInsert(id: string, decision: 'keep' | 'discard'): void {
    this.guard.assertIdle();
    if (!this.saves.undecided.delete(id)) throw new NotFoundError(`undecided insert ${id}`);
    if (decision === 'discard') this.edits.remove(id);
    this.changed(decision === 'discard' ? 'remove' : 'update', [id]);
  }

  /**
   * Asks the server now for what the first load reads before anything else: the layer's schema
   * and, for a session that loads by view, the layer's count. The load (or `restore`) then takes
   * them rather than waiting for them: a screen calls it as it first renders, before its map is
   * made and the session started. Nothing in the session changes; a read that failed is asked
   * again by the load, which tells its failure.
   *
   * @example
   * ```ts
   * const session = new EditSession({ source, transactions, typeName: 'towns_large', loading: 'view' });
   * session.prepare();
   * // … the map is made and gives its view
   * await session.restore();
   * ```
   */
  prepare(): void {
    this.views.prepare();
  }

  /**
   * Loads the layer (at most `maxFeatures`). Pending changes survive: they are re-applied on top
   * of the fresh server copies, and an unconfirmed send is reconciled. Rejects, and emits
   * `error`, when the server cannot be read; the session is then left exactly as it was.
   */
  load(): Promise<EditableFeature[]> {
    return this.guard.run('load', () => this.layer.loadKeepingChanges());
  }

  /**
   * Loads the features of the map's view `bbox` (`[west, south, east, north]`, lon/lat) that are
   * not loaded yet, when the session loads by view (option `loading: 'view'`) and the layer holds
   * more than `maxFeatures`; answers the view's state ({@link ViewState}) and emits it as a
   * `view` event. The view is cut into tiles of a fixed grid: a pan reads only the tiles not read
   * yet, each with a BBOX and at most `maxFeatures` features per request (paged with
   * `startIndex`). A view holding more than `maxFeatures` features loads nothing (`too-many`):
   * zoom in to edit. Features loaded stay when the view moves away, up to `holdLimit` (past it,
   * the tiles farthest from the view are let go, never an edited feature or one `hold` keeps),
   * and one already held (an edited one above all) is never replaced by the copy a pan reads
   * again. Edits go on while a
   * view loads; a view asked for during a load, save, redraw or restore is read after it.
   * Before the first load it only remembers the view, which the load then reads (one given while
   * the first load counts the layer is counted at once, and read by that load); for a layer
   * loaded whole it does nothing. Rejects, and emits `error` (operation `view`), when the server
   * cannot be read; nothing changes then.
   *
   * @example
   * ```ts
   * const session = new EditSession({ source, transactions, typeName: 'towns_large', loading: 'view' });
   * await session.loadView([119.2, 26.0, 119.4, 26.1]);
   * await session.load();
   * map.on('moveend', () => void session.loadView(boundsOf(map)));
   * ```
   */
  async loadView(bbox: BBox): Promise<ViewState | undefined> {
    try {
      return await this.views.loadView(bbox);
    } catch (error) {
      this.events.error('view', error);
      throw error;
    }
  }

  /** The state of the last view loaded (see {@link loadView}); `undefined` before the first load, or a large layer's first view. */
  get viewState(): ViewState | undefined {
    return this.views.state;
  }

  /**
   * The layer's features, as the last load counted them (option `loading: 'view'`), no further
   * than `maxFeatures + 1` (a server may count further); `undefined` when not counted.
   */
  get layerCount(): number | undefined {
    return this.views.count;
  }

  /**
   * The features read ahead around the view (option `prefetch`) and kept aside, not loaded yet,
   * each once: not in `features()`, and never merged over a feature the session holds. A map may
   * prepare or paint them ahead of the pan that merges them (an `ahead` event tells when more
   * came); an edit, a load or a save drops them.
   */
  featuresAhead(): MapFeature[] {
    return this.views.featuresAhead();
  }

  /** Drops every pending change and feature (and the journal), then loads again. */
  redraw(): Promise<EditableFeature[]> {
    return this.guard.run('redraw', () => this.layer.redraw());
  }

  /**
   * Loads the layer when nothing is loaded yet, then re-applies the journaled changes of this
   * layer on top. Call it instead of `load()` when a session starts, so that no journaled change
   * is overwritten. Applying the same entry twice changes nothing. A journaled send whose outcome
   * was never confirmed is reconciled with the server first, so what it committed is not
   * replayed. `null` when nothing is journaled, or when the journal cannot be read (reported as a
   * `journal` error).
   *
   * `claimed`: whether this session may put the journal back, told while the layer loads (a tab
   * claiming the layer's journal, as the map does: one tab edits a layer at a time). The load
   * starts at once; when it resolves `false`, the journal is left alone and the restore answers
   * `null`, having only loaded. Claimed by default.
   */
  restore({ claimed = Promise.resolve(true) }: { claimed?: Promise<boolean> } = {}): Promise<RestoreReport | null> {
    // Settled with the load: a claim that fails while the layer loads is not left unhandled.
    claimed.catch(() => undefined);
    return this.guard.run('restore', async () => {
      // The journal is read while the layer loads (once claimed: nothing writes it meanwhile), so the restore does not wait for it after.
      const read = this.layer.loadedOnce ? undefined : claimed.then((held) => (held ? this.restorer.read() : undefined));
      read?.catch(() => undefined);
      if (!this.layer.loadedOnce) await this.layer.loadKeepingChanges();
      if (!(await claimed)) return null;
      return this.restorer.restore(read);
    });
  }

  /**
   * Every feature shown: loaded ones (edited copies, removed ones left out), then drawn ones.
   * Each is a snapshot ({@link EditableFeature}: frozen, its geometry shared with the session)
   * that keeps its identity until that feature changes, so a map can redraw only what changed;
   * edit through `update`, never by writing to a snapshot or its geometry.
   */
  features(): EditableFeature[] {
    return this.edits.features();
  }

  /** One feature by id (a snapshot, see {@link EditableFeature}), removed ones included with state `remove`; `undefined` for an unknown id. */
  feature(id: string): EditableFeature | undefined {
    return this.edits.feature(id);
  }

  /** The change-tracking state of a feature (`exist`, `insert`, `update`, `remove`); `undefined` for an unknown id. */
  stateOf(id: string): FeatureState | undefined {
    return this.edits.stateOf(id);
  }

  /** Adds a drawn feature (state `insert`); its local id is returned and is also its Insert handle. */
  add(feature: { geometry: Geometry; properties?: Record<string, PropertyValue | undefined> }): string {
    this.guard.assertIdle();
    assertGeometry(feature.geometry);
    const properties = definedProperties(feature.properties ?? {});
    assertWritable(this.layer.schema, properties);
    const id = this.edits.add(feature.geometry, properties);
    this.history.record({ id, before: { removed: false }, after: this.edits.entryOf(id) });
    this.changed('add', [id]);
    return id;
  }

  /**
   * Changes a feature's geometry and merges properties. A drawn feature stays `insert`; a loaded
   * one is `update` while it differs from its loaded copy, and `exist` again once it does not.
   */
  update(id: string, changes: { geometry?: Geometry; properties?: Record<string, PropertyValue | undefined> }): void {
    this.guard.assertIdle();
    if (changes.geometry !== undefined) assertGeometry(changes.geometry);
    const properties = definedProperties(changes.properties ?? {});
    assertWritable(this.layer.schema, properties);
    const before = this.edits.entryOf(id);
    this.edits.update(id, changes.geometry, properties);
    this.history.record({ id, before, after: this.edits.entryOf(id) });
    this.changed('update', [id]);
  }

  /** A drawn feature is dropped; a loaded one is marked `remove` (and its pending update discarded). */
  remove(id: string): void {
    this.guard.assertIdle();
    const before = this.edits.entryOf(id);
    if (!this.edits.remove(id)) return;
    this.history.record({ id, before, after: this.edits.entryOf(id) });
    this.changed('remove', [id]);
  }

  /**
   * Takes back the last add, update or remove (a whole shape edit is one update): the feature
   * returns to what it was, its state with it (an `exist` edited once is `exist` again, a removed
   * draft is back). The journal follows. False when there is nothing to undo. A save, load,
   * redraw or restore ends the history, so nothing committed is undone by accident.
   */
  undo(): boolean {
    this.guard.assertIdle();
    const step = this.history.undo();
    if (!step) return false;
    this.edits.setEntry(step.id, step.before);
    this.changed('undo', [step.id]);
    return true;
  }

  /** Takes again the last undone edit; a new edit clears what could be redone. False when there is nothing to redo. */
  redo(): boolean {
    this.guard.assertIdle();
    const step = this.history.redo();
    if (!step) return false;
    this.edits.setEntry(step.id, step.after);
    this.changed('redo', [step.id]);
    return true;
  }

  /** Pending changes: inserts with their handles, updates with only what changed, deletes by id. */
  pending(): PendingChanges {
    return this.edits.pending();
  }

  /**
   * Sends every pending change in one transaction; never rejects for a refused save. On success
   * the inserted and updated features are replaced by server copies reloaded by id. What the
   * server did not prove committed stays pending: a failure that says nothing was committed
   * changes nothing; a server that commits action by action (QGIS Server) settles what it
   * confirms by id and totals; a failure of unknown outcome is journaled as such and reconciled
   * with the server before the next send. Each failure emits `save:failed` with its `kind`.
   * A journal that cannot be written (storage full) never blocks it: the failed write is reported
   * as a `journal` error and the save goes through; only another tab editing the layer stops it
   * (kind `journal`). Undecided inserts ({@link undecidedInserts}) are not sent. Nothing is sent
   * when the features to update or delete, read again first, show that another client changed
   * what this session changed (kind `conflict`, with `failure.conflicts`; see `resolveConflict`);
   * changes of other fields merge. A save ends the undo history.
   */
  save(): Promise<SaveOutcome> {
    return this.guard.run('save', () => {
      this.history.clear();
      return this.saves.save();
    });
  }

  /**
   * Settles a conflict the last save found. `mine`: the next save sends this session's values
   * (over the other client's in the fields both changed; a feature the other client deleted is
   * drawn again, as an insert). `theirs`: this session's edit of the feature is dropped and the
   * server's copy is shown. Ends the history, as the baseline changed. Throws `NotFoundError`
   * for an id with no unresolved conflict.
   */
  resolveConflict(id: string, choice: ConflictChoice): void {
    this.guard.assertIdle();
    const conflict = this.saves.conflicts.get(id);
    if (!conflict) throw new NotFoundError(`conflict of feature ${id}`);
    const ids = resolve(this.edits, conflict, choice, this.layer.schema);
    this.saves.conflicts.delete(id);
    this.history.clear();
    this.changed('resolve', ids);
  }

  /** Resolves once every journal write queued so far has finished. */
  flushJournal(): Promise<void> {
    return this.journalWriter.flush();
  }

  private changed(reason: ChangeReason, ids: string[]): void {
    void this.journalWriter.write();
    this.events.emit('change', { reason, ids });
  }
}
