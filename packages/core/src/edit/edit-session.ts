import { DEFAULT_MAX_FEATURES } from '../domain/constants.js';
import type { FeatureSchema, FeatureState, MapFeature, PropertyValue } from '../domain/feature.js';
import type { BBox, Geometry, Position } from '../domain/geometry.js';
import { NotFoundError } from '../errors/errors.js';
import { DEFAULT_PREFETCH_DELAY_MS, ViewLoading, type LoadingStrategy, type ViewState } from '../view-loading/index.js';
import { assertGeometry, assertWritable, definedProperties } from './changes/index.js';
import { journalEntryOf, JournalWriter, SessionRestore } from './journal/index.js';
import { LayerRefresh } from './refresh/index.js';
import { OperationGuard } from './operation-guard.js';
import { DEFAULT_UNKNOWN_OUTCOME_WINDOW_MS, HOST_CLOCK, resolve, SavePipeline } from './save/index.js';
import { SessionEvents, SessionState } from './state/index.js';
import { moveSharedVertex } from './topology-edits/move-shared-vertex.js';
import type { ChangeReason, ConflictChoice, EditableFeature, EditOperation, EditSessionEvents, EditSessionOptions, FeatureConflict, PendingChanges, RestoreReport, SaveOutcome } from './session-types.js';

/**
 * The feature edit state machine of spec section 4 for one layer. Loaded features are `exist`;
 * drawn ones `insert` (their local id doubles as the WFS Insert handle); an edited `exist` is
 * `update` for as long as it differs from the loaded copy; `remove` marks a loaded feature for
 * deletion. `save()` sends everything pending in one transaction. Edits are refused while a
 * load, save, redraw or restore is under way.
 *
 * A facade over its parts, which share one state (`session-state.ts`: what is loaded, pending,
 * held, undoable, unconfirmed): the edits and their history (`changes/`), saving (`save/`: the
 * check against overwriting another client's changes, the send, its settlement and the
 * reconciliation of a lost answer), the journal and restoring from it (`journal/`), reading the
 * layer whole or by view (`../view-loading/`) and putting a read under the session
 * (`layer-refresh.ts`), events (`session-events.ts`) and one operation at a time
 * (`operation-guard.ts`). Nothing pending is dropped unless the server proved it committed.
 */
export class EditSession {
  /** The schema handed out for the state's current one (`schema`). */
  private schemaCopy: { of: FeatureSchema; copy: FeatureSchema } | undefined;
  readonly typeName: string;
  readonly maxFeatures: number;
  readonly loading: LoadingStrategy;

  private readonly events: SessionEvents;
  private readonly state: SessionState;
  private readonly guard: OperationGuard;
  private readonly journalWriter: JournalWriter;
  private readonly saves: SavePipeline;
  private readonly views: ViewLoading;
  private readonly layer: LayerRefresh;
  private readonly restorer: SessionRestore;
  /** The ids a {@link batch} under way changed: told in one `change` when it ends. */
  private batched: Set<string> | undefined;

  constructor({ source, transactions, typeName, maxFeatures = DEFAULT_MAX_FEATURES, loading = 'whole', prefetch = 0, prefetchDelayMs = DEFAULT_PREFETCH_DELAY_MS, holdLimit = 5 * maxFeatures, journal, undoSteps, unknownOutcomeWindowMs = DEFAULT_UNKNOWN_OUTCOME_WINDOW_MS, clock = HOST_CLOCK }: EditSessionOptions) {
    this.typeName = typeName;
    this.maxFeatures = maxFeatures;
    this.loading = loading;
    // Each part is made from the parts made before it: none reaches one that does not exist yet.
    const events = new SessionEvents();
    const state = new SessionState(undoSteps);
    const guard = new OperationGuard(events);
    const writer = new JournalWriter({
      journal,
      typeName,
      entry: () => journalEntryOf(typeName, state.edits.pending(), state.journaled()),
      onError: (error) => events.error('journal', error),
    });
    const saves = new SavePipeline({ state, source, transactions, typeName, events, journal: writer, clock, unknownOutcomeWindowMs });
    const views = new ViewLoading({
      source,
      typeName,
      maxFeatures,
      loading,
      prefetch,
      prefetchDelayMs,
      holdLimit,
      features: state.edits,
      events,
      keeps: () => state.keeps(),
      idle: () => guard.idle(),
      busy: () => guard.busy !== undefined,
    });
    const layer = new LayerRefresh({ source, typeName, maxFeatures, state, events, views, saves, journal: writer });
    this.events = events;
    this.state = state;
    this.guard = guard;
    this.journalWriter = writer;
    this.saves = saves;
    this.views = views;
    this.layer = layer;
    this.restorer = new SessionRestore({ journal, writer, typeName, state, events, layer, saves });
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
    return this.state.hold(ids);
  }

