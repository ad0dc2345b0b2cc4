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
import { fromJsonProperties, JOURNAL_VERSION, toJsonProperties, type JournalEntry } from '../domain/journal.js';
import { ConflictError, MapServerError, NotFoundError, ValidationError } from '../errors/errors.js';
import type { EditJournal } from '../ports/edit-journal.port.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import type { FeatureTransactions } from '../ports/feature-transactions.port.js';
import { Emitter } from '../util/emitter.js';

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

/** A feature as the session shows it: the edited copy, with its change-tracking state. */
export interface EditableFeature extends MapFeature {
  state: FeatureState;
}

/** Every change not yet saved, in the form one transaction sends them. */
export interface PendingChanges {
  inserts: FeatureInsert[];
  updates: FeatureUpdate[];
  deletes: string[];
}

export interface SaveFailure {
  /** The server's report or response text. */
  message: string;
  /** The actions that failed and stay pending; every action sent when the whole transaction failed. */
  failures: ActionFailure[];
  /** The error of a transaction that failed as a whole (nothing was committed). */
  error?: unknown;
  /** The answer of a server that committed some actions and refused others. */
  result?: CommitResult;
}

export type SaveOutcome = { ok: true; result: CommitResult } | { ok: false; failure: SaveFailure };

export type EditOperation = 'load' | 'save' | 'redraw' | 'restore';

export type ChangeReason = 'add' | 'update' | 'remove' | 'save' | 'restore';

export interface RestoreReport {
  inserts: number;
  updates: number;
  deletes: number;
  /** Updated or removed features the server no longer has; their changes are dropped. */
  dropped: string[];
}

export interface EditSessionEvents {
  load: { features: EditableFeature[]; skipped: number };
  change: { reason: ChangeReason; ids: string[] };
  'save:success': { result: CommitResult };
  'save:failed': SaveFailure;
  /** A failed load, redraw or restore (which also reject), a failed reload after a save, or a failed journal write. */
  error: { operation: EditOperation | 'journal'; error: unknown; message: string };
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

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
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

/**
 * The feature edit state machine of spec section 4 for one layer. Loaded features are `exist`;
 * drawn ones `insert` (their local id doubles as the WFS Insert handle); an edited `exist` is
 * `update` for as long as it differs from the loaded copy; `remove` marks a loaded feature for
 * deletion. `save()` sends everything pending in one transaction. Edits are refused while a
 * load, save, redraw or restore is under way.
 */
export class EditSession {
  private readonly source: FeatureSource;
  private readonly transactions: FeatureTransactions;
  private readonly journal: EditJournal | undefined;
  readonly typeName: string;
  readonly maxFeatures: number;

  private readonly events = new Emitter<EditSessionEvents>();
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
  private journalWrites: Promise<void> = Promise.resolve();

  constructor({ source, transactions, typeName, maxFeatures = DEFAULT_MAX_FEATURES, journal }: EditSessionOptions) {
    this.source = source;
    this.transactions = transactions;
    this.typeName = typeName;
    this.maxFeatures = maxFeatures;
    this.journal = journal;
  }

  on<Name extends keyof EditSessionEvents>(event: Name, handler: (payload: EditSessionEvents[Name]) => void): () => void {
    return this.events.on(event, handler);
  }

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

  /**
   * Loads the layer (at most `maxFeatures`). Pending changes survive: they are re-applied on top
   * of the fresh server copies. Rejects, and emits `error`, when the server cannot be read.
   */
  load(): Promise<EditableFeature[]> {
    return this.run('load', () => this.loadKeepingChanges());
  }

  /** Drops every pending change and feature (and the journal), then loads again. */
  redraw(): Promise<EditableFeature[]> {
    return this.run('redraw', async () => {
      this.loaded.clear();
      this.edited.clear();
      this.removed.clear();
      this.drafts.clear();
      this.journalPending();
      const skipped = await this.fetchLayer();
      return this.emitLoad(skipped);
    });
  }

