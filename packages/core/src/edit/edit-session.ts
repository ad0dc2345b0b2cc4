import { DEFAULT_MAX_FEATURES } from '../domain/constants.js';
import type {
  ActionFailure,
  CommitResult,
  FeatureInsert,
  FeatureSchema,
  FeatureState,
  FeatureUpdate,
  MapFeature,
  Properties,
  PropertyValue,
} from '../domain/feature.js';
import { isGeometry, type Geometry } from '../domain/geometry.js';
import {
  fromJsonProperties,
  JOURNAL_VERSION,
  toJsonProperties,
  type JournalChanges,
  type JournalEntry,
  type UnconfirmedSend,
} from '../domain/journal.js';
import { ConflictError, MapServerError, NotFoundError, TimeoutError, ValidationError } from '../errors/errors.js';
import type { EditJournal } from '../ports/edit-journal.port.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import type { FeatureTransactions } from '../ports/feature-transactions.port.js';
import { Emitter } from '../util/emitter.js';
import { later } from '../util/timers.js';
import { holdsSent, reconcile } from './reconcile.js';
import { classifyCommitError, type SaveFailure } from './save-failure.js';

export type { SaveFailure, SaveFailureKind, SaveOutcomeKnowledge } from './save-failure.js';

/** A journal write that has not settled by then is reported as failed (it may still land later). */
export const JOURNAL_WRITE_TIMEOUT_MS = 5_000;