  /**
   * Takes features of this layer read elsewhere (an attribute table's page of a large layer, far
   * from the view) as loaded server copies, so they are edited like any loaded feature: their edits
   * are pending, undoable, journaled and conflict-checked at save. A feature loaded already stays
   * as it is. They are held (see {@link hold}) until the answer is called; a pending change keeps
   * one loaded after that too.
   *
   * @example
   * ```ts
   * const release = session.adopt(page.features);
   * session.update(page.features[0].id, { properties: { name: '福州' } });
   * ```
   */
  adopt(features: readonly MapFeature[]): () => void {
    for (const feature of features) assertGeometry(feature.geometry);
    const release = this.state.hold(features.map((feature) => feature.id));
    // No event: nothing changed that a map shows until an edit of one of them says so.
    this.state.edits.merge(features.map((feature) => ({ id: feature.id, geometry: feature.geometry, properties: { ...feature.properties } })));
    return release;
  }

  /**
   * The layer's schema, known after the first load: a frozen copy, the same object until a load
   * brings a different schema, so a caller can tell a new schema by its identity.
   */
  get schema(): FeatureSchema | undefined {
    const { schema } = this.state;
    if (!schema) return undefined;
    if (this.schemaCopy?.of !== schema) {
      // A load that read the same schema again keeps the copy handed out.
      const same = this.schemaCopy !== undefined && JSON.stringify(this.schemaCopy.of) === JSON.stringify(schema);
      this.schemaCopy = { of: schema, copy: same && this.schemaCopy ? this.schemaCopy.copy : deepFrozen(structuredClone(schema)) };
    }
    return this.schemaCopy.copy;
  }

  /** The operation under way, if any; edits are refused until it ends. */
  get busy(): EditOperation | undefined {
    return this.guard.busy;
  }

  /** True while a send's outcome is unknown: the next save first asks the server what it did. */
  get unconfirmedSend(): boolean {
    return this.state.unconfirmed !== undefined;
  }

  /** Whether `undo` has an edit to take back. */
  get canUndo(): boolean {
    return this.state.history.canUndo;
  }

  /** Whether `redo` has an undone edit to take again. */
  get canRedo(): boolean {
    return this.state.history.canRedo;
  }

  /** The conflicts the last save found and that are not resolved yet (see `resolveConflict`). */
  get conflicts(): FeatureConflict[] {
    return [...this.state.conflicts.values()];
  }

  /**
   * Drawn features (their local ids) whose last send the server could neither confirm nor deny
   * (a look-alike stood where they were drawn). They stay pending and are not sent again until
   * {@link decideInsert} says whether to keep or discard each: saving twice, or dropping a drawing,
   * is never done on a guess.
   */
  get undecidedInserts(): string[] {
    return [...this.state.undecided];
  }