  /**
   * Loads the layer when nothing is loaded yet, then re-applies the journaled changes of this
   * layer on top. Call it instead of `load()` when a session starts, so that no journaled change
   * is overwritten. Applying the same entry twice changes nothing. `null` when nothing is journaled.
   */
  restore(): Promise<RestoreReport | null> {
    return this.run('restore', async () => {
      if (!this.loadedOnce) await this.loadKeepingChanges();
      const entry = await this.journal?.load(this.typeName);
      if (!entry || entry.typeName !== this.typeName) return null;
      const changes: PendingChanges = {
        inserts: entry.inserts.map(({ handle, geometry, properties }) => ({ handle, geometry, properties: fromJsonProperties(properties) })),
        updates: entry.updates.map(({ id, geometry, properties }) => ({
          id,
          ...(geometry ? { geometry } : {}),
          ...(properties ? { properties: fromJsonProperties(properties) } : {}),
        })),
        deletes: entry.deletes,
      };
      const { dropped, ids } = await this.apply(changes);
      this.journalPending();
      this.events.emit('change', { reason: 'restore', ids });
      return { inserts: changes.inserts.length, updates: changes.updates.length, deletes: changes.deletes.length, dropped };
    });
  }

  /**
   * Every feature shown: loaded ones (edited copies, removed ones left out), then drawn ones.
   * Each is a frozen snapshot that keeps its identity until that feature changes, so a map can
   * redraw only what changed; edit through `update`, never by writing to a snapshot.
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

  /** One feature by id (a frozen snapshot), removed ones included with state `remove`; `undefined` for an unknown id. */
  feature(id: string): EditableFeature | undefined {
    return this.viewOf(id)?.feature;
  }

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
   * the inserted and updated features are replaced by server copies reloaded by id. When the
   * whole transaction fails nothing changes; when a server commits action by action (QGIS
   * Server), what succeeded is settled and what failed stays pending. Either failure emits
   * `save:failed` with the server's text and the failed actions.
   */
  save(): Promise<SaveOutcome> {
    return this.run('save', async () => {
      const changes = this.pending();
      if (isEmpty(changes)) {
        const result = emptyResult();
        this.events.emit('save:success', { result });
        return { ok: true, result };
      }
      let result: CommitResult;
      try {
        result = await this.transactions.commit({ typeName: this.typeName, ...changes });
      } catch (error) {
        const message = reportText(error);
        const failure: SaveFailure = { message, failures: this.everyAction(changes, message), error };
        this.events.emit('save:failed', failure);
        return { ok: false, failure };
      }
      await this.settle(changes, result);
      if (result.failures.length === 0) {
        this.events.emit('save:success', { result });
        return { ok: true, result };
      }
      const message = result.failures.map((failure) => `${failure.kind} ${failure.ref}: ${failure.message}`).join('; ');
      const failure: SaveFailure = { message, failures: result.failures, result };
      this.events.emit('save:failed', failure);
      return { ok: false, failure };
    });
  }