/** Options of {@link EditSession}: what it edits, and where it reads, writes and journals. */
export interface EditSessionOptions {
  source: FeatureSource;
  transactions: FeatureTransactions;
  /** The layer edited, e.g. `store_33:multipolygon`. */
  typeName: string;
  /** Features per load; defaults to {@link DEFAULT_MAX_FEATURES} (2000). */
  maxFeatures?: number;
  /** When given, every pending change is journaled so a later session can {@link EditSession.restore} it. */
  journal?: EditJournal;
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

/** The answer of {@link EditSession.save}: the committed result, or why it failed (never thrown). */
export type SaveOutcome = { ok: true; result: CommitResult } | { ok: false; failure: SaveFailure };

/** A session operation that can fail with an `error` event. */
export type EditOperation = 'load' | 'save' | 'redraw' | 'restore';

/** Why the session's features changed, in a `change` event. */
export type ChangeReason = 'add' | 'update' | 'remove' | 'save' | 'restore';

/** What {@link EditSession.restore} put back from the journal. */
export interface RestoreReport {
  inserts: number;
  updates: number;
  deletes: number;
  /** Updated or removed features the server no longer has; their changes are dropped. */
  dropped: string[];
}

/** The events of an {@link EditSession} and their payloads. */
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

interface Draft {
  geometry: Geometry;
  properties: Properties;
}

/** A snapshot handed out, with the internal record and state it was made from. */
interface View {
  source: Draft | MapFeature;
  state: FeatureState;
  feature: EditableFeature;
}

/**
 * A snapshot of a record: the feature and its properties are frozen copies (a date is copied, as
 * it can be changed in place); the geometry is shared with the record, which is never changed in
 * place, and only its outer object is frozen: freezing or copying every position array would
 * cost more than the load itself.
 */
function snapshotOf(id: string, record: Draft | MapFeature, state: FeatureState): EditableFeature {
  const properties: Properties = {};
  for (const [name, value] of Object.entries(record.properties)) properties[name] = value instanceof Date ? new Date(value.getTime()) : value;
  return Object.freeze({ id, geometry: Object.freeze(record.geometry), properties: Object.freeze(properties), state });
}

function emptyResult(): CommitResult {
  return { inserted: [], totals: { inserted: 0, updated: 0, deleted: 0 }, failures: [] };
}

function sameValue(a: PropertyValue | undefined, b: PropertyValue | undefined): boolean {
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  return (a ?? null) === (b ?? null);
}

function sameCoordinates(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return a === b;
  return a.length === b.length && a.every((item, index) => sameCoordinates(item, b[index]));
}

function sameGeometry(a: Geometry, b: Geometry): boolean {
  return a.type === b.type && sameCoordinates(a.coordinates, b.coordinates);
}

/** Properties without `undefined` values (they mean "not given"), copied. */
function definedProperties(properties: Record<string, PropertyValue | undefined>): Properties {
  const result: Properties = {};
  for (const [key, value] of Object.entries(properties)) if (value !== undefined) result[key] = structuredClone(value);
  return result;
}

/** A new record with the geometry replaced (when given) and the properties merged; the old one is left as it was. */
function edit(record: Draft, geometry: Geometry | undefined, properties: Properties): Draft {
  return { geometry: geometry ? structuredClone(geometry) : record.geometry, properties: { ...record.properties, ...properties } };
}

function reportText(error: unknown): string {
  if (error instanceof MapServerError) return error.text;
  return error instanceof Error ? error.message : String(error);
}

function isEmpty(changes: PendingChanges): boolean {
  return changes.inserts.length === 0 && changes.updates.length === 0 && changes.deletes.length === 0;
}

function toJournalChanges(changes: PendingChanges): JournalChanges {
  return {
    inserts: changes.inserts.map(({ handle, geometry, properties }) => ({ handle, geometry, properties: toJsonProperties(properties) })),
    updates: changes.updates.map(({ id, geometry, properties }) => ({
      id,
      ...(geometry ? { geometry } : {}),
      ...(properties ? { properties: toJsonProperties(properties) } : {}),
    })),
    deletes: changes.deletes,
  };
}

function fromJournalChanges(changes: JournalChanges): PendingChanges {
  return {
    inserts: changes.inserts.map(({ handle, geometry, properties }) => ({ handle, geometry, properties: fromJsonProperties(properties) })),
    updates: changes.updates.map(({ id, geometry, properties }) => ({
      id,
      ...(geometry ? { geometry } : {}),
      ...(properties ? { properties: fromJsonProperties(properties) } : {}),
    })),
    deletes: changes.deletes,
  };
}

/** Sent changes whose outcome is not known yet, and the features that looked like its inserts before. */
interface Unconfirmed {
  changes: PendingChanges;
  generation: number;
  preexisting: string[];
}

type JournalWrite = { ok: true } | { ok: false; error: unknown };

/** A layer read from the server, not yet applied to the session. */
interface FetchedLayer {
  schema: FeatureSchema;
  features: MapFeature[];
  skipped: number;
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let cancel: () => void = () => undefined;
  const timeout = new Promise<never>((_, reject) => {
    cancel = later(() => reject(new TimeoutError(timeoutMs, `${what}: not done within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => cancel());
}

/**
 * The feature edit state machine of spec section 4 for one layer. Loaded features are `exist`;
 * drawn ones `insert` (their local id doubles as the WFS Insert handle); an edited `exist` is
 * `update` for as long as it differs from the loaded copy; `remove` marks a loaded feature for
 * deletion. `save()` sends everything pending in one transaction. Edits are refused while a
 * load, save, redraw or restore is under way.
 *
 * Nothing pending is dropped unless the server proved it committed: a failed read changes
 * nothing, and a send whose outcome is unknown (timeout, dropped connection, unreadable answer)
 * is journaled before it goes out and reconciled with the server (see `reconcile.ts`) before
 * anything is sent again, by this session or by a later one restoring the journal.
 */
export class EditSession {
  private readonly source: FeatureSource;
  private readonly transactions: FeatureTransactions;
  private readonly journal: EditJournal | undefined;
  readonly typeName: string;
  readonly maxFeatures: number;

  private readonly events = new Emitter<EditSessionEvents>((event, error) => this.handlerFailed(event, error));
  private layerSchema: FeatureSchema | undefined;
  private loadedOnce = false;
  /** Server copies, in load order; the baseline updates are computed against. */
  private readonly loaded = new Map<string, MapFeature>();
  /** Edited copies of the loaded features touched by `update`; one back at its loaded values is simply no update. */
  private readonly edited = new Map<string, MapFeature>();
  private readonly removed = new Set<string>();
  private readonly drafts = new Map<string, Draft>();
  /**
   * Snapshots by id. Records are never changed in place (an edit stores a new one), so a
   * snapshot is current while its record and state are the same.
   */
  private views = new Map<string, View>();
  private localCounter = 0;
  private inFlight: { operation: EditOperation; promise: Promise<unknown> } | undefined;
  /** Sends so far; journaled, so a restored session continues the count. */
  private generation = 0;
  private unconfirmed: Unconfirmed | undefined;
  /** The last journal write, and the next one while it waits: changes made meanwhile join it. */
  private journalWrites: Promise<JournalWrite> = Promise.resolve({ ok: true });
  private journalQueued: Promise<JournalWrite> | undefined;

  constructor({ source, transactions, typeName, maxFeatures = DEFAULT_MAX_FEATURES, journal }: EditSessionOptions) {
    this.source = source;
    this.transactions = transactions;
    this.typeName = typeName;
    this.maxFeatures = maxFeatures;
    this.journal = journal;
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

  /** The layer's schema, known after the first load. */
  get schema(): FeatureSchema | undefined {
    return this.layerSchema && structuredClone(this.layerSchema);
  }

  /** The operation under way, if any; edits are refused until it ends. */
  get busy(): EditOperation | undefined {
    return this.inFlight?.operation;
  }

  /** True while a send's outcome is unknown: the next save first asks the server what it did. */
  get unconfirmedSend(): boolean {
    return this.unconfirmed !== undefined;
  }

  /**
   * Loads the layer (at most `maxFeatures`). Pending changes survive: they are re-applied on top
   * of the fresh server copies, and an unconfirmed send is reconciled. Rejects, and emits
   * `error`, when the server cannot be read; the session is then left exactly as it was.
   */
  load(): Promise<EditableFeature[]> {
    return this.run('load', () => this.loadKeepingChanges());
  }

  /** Drops every pending change and feature (and the journal), then loads again. */
  redraw(): Promise<EditableFeature[]> {
    return this.run('redraw', async () => {
      const layer = await this.fetchLayer();
      this.replaceLayer(layer, []);
      this.unconfirmed = undefined;
      void this.journalPending();
      return this.emitLoad(layer.skipped);
    });
  }

  /**
   * Loads the layer when nothing is loaded yet, then re-applies the journaled changes of this
   * layer on top. Call it instead of `load()` when a session starts, so that no journaled change
   * is overwritten. Applying the same entry twice changes nothing. A journaled send whose outcome
   * was never confirmed is reconciled with the server first, so what it committed is not
   * replayed. `null` when nothing is journaled, or when the journal cannot be read (reported as a
   * `journal` error).
   */
  restore(): Promise<RestoreReport | null> {
    return this.run('restore', async () => {
      if (!this.loadedOnce) await this.loadKeepingChanges();
      let entry: JournalEntry | null | undefined;
      try {
        entry = await this.journal?.load(this.typeName);
      } catch (error) {
        this.emitError('journal', error);
        return null;
      }
      if (!entry || entry.typeName !== this.typeName) return null;
      const changes = fromJournalChanges(entry);
      const { dropped, ids } = await this.apply(changes);
      this.generation = Math.max(this.generation, entry.generation ?? 0);
      if (entry.unconfirmed) {
        this.unconfirmed = { changes: fromJournalChanges(entry.unconfirmed), generation: entry.unconfirmed.generation, preexisting: entry.unconfirmed.preexisting };
        try {
          ids.push(...(await this.reconcileUnconfirmed()));
        } catch (error) {
          // Still unknown: the next save asks again before it sends.
          this.emitError('restore', error);
        }
      }
      void this.journalPending();
      this.events.emit('change', { reason: 'restore', ids: [...new Set(ids)] });
      const sentDeletes = new Set(entry.unconfirmed?.deletes ?? []);
      return {
        inserts: changes.inserts.length,
        updates: changes.updates.length,
        deletes: changes.deletes.length,
        dropped: dropped.filter((id) => !sentDeletes.has(id)),
      };
    });
  }

  /**
   * Every feature shown: loaded ones (edited copies, removed ones left out), then drawn ones.
   * Each is a snapshot ({@link EditableFeature}: frozen, its geometry shared with the session)
   * that keeps its identity until that feature changes, so a map can redraw only what changed;
   * edit through `update`, never by writing to a snapshot or its geometry.
   */
  features(): EditableFeature[] {
    const shown: EditableFeature[] = [];
    const views = new Map<string, View>();
    for (const id of [...this.loaded.keys(), ...this.drafts.keys()]) {
      const view = this.viewOf(id);
      if (!view || view.feature.state === 'remove') continue;
      views.set(id, view);
      shown.push(view.feature);
    }
    // Only what is shown stays cached: deleted and removed features fall out.
    this.views = views;
    return shown;
  }

  /** One feature by id (a snapshot, see {@link EditableFeature}), removed ones included with state `remove`; `undefined` for an unknown id. */
  feature(id: string): EditableFeature | undefined {
    return this.viewOf(id)?.feature;
  }

  /** The change-tracking state of a feature (`exist`, `insert`, `update`, `remove`); `undefined` for an unknown id. */
  stateOf(id: string): FeatureState | undefined {
    if (this.drafts.has(id)) return 'insert';
    if (!this.loaded.has(id)) return undefined;
    if (this.removed.has(id)) return 'remove';
    return this.updateOf(id) ? 'update' : 'exist';
  }

  /** Adds a drawn feature (state `insert`); its local id is returned and is also its Insert handle. */
  add(feature: { geometry: Geometry; properties?: Record<string, PropertyValue | undefined> }): string {
    this.assertIdle();
    this.assertGeometry(feature.geometry);
    const properties = definedProperties(feature.properties ?? {});
    this.assertWritable(properties);
    const id = this.newLocalId();
    this.drafts.set(id, { geometry: structuredClone(feature.geometry), properties });
    this.changed('add', [id]);
    return id;
  }

  /**
   * Changes a feature's geometry and merges properties. A drawn feature stays `insert`; a loaded
   * one is `update` while it differs from its loaded copy, and `exist` again once it does not.
   */
  update(id: string, changes: { geometry?: Geometry; properties?: Record<string, PropertyValue | undefined> }): void {
    this.assertIdle();
    if (changes.geometry !== undefined) this.assertGeometry(changes.geometry);
    const properties = definedProperties(changes.properties ?? {});
    this.assertWritable(properties);
    const draft = this.drafts.get(id);
    const original = this.loaded.get(id);
    if (draft) {
      this.drafts.set(id, edit(draft, changes.geometry, properties));
    } else if (original) {
      if (this.removed.has(id)) throw new ConflictError(`feature ${id}`, `feature ${id} is marked for removal`);
      this.edited.set(id, { id, ...edit(this.edited.get(id) ?? original, changes.geometry, properties) });
    } else {
      throw new NotFoundError(`feature ${id}`);
    }
    this.changed('update', [id]);
  }

  /** A drawn feature is dropped; a loaded one is marked `remove` (and its pending update discarded). */
  remove(id: string): void {
    this.assertIdle();
    if (this.drafts.delete(id)) {
      this.changed('remove', [id]);
      return;
    }
    if (!this.loaded.has(id)) throw new NotFoundError(`feature ${id}`);
    if (this.removed.has(id)) return;
    this.removed.add(id);
    this.edited.delete(id);
    this.changed('remove', [id]);
  }

  /** Pending changes: inserts with their handles, updates with only what changed, deletes by id. */
  pending(): PendingChanges {
    const updates: FeatureUpdate[] = [];
    for (const id of this.edited.keys()) {
      const update = this.updateOf(id);
      if (update) updates.push(update);
    }
    return {
      inserts: [...this.drafts].map(([handle, draft]) => ({ handle, ...structuredClone(draft) })),
      updates,
      deletes: [...this.removed],
    };
  }

  /**
   * Sends every pending change in one transaction; never rejects for a refused save. On success
   * the inserted and updated features are replaced by server copies reloaded by id. What the
   * server did not prove committed stays pending: a failure that says nothing was committed
   * changes nothing; a server that commits action by action (QGIS Server) settles what it
   * confirms by id and totals; a failure of unknown outcome is journaled as such and reconciled
   * with the server before the next send. Each failure emits `save:failed` with its `kind`.
   * Nothing is sent when the journal cannot record the send (kind `journal`).
   */
  save(): Promise<SaveOutcome> {
    return this.run('save', async () => {
      if (this.unconfirmed) {
        try {
          const ids = await this.reconcileUnconfirmed();
          if (ids.length > 0) this.events.emit('change', { reason: 'save', ids });
        } catch (error) {
          const message = `the outcome of the last save is still unknown: ${reportText(error)}`;
          return this.failed({ kind: classifyCommitError(error).kind, committed: 'unknown', message, failures: this.everyAction(this.pending(), message), error });
        }
      }
      const changes = this.pending();
      if (isEmpty(changes)) {
        const result = emptyResult();
        this.events.emit('save:success', { result });
        return { ok: true, result };
      }
      this.generation += 1;
      this.unconfirmed = { changes, generation: this.generation, preexisting: this.lookalikes(changes) };
      const journaled = await this.journalPending();
      if (!journaled.ok) {
        this.unconfirmed = undefined;
        const message = `the pending changes could not be journaled, so nothing was sent: ${reportText(journaled.error)}`;
        return this.failed({ kind: 'journal', committed: 'nothing-committed', message, failures: this.everyAction(changes, message), error: journaled.error });
      }
      let result: CommitResult;
      try {
        result = await this.transactions.commit({ typeName: this.typeName, ...changes });
      } catch (error) {
        const { kind, committed } = classifyCommitError(error);
        if (committed === 'nothing-committed') {
          this.unconfirmed = undefined;
          void this.journalPending();
        }
        const message = reportText(error);
        return this.failed({ kind, committed, message, failures: this.everyAction(changes, message), error });
      }
      const unproven = await this.settle(changes, result);
      const unprovenFailures = this.everyAction(unproven, 'not confirmed by the server').filter(
        (entry) => !result.failures.some((failure) => failure.kind === entry.kind && failure.ref === entry.ref),
      );
      if (result.failures.length === 0 && unprovenFailures.length === 0) {
        this.events.emit('save:success', { result });
        return { ok: true, result };
      }
      const failures = [...result.failures, ...unprovenFailures];
      const message = failures.map((failure) => `${failure.kind} ${failure.ref}: ${failure.message}`).join('; ');
      return this.failed({ kind: 'partial', committed: isEmpty(unproven) ? 'partly-committed' : 'unknown', message, failures, result });
    });
  }

  /** Resolves once every journal write queued so far has finished. */
  async flushJournal(): Promise<void> {
    await this.journalWrites;
  }

  private failed(failure: SaveFailure): SaveOutcome {
    this.events.emit('save:failed', failure);
    return { ok: false, failure };
  }

  private emitError(operation: EditSessionEvents['error']['operation'], error: unknown, message = reportText(error)): void {
    this.events.emit('error', { operation, error, message });
  }

  /** A handler's error is reported; one thrown by an `error` handler goes to the host (window.onerror), never to the caller. */
  private handlerFailed(event: keyof EditSessionEvents, error: unknown): void {
    if (event === 'error') {
      later(() => {
        throw error;
      });
      return;
    }
    this.emitError('handler', error, `${event} handler: ${reportText(error)}`);
  }

  private run<T>(operation: EditOperation, work: () => Promise<T>): Promise<T> {
    if (this.inFlight) {
      if (this.inFlight.operation === operation) return this.inFlight.promise as Promise<T>;
      return Promise.reject(new ConflictError('edit session', `cannot ${operation} while a ${this.inFlight.operation} is under way`));
    }
    // Started on the next microtask, so the operation is marked under way before any of it runs.
    const promise = Promise.resolve()
      .then(work)
      .catch((error: unknown) => {
        this.emitError(operation, error);
        throw error;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    this.inFlight = { operation, promise };
    return promise;
  }

  private assertIdle(): void {
    if (this.inFlight) throw new ConflictError('edit session', `no edits while a ${this.inFlight.operation} is under way`);
  }

  private assertGeometry(geometry: unknown): void {
    if (!isGeometry(geometry)) throw new ValidationError({ geometry: 'not a GeoJSON geometry' });
  }

  /** Once the schema is known, unknown and server-filled properties are refused before anything is sent. */
  private assertWritable(properties: Properties): void {
    const schema = this.layerSchema;
    if (!schema) return;
    const problems: Record<string, string> = {};
    for (const name of Object.keys(properties)) {
      if (!schema.properties.some((property) => property.name === name)) problems[name] = `unknown property '${name}'`;
      else if (schema.readOnly?.includes(name)) problems[name] = `property '${name}' is read-only`;
    }
    if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  }

  private newLocalId(): string {
    let id: string;
    do id = `new-${++this.localCounter}`;
    while (this.drafts.has(id) || this.loaded.has(id));
    return id;
  }

  /** What an edited loaded feature would send: changed properties only, the geometry only if changed. */
  private updateOf(id: string): FeatureUpdate | undefined {
    const original = this.loaded.get(id);
    const edited = this.edited.get(id);
    if (!original || !edited || this.removed.has(id)) return undefined;
    const properties: Properties = {};
    for (const [name, value] of Object.entries(edited.properties)) {
      if (!sameValue(value, original.properties[name])) properties[name] = structuredClone(value);
    }
    const geometryChanged = !sameGeometry(edited.geometry, original.geometry);
    const hasProperties = Object.keys(properties).length > 0;
    if (!geometryChanged && !hasProperties) return undefined;
    return { id, ...(geometryChanged ? { geometry: structuredClone(edited.geometry) } : {}), ...(hasProperties ? { properties } : {}) };
  }

  /** Reads everything first and changes the session only once every read succeeded. */
  private async loadKeepingChanges(): Promise<EditableFeature[]> {
    const carried = this.pending();
    const layer = await this.fetchLayer();
    const extra = await this.fetchMissing(carried, new Set(layer.features.map((feature) => feature.id)));
    this.replaceLayer(layer, extra);
    if (!isEmpty(carried)) {
      this.applyFetched(carried);
      void this.journalPending();
    }
    if (this.unconfirmed) {
      // Fresh copies may already hold what a lost answer committed: settle it so it is not shown twice.
      try {
        await this.reconcileUnconfirmed();
      } catch (error) {
        this.emitError('load', error);
      }
    }
    return this.emitLoad(layer.skipped);
  }

  private viewOf(id: string): View | undefined {
    const source = this.drafts.get(id) ?? this.edited.get(id) ?? this.loaded.get(id);
    const state = this.stateOf(id);
    if (!source || !state) return undefined;
    const cached = this.views.get(id);
    if (cached && cached.source === source && cached.state === state) return cached;
    const view = { source, state, feature: snapshotOf(id, source, state) };
    this.views.set(id, view);
    return view;
  }

  private async fetchLayer(): Promise<FetchedLayer> {
    const [schema, set] = await Promise.all([
      this.source.describe(this.typeName),
      this.source.getFeatures({ typeName: this.typeName, maxFeatures: this.maxFeatures }),
    ]);
    return { schema, features: set.features, skipped: set.skipped };
  }

  private replaceLayer(layer: FetchedLayer, extra: MapFeature[]): void {
    this.layerSchema = layer.schema;
    this.loaded.clear();
    this.edited.clear();
    this.removed.clear();
    this.drafts.clear();
    for (const feature of [...layer.features, ...extra]) this.loaded.set(feature.id, feature);
    this.loadedOnce = true;
  }

  private emitLoad(skipped: number): EditableFeature[] {
    const features = this.features();
    this.events.emit('load', { features, skipped });
    return features;
  }

  /** Features that changes name but that are not among `present` (beyond `maxFeatures`), fetched by id. */
  private async fetchMissing(changes: PendingChanges, present: ReadonlySet<string>): Promise<MapFeature[]> {
    const named = [...new Set([...changes.updates.map((update) => update.id), ...changes.deletes])];
    const missing = named.filter((id) => !present.has(id));
    if (missing.length === 0) return [];
    const { features } = await this.source.getFeatures({ typeName: this.typeName, featureIds: missing, maxFeatures: missing.length });
    return features;
  }

  /**
   * Applies changes on top of the loaded features. Features they name that the load did not
   * bring (beyond `maxFeatures`) are fetched by id first; those the server no longer has are dropped.
   */
  private async apply(changes: PendingChanges): Promise<{ dropped: string[]; ids: string[] }> {
    for (const feature of await this.fetchMissing(changes, new Set(this.loaded.keys()))) this.loaded.set(feature.id, feature);
    return this.applyFetched(changes);
  }

  private applyFetched(changes: PendingChanges): { dropped: string[]; ids: string[] } {
    const named = [...new Set([...changes.updates.map((update) => update.id), ...changes.deletes])];
    const ids: string[] = [];
    for (const insert of changes.inserts) {
      // A handle already drafted is the same feature (whoever drafted it since wrote the journal).
      const id = this.loaded.has(insert.handle) ? this.newLocalId() : insert.handle;
      this.drafts.set(id, { geometry: structuredClone(insert.geometry), properties: structuredClone(insert.properties) });
      ids.push(id);
    }
    for (const update of changes.updates) {
      const original = this.loaded.get(update.id);
      if (!original) continue;
      this.edited.set(update.id, { id: update.id, ...edit(original, update.geometry, structuredClone(update.properties ?? {})) });
      ids.push(update.id);
    }
    for (const id of changes.deletes) {
      if (!this.loaded.has(id)) continue;
      this.removed.add(id);
      this.edited.delete(id);
      ids.push(id);
    }
    return { dropped: named.filter((id) => !this.loaded.has(id)), ids };
  }

  /** Loaded features equal to an insert about to be sent: a later reconciliation must not take them for it. */
  private lookalikes(changes: PendingChanges): string[] {
    if (changes.inserts.length === 0) return [];
    return [...this.loaded.values()]
      .filter((feature) => changes.inserts.some((insert) => holdsSent(feature, insert.geometry, insert.properties)))
      .map((feature) => feature.id);
  }

  /**
   * Asks the server what became of the unconfirmed send and settles what it committed; what it
   * did not stays pending. Edits made since are kept on top. Throws (and changes nothing) when
   * the server cannot be read. Returns the ids that changed.
   */
  private async reconcileUnconfirmed(): Promise<string[]> {
    const unconfirmed = this.unconfirmed;
    if (!unconfirmed) return [];
    const found = await reconcile(this.source, this.typeName, unconfirmed.changes, unconfirmed.preexisting);
    const ids: string[] = [];
    for (const insert of unconfirmed.changes.inserts) {
      const copy = found.inserted.get(insert.handle);
      if (!copy) continue;
      const draft = this.drafts.get(insert.handle);
      this.drafts.delete(insert.handle);
      this.loaded.set(copy.id, copy);
      // Removed since it was sent: the server has it, so it is to be deleted now.
      if (!draft) this.removed.add(copy.id);
      // Edited since: the edit becomes an update of the committed feature.
      else if (!holdsSent(copy, draft.geometry, draft.properties)) this.edited.set(copy.id, { id: copy.id, ...draft });
      ids.push(insert.handle, copy.id);
    }
    for (const [id, copy] of found.updated) {
      this.loaded.set(id, copy);
      ids.push(id);
    }
    for (const id of [...found.gone, ...found.deleted]) {
      this.loaded.delete(id);
      this.edited.delete(id);
      this.removed.delete(id);
      ids.push(id);
    }
    this.unconfirmed = undefined;
    void this.journalPending();
    return ids;
  }

  /**
   * Clears what the server proved committed (an id for an insert; for updates and deletes, not
   * named as failed and accounted for by the totals), keeps what it refused, and reloads the
   * committed features. Returns what is neither proven committed nor refused: it stays pending
   * and unconfirmed, to be reconciled before the next send.
   */
  private async settle(sent: PendingChanges, result: CommitResult): Promise<PendingChanges> {
    const named = (kind: ActionFailure['kind'], ref: string) => result.failures.some((failure) => failure.kind === kind && failure.ref === ref);
    const insertedIds = new Map(result.inserted.map(({ handle, id }) => [handle, id]));
    const unproven: PendingChanges = { inserts: [], updates: [], deletes: [] };
    const settled: string[] = [];
    const reload: string[] = [];
    for (const insert of sent.inserts) {
      const id = insertedIds.get(insert.handle);
      if (id === undefined) {
        if (!named('insert', insert.handle)) unproven.inserts.push(insert);
        continue;
      }
      this.drafts.delete(insert.handle);
      // The local copy stands in until (or unless) the server copy arrives.
      this.loaded.set(id, { id, geometry: insert.geometry, properties: insert.properties });
      settled.push(insert.handle, id);
      reload.push(id);
    }
    const updates = this.proven('update', sent.updates.map((update) => update.id), result.totals.updated, result.failures);
    for (const update of sent.updates) {
      if (updates.unproven.includes(update.id)) unproven.updates.push(update);
      const edited = this.edited.get(update.id);
      if (!updates.committed.includes(update.id) || !edited) continue;
      this.loaded.set(update.id, edited);
      this.edited.delete(update.id);
      settled.push(update.id);
      reload.push(update.id);
    }
    const deletes = this.proven('delete', sent.deletes, result.totals.deleted, result.failures);
    unproven.deletes.push(...deletes.unproven);
    for (const id of deletes.committed) {
      this.loaded.delete(id);
      this.removed.delete(id);
      settled.push(id);
    }
    this.unconfirmed = isEmpty(unproven) ? undefined : { ...(this.unconfirmed as Unconfirmed), changes: unproven };
    if (reload.length > 0) {
      try {
        const { features } = await this.source.getFeatures({ typeName: this.typeName, featureIds: reload, maxFeatures: reload.length });
        for (const feature of features) if (this.loaded.has(feature.id)) this.loaded.set(feature.id, feature);
      } catch (error) {
        // The commit stands; the local copies are kept and the reader is told the reload failed.
        this.emitError('save', error);
      }
    }
    void this.journalPending();
    if (settled.length > 0) this.events.emit('change', { reason: 'save', ids: settled });
    return unproven;
  }

  /**
   * Splits the sent updates or deletes: those a failure names were refused; the others are
   * committed only when the server's total accounts for each of them and no failure is left
   * unmatched, otherwise their outcome is unknown.
   */
  private proven(kind: 'update' | 'delete', ids: string[], total: number, failures: ActionFailure[]): { committed: string[]; unproven: string[] } {
    const ofKind = failures.filter((failure) => failure.kind === kind);
    const refused = new Set(ofKind.filter((failure) => ids.includes(failure.ref)).map((failure) => failure.ref));
    const rest = ids.filter((id) => !refused.has(id));
    const unmatched = ofKind.some((failure) => !ids.includes(failure.ref));
    return !unmatched && total >= rest.length ? { committed: rest, unproven: [] } : { committed: [], unproven: rest };
  }

  /** A transaction that failed as a whole failed every one of its actions. */
  private everyAction(changes: PendingChanges, message: string): ActionFailure[] {
    return [
      ...changes.inserts.map((insert) => ({ kind: 'insert' as const, ref: insert.handle, message })),
      ...changes.updates.map((update) => ({ kind: 'update' as const, ref: update.id, message })),
      ...changes.deletes.map((id) => ({ kind: 'delete' as const, ref: id, message })),
    ];
  }

  private changed(reason: ChangeReason, ids: string[]): void {
    void this.journalPending();
    this.events.emit('change', { reason, ids });
  }

  private journalEntry(): JournalEntry | null {
    const changes = this.pending();
    const unconfirmed: UnconfirmedSend | undefined = this.unconfirmed && {
      ...toJournalChanges(this.unconfirmed.changes),
      generation: this.unconfirmed.generation,
      preexisting: this.unconfirmed.preexisting,
    };
    if (isEmpty(changes) && !unconfirmed) return null;
    return {
      version: JOURNAL_VERSION,
      typeName: this.typeName,
      savedAt: new Date().toISOString(),
      ...toJournalChanges(changes),
      generation: this.generation,
      ...(unconfirmed ? { unconfirmed } : {}),
    };
  }

  /**
   * Writes the pending changes (or clears the journal when nothing is pending). One write runs at
   * a time; changes made meanwhile are coalesced into the one queued next, which reads the state
   * when it starts, so a burst of edits costs two writes. Each write is bounded in time. A failed
   * write is reported at once as a `journal` error; the edits stay in the session. Resolves
   * with the outcome of the write it joined.
   */
  private journalPending(): Promise<JournalWrite> {
    const journal = this.journal;
    if (!journal) return Promise.resolve({ ok: true });
    if (this.journalQueued) return this.journalQueued;
    const queued = this.journalWrites.then(async () => {
      this.journalQueued = undefined;
      const entry = this.journalEntry();
      try {
        const write = entry ? journal.save(entry) : journal.clear(this.typeName);
        await withTimeout(write, JOURNAL_WRITE_TIMEOUT_MS, `journal of ${this.typeName}`);
        return { ok: true } as const;
      } catch (error) {
        this.emitError('journal', error);
        return { ok: false, error } as const;
      }
    });
    this.journalQueued = queued;
    this.journalWrites = queued;
    return queued;
  }
}