  /**
   * Settles an undecided insert: `keep` sends it with the next save (when the server already has
   * it, it will have it twice); `discard` drops the drawing (when the server never got it, it is gone).
   */
  decideInsert(id: string, decision: 'keep' | 'discard'): void {
    this.guard.assertIdle();
    if (!this.state.decided(id)) throw new NotFoundError(`undecided insert ${id}`);
    if (decision === 'discard') this.state.edits.remove(id);
    // Steps made before the decision hold the drawing as an ordinary draft: taking one back would
    // bring a discarded drawing back (and send it), or undo what was decided on.
    this.state.history.clear();
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
    return this.operation('load', () => this.layer.loadKeepingChanges());
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
    return this.operation('redraw', () => this.layer.redraw());
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
   *
   * `taken`: the journal was taken from a tab that did not answer in time
   * (`EditJournal.takeOver` answered `taken`). That tab's last send may still reach the
   * server, so its drawings are undecided ({@link undecidedInserts}) until a later check finds
   * them committed or the user decides: a check made now could find them missing and send them twice.
   */
  restore({ claimed = Promise.resolve(true), taken = false }: { claimed?: Promise<boolean>; taken?: boolean } = {}): Promise<RestoreReport | null> {
    // Settled with the load: a claim that fails while the layer loads is not left unhandled.
    claimed.catch(() => undefined);
    return this.operation('restore', async () => {
      // The journal is read while the layer loads (once claimed: nothing writes it meanwhile), so the restore does not wait for it after.
      const read = this.state.loadedOnce ? undefined : claimed.then((held) => (held ? this.restorer.read() : undefined));
      read?.catch(() => undefined);
      if (!this.state.loadedOnce) await this.layer.loadKeepingChanges();
      if (!(await claimed)) return null;
      return this.restorer.restore(read, { taken });
    });
  }

  /**
   * Every feature shown: loaded ones (edited copies, removed ones left out), then drawn ones.
   * Each is a snapshot ({@link EditableFeature}: frozen, its geometry shared with the session)
   * that keeps its identity until that feature changes, so a map can redraw only what changed;
   * edit through `update`, never by writing to a snapshot or its geometry.
   */
  features(): EditableFeature[] {
    return this.state.edits.features();
  }

  /** One feature by id (a snapshot, see {@link EditableFeature}), removed ones included with state `remove`; `undefined` for an unknown id. */
  feature(id: string): EditableFeature | undefined {
    return this.state.edits.feature(id);
  }

  /** The change-tracking state of a feature (`exist`, `insert`, `update`, `remove`); `undefined` for an unknown id. */
  stateOf(id: string): FeatureState | undefined {
    return this.state.edits.stateOf(id);
  }

  /** Adds a drawn feature (state `insert`); its local id is returned and is also its Insert handle. */
  add(feature: { geometry: Geometry; properties?: Record<string, PropertyValue | undefined> }): string {
    this.guard.assertIdle();
    assertGeometry(feature.geometry);
    const properties = definedProperties(feature.properties ?? {});
    assertWritable(this.state.schema, properties);
    const id = this.state.edits.add(feature.geometry, properties);
    this.state.history.record({ id, before: { removed: false }, after: this.state.edits.entryOf(id) });
    this.changed('add', [id]);
    return id;
  }

  /**
   * Changes a feature's geometry and merges properties. A drawn feature stays `insert`; a loaded
   * one is `update` while it differs from its loaded copy, and `exist` again once it does not.
   * `joinLastStep`: the change is part of the last undo step when that step touched this feature
   * (the attribute form of a feature just drawn: one undo takes back the drawing and its values).
   */
  update(id: string, changes: { geometry?: Geometry; properties?: Record<string, PropertyValue | undefined> }, { joinLastStep = false }: { joinLastStep?: boolean } = {}): void {
    this.guard.assertIdle();
    if (changes.geometry !== undefined) assertGeometry(changes.geometry);
    const properties = definedProperties(changes.properties ?? {});
    assertWritable(this.state.schema, properties);
    const before = this.state.edits.entryOf(id);
    this.state.edits.update(id, changes.geometry, properties);
    this.state.history.record({ id, before, after: this.state.edits.entryOf(id) }, { joinLast: joinLastStep });
    this.changed('update', [id]);
  }

  /**
   * Runs `fn`, whose adds, updates and removes are one user action: one undo takes them all back,
   * one redo takes them again (a batch edit of many features, a split, a merge, an import). When
   * `fn` throws (a value refused halfway), what it changed is taken back and the error rethrown:
   * the batch is done whole or not at all. A batch inside a batch is part of it.
   *
   * @example
   * ```ts
   * // Twenty rows set to one value: one step.
   * session.batch(() => {
   *   for (const id of selected) session.update(id, { properties: { county: '鼓楼区' } });
   * });
   * ```
   */
  batch<T>(fn: () => T): T {
    this.guard.assertIdle();
    if (this.batched) return fn();
    const touched = new Set<string>();
    this.batched = touched;
    try {
      return this.state.history.batch(fn, (changes) => {
        for (const change of changes) this.state.edits.setEntry(change.id, change.before);
      });
    } finally {
      this.batched = undefined;
      // One `change` for the whole action, done or taken back: a map or table redraws once.
      if (touched.size > 0) this.changed('batch', [...touched]);
    }
  }

  /**
   * Topological editing: moves the vertex at `at` (within `tolerance` degrees, default 0) to `to`
   * in every feature that has it, so neighbours keep sharing their boundary. One undo step.
   * Throws a `ValidationError` when no feature has a vertex there.
   *
   * @returns the ids of the features changed.
   */
  moveSharedVertex(at: Position, to: Position, options: { tolerance?: number } = {}): string[] {
    return moveSharedVertex(this, at, to, options);
  }

  /** A drawn feature is dropped; a loaded one is marked `remove` (and its pending update discarded). */
  remove(id: string): void {
    this.guard.assertIdle();
    const before = this.state.edits.entryOf(id);
    if (!this.state.edits.remove(id)) return;
    this.state.history.record({ id, before, after: this.state.edits.entryOf(id) });
    this.changed('remove', [id]);
  }

  /**
   * Takes back the last user action: an add, update or remove (a whole shape edit is one update),
   * a drawing with its attribute form, or a {@link batch}: each feature returns to what it was, its
   * state with it (an `exist` edited once is `exist` again, a removed draft is back). The journal follows. False when there is nothing to undo. A save, load,
   * redraw or restore ends the history, so nothing committed is undone by accident.
   */
  undo(): boolean {
    this.guard.assertIdle();
    const step = this.state.history.undo();
    if (!step) return false;
    for (const change of [...step].reverse()) this.state.edits.setEntry(change.id, change.before);
    this.changed('undo', [...new Set(step.map((change) => change.id))]);
    return true;
  }

  /** Takes again the last undone edit; a new edit clears what could be redone. False when there is nothing to redo. */
  redo(): boolean {
    this.guard.assertIdle();
    const step = this.state.history.redo();
    if (!step) return false;
    for (const change of step) this.state.edits.setEntry(change.id, change.after);
    this.changed('redo', [...new Set(step.map((change) => change.id))]);
    return true;
  }

  /** Pending changes: inserts with their handles, updates with only what changed, deletes by id. */
  pending(): PendingChanges {
    return this.state.edits.pending();
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
    return this.operation('save', () => {
      this.state.history.clear();
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
    const { state } = this;
    const conflict = state.conflicts.get(id);
    if (!conflict) throw new NotFoundError(`conflict of feature ${id}`);
    const ids = resolve(state.edits, conflict, choice, state.schema);
    state.conflictResolved(id);
    state.history.clear();
    this.changed('resolve', ids);
  }

  /** Resolves once every journal write queued so far has finished. */
  flushJournal(): Promise<void> {
    return this.journalWriter.flush();
  }

  /** Runs an operation, one at a time; tiles read before it starts may predate what it changes. */
  private operation<T>(operation: EditOperation, work: () => Promise<T>): Promise<T> {
    return this.guard.run(operation, work, () => this.views.invalidate());
  }

  private changed(reason: ChangeReason, ids: string[]): void {
    if (this.batched) {
      for (const id of ids) this.batched.add(id);
      return;
    }
    void this.journalWriter.write();
    this.events.emit('change', { reason, ids });
  }
}

/** `value` with every object in it frozen. */
function deepFrozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFrozen(inner);
    Object.freeze(value);
  }
  return value;
}