  /** Resolves once every journal write queued so far has finished. */
  flushJournal(): Promise<void> {
    return this.journalWrites;
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
        this.events.emit('error', { operation, error, message: reportText(error) });
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

  private async loadKeepingChanges(): Promise<EditableFeature[]> {
    const carried = this.pending();
    const skipped = await this.fetchLayer();
    if (!isEmpty(carried)) {
      await this.apply(carried);
      this.journalPending();
    }
    return this.emitLoad(skipped);
  }

  private viewOf(id: string): View | undefined {
    const source = this.drafts.get(id) ?? this.edited.get(id) ?? this.loaded.get(id);
    const state = this.stateOf(id);
    if (!source || !state) return undefined;
    const cached = this.views.get(id);
    if (cached && cached.source === source && cached.state === state) return cached;
    const view = { source, state, feature: deepFreeze({ id, geometry: structuredClone(source.geometry), properties: structuredClone(source.properties), state }) };
    this.views.set(id, view);
    return view;
  }

  private async fetchLayer(): Promise<number> {
    const [schema, set] = await Promise.all([
      this.source.describe(this.typeName),
      this.source.getFeatures({ typeName: this.typeName, maxFeatures: this.maxFeatures }),
    ]);
    this.layerSchema = schema;
    this.loaded.clear();
    this.edited.clear();
    this.removed.clear();
    this.drafts.clear();
    for (const feature of set.features) this.loaded.set(feature.id, feature);
    this.loadedOnce = true;
    return set.skipped;
  }

  private emitLoad(skipped: number): EditableFeature[] {
    const features = this.features();
    this.events.emit('load', { features, skipped });
    return features;
  }

  /**
   * Applies changes on top of the loaded features. Features they name that the load did not
   * bring (beyond `maxFeatures`) are fetched by id; those the server no longer has are dropped.
   */
  private async apply(changes: PendingChanges): Promise<{ dropped: string[]; ids: string[] }> {
    const named = [...new Set([...changes.updates.map((update) => update.id), ...changes.deletes])];
    const missing = named.filter((id) => !this.loaded.has(id));
    if (missing.length > 0) {
      const { features } = await this.source.getFeatures({ typeName: this.typeName, featureIds: missing, maxFeatures: missing.length });
      for (const feature of features) this.loaded.set(feature.id, feature);
    }
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

  /** Clears what the server committed, keeps what it refused, and reloads the committed features. */
  private async settle(sent: PendingChanges, result: CommitResult): Promise<void> {
    const failed = (kind: ActionFailure['kind'], ref: string) =>
      result.failures.some((failure) => failure.kind === kind && failure.ref === ref);
    const insertedIds = new Map(result.inserted.map(({ handle, id }) => [handle, id]));
    const settled: string[] = [];
    const reload: string[] = [];
    for (const insert of sent.inserts) {
      const id = insertedIds.get(insert.handle);
      // No id for the handle: not committed, so it stays pending.
      if (id === undefined) continue;
      this.drafts.delete(insert.handle);
      // The local copy stands in until (or unless) the server copy arrives.
      this.loaded.set(id, { id, geometry: insert.geometry, properties: insert.properties });
      settled.push(insert.handle, id);
      reload.push(id);
    }
    for (const update of sent.updates) {
      const edited = this.edited.get(update.id);
      if (failed('update', update.id) || !edited) continue;
      this.loaded.set(update.id, edited);
      this.edited.delete(update.id);
      settled.push(update.id);
      reload.push(update.id);
    }
    for (const id of sent.deletes) {
      if (failed('delete', id)) continue;
      this.loaded.delete(id);
      this.removed.delete(id);
      settled.push(id);
    }
    if (reload.length > 0) {
      try {
        const { features } = await this.source.getFeatures({ typeName: this.typeName, featureIds: reload, maxFeatures: reload.length });
        for (const feature of features) if (this.loaded.has(feature.id)) this.loaded.set(feature.id, feature);
      } catch (error) {
        // The commit stands; the local copies are kept and the reader is told the reload failed.
        this.events.emit('error', { operation: 'save', error, message: reportText(error) });
      }
    }
    this.journalPending();
    if (settled.length > 0) this.events.emit('change', { reason: 'save', ids: settled });
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
    this.journalPending();
    this.events.emit('change', { reason, ids });
  }

  /** Queues a journal write of the pending changes (or its clearing when nothing is pending), in order. */
  private journalPending(): void {
    const journal = this.journal;
    if (!journal) return;
    const changes = this.pending();
    const entry: JournalEntry | null = isEmpty(changes)
      ? null
      : {
          version: JOURNAL_VERSION,
          typeName: this.typeName,
          savedAt: new Date().toISOString(),
          inserts: changes.inserts.map(({ handle, geometry, properties }) => ({ handle, geometry, properties: toJsonProperties(properties) })),
          updates: changes.updates.map(({ id, geometry, properties }) => ({
            id,
            ...(geometry ? { geometry } : {}),
            ...(properties ? { properties: toJsonProperties(properties) } : {}),
          })),
          deletes: changes.deletes,
        };
    this.journalWrites = this.journalWrites
      .then(() => (entry ? journal.save(entry) : journal.clear(this.typeName)))
      .catch((error: unknown) => {
        this.events.emit('error', { operation: 'journal', error, message: reportText(error) });
      });
  }
}
