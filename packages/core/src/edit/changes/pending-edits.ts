import type { FeatureState, FeatureUpdate, MapFeature, Properties, PropertyValue } from '../../domain/feature.js';
import type { Geometry } from '../../domain/geometry.js';
import { ConflictError, NotFoundError } from '../../errors/errors.js';
import type { Draft, EditableFeature, FeatureEntry, PendingChanges } from '../session-types.js';
import { holdsSent } from './stored-equality.js';

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
  for (const [name, value] of Object.entries(record.properties)) setProperty(properties, name, value instanceof Date ? new Date(value.getTime()) : value);
  return Object.freeze({ id, geometry: Object.freeze(record.geometry), properties: Object.freeze(properties), state });
}

export function sameValue(a: PropertyValue | undefined, b: PropertyValue | undefined): boolean {
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  return (a ?? null) === (b ?? null);
}

function sameCoordinates(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return a === b;
  return a.length === b.length && a.every((item, index) => sameCoordinates(item, b[index]));
}

export function sameGeometry(a: Geometry, b: Geometry): boolean {
  return a.type === b.type && sameCoordinates(a.coordinates, b.coordinates);
}

/**
 * Sets a property as an own field, whatever its name: a plain assignment of `__proto__` (a key a
 * pasted or imported JSON may hold) would set the object's prototype instead, hiding the key from
 * every check after.
 */
export function setProperty(properties: Properties, name: string, value: PropertyValue): void {
  Object.defineProperty(properties, name, { value, enumerable: true, writable: true, configurable: true });
}

/** Properties without `undefined` values (they mean "not given"), copied. */
export function definedProperties(properties: Record<string, PropertyValue | undefined>): Properties {
  const result: Properties = {};
  for (const [key, value] of Object.entries(properties)) if (value !== undefined) setProperty(result, key, structuredClone(value));
  return result;
}

/** A new record with the geometry replaced (when given) and the properties merged; the old one is left as it was. */
function edit(record: Draft, geometry: Geometry | undefined, properties: Properties): Draft {
  return { geometry: geometry ? structuredClone(geometry) : record.geometry, properties: { ...record.properties, ...properties } };
}

export function isEmpty(changes: PendingChanges): boolean {
  return changes.inserts.length === 0 && changes.updates.length === 0 && changes.deletes.length === 0;
}

/** A map that tells its owner of every change: what is shown is built again only after one. */
class WatchedMap<K, V> extends Map<K, V> {
  constructor(private readonly changed: () => void) {
    super();
  }

  override set(key: K, value: V): this {
    this.changed();
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    const had = super.delete(key);
    if (had) this.changed();
    return had;
  }

  override clear(): void {
    if (this.size > 0) this.changed();
    super.clear();
  }
}

/** A set that tells its owner of every change (see {@link WatchedMap}). */
class WatchedSet<T> extends Set<T> {
  constructor(private readonly changed: () => void) {
    super();
  }

  override add(value: T): this {
    if (!this.has(value)) this.changed();
    return super.add(value);
  }

  override delete(value: T): boolean {
    const had = super.delete(value);
    if (had) this.changed();
    return had;
  }

  override clear(): void {
    if (this.size > 0) this.changed();
    super.clear();
  }
}

/**
 * The pending changes of one layer and their states (spec section 4): the server copies as
 * loaded, the edited copies of those touched by `update`, the ones marked for removal, and the
 * drawn drafts. Records are never changed in place (an edit stores a new one), so snapshots and
 * geometries can be shared. The four records are read through read-only views and changed only
 * through the methods below, each named for what happened (a commit, a reload, a conflict
 * settled), so the features shown are rebuilt after every change. Knows nothing of servers,
 * events or the journal.
 */
export class PendingEdits {
  /** Every change to the four records below, since the features shown were last listed. */
  private readonly changed = () => (this.shown = undefined);
  /** Server copies, in load order; the baseline updates are computed against. */
  private readonly serverCopies: Map<string, MapFeature> = new WatchedMap(this.changed);
  /** Edited copies of the loaded features touched by `update`; one back at its loaded values is simply no update. */
  private readonly editedCopies: Map<string, MapFeature> = new WatchedMap(this.changed);
  private readonly removals: Set<string> = new WatchedSet(this.changed);
  private readonly draftRecords: Map<string, Draft> = new WatchedMap(this.changed);
  /**
   * The features shown, as last listed, until a record changes: a session asked for them after
   * every event (a map's redraw, a screen's render) lists thousands of features once per change.
   */
  private shown: EditableFeature[] | undefined;
  /**
   * Snapshots by id. A snapshot is current while its record and state are the same.
   */
  private views = new Map<string, View>();
  /** The last `new-<n>` handed out; journaled, so local ids are never reused within a layer's journal. */
  private localCounter = 0;

  /** Server copies, in load order. */
  get loaded(): ReadonlyMap<string, MapFeature> {
    return this.serverCopies;
  }

  /** Edited copies of loaded features. */
  get edited(): ReadonlyMap<string, MapFeature> {
    return this.editedCopies;
  }

  /** Loaded features marked for removal. */
  get removed(): ReadonlySet<string> {
    return this.removals;
  }

  /** Drawn features not saved yet, by local id. */
  get drafts(): ReadonlyMap<string, Draft> {
    return this.draftRecords;
  }

  get lastLocalId(): number {
    return this.localCounter;
  }

  /** Never hands out `last` or below, nor any of `handles` (ids of a journal written before the counter was). */
  reserveLocalIds(last: number, handles: Iterable<string>): void {
    let highest = last;
    for (const handle of handles) {
      const match = /^new-(\d+)$/.exec(handle);
      if (match) highest = Math.max(highest, Number(match[1]));
    }
    this.localCounter = Math.max(this.localCounter, highest);
  }

  /** Every feature shown: loaded ones (edited copies, removed ones left out), then drawn ones. */
  features(): EditableFeature[] {
    if (this.shown) return [...this.shown];
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
    this.shown = shown;
    return [...shown];
  }

  feature(id: string): EditableFeature | undefined {
    return this.viewOf(id)?.feature;
  }

  stateOf(id: string): FeatureState | undefined {
    if (this.drafts.has(id)) return 'insert';
    if (!this.loaded.has(id)) return undefined;
    if (this.removed.has(id)) return 'remove';
    return this.updateOf(id) ? 'update' : 'exist';
  }

  /** Adds a draft with copies of its geometry and (already copied) properties; returns its local id. */
  add(geometry: Geometry, properties: Properties): string {
    const id = this.newLocalId();
    this.draftRecords.set(id, { geometry: structuredClone(geometry), properties });
    return id;
  }

  update(id: string, geometry: Geometry | undefined, properties: Properties): void {
    const draft = this.drafts.get(id);
    const original = this.loaded.get(id);
    if (draft) {
      this.draftRecords.set(id, edit(draft, geometry, properties));
    } else if (original) {
      if (this.removed.has(id)) throw new ConflictError(`feature ${id}`, `feature ${id} is marked for removal`);
      this.editedCopies.set(id, { id, ...edit(this.edited.get(id) ?? original, geometry, properties) });
    } else {
      throw new NotFoundError(`feature ${id}`);
    }
  }

  /** Drops a draft or marks a loaded feature for removal; false when it already was. */
  remove(id: string): boolean {
    if (this.draftRecords.delete(id)) return true;
    if (!this.loaded.has(id)) throw new NotFoundError(`feature ${id}`);
    if (this.removed.has(id)) return false;
    this.removals.add(id);
    this.editedCopies.delete(id);
    return true;
  }

  /** What is held for one feature, sharing its records (see {@link FeatureEntry}). */
  entryOf(id: string): FeatureEntry {
    const draft = this.drafts.get(id);
    const edited = this.edited.get(id);
    return { ...(draft ? { draft } : {}), ...(edited ? { edited } : {}), removed: this.removed.has(id) };
  }

  /** Puts back what was held for one feature (an undo or redo); a draft put back is shown last. */
  setEntry(id: string, entry: FeatureEntry): void {
    if (entry.draft) this.draftRecords.set(id, entry.draft);
    else this.draftRecords.delete(id);
    if (entry.edited) this.editedCopies.set(id, entry.edited);
    else this.editedCopies.delete(id);
    if (entry.removed) this.removals.add(id);
    else this.removals.delete(id);
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

  /** What an edited loaded feature would send: changed properties only, the geometry only if changed. */
  updateOf(id: string): FeatureUpdate | undefined {
    const original = this.loaded.get(id);
    const edited = this.edited.get(id);
    if (!original || !edited || this.removed.has(id)) return undefined;
    const properties: Properties = {};
    for (const [name, value] of Object.entries(edited.properties)) {
      if (!sameValue(value, original.properties[name])) setProperty(properties, name, structuredClone(value));
    }
    const geometryChanged = !sameGeometry(edited.geometry, original.geometry);
    const hasProperties = Object.keys(properties).length > 0;
    if (!geometryChanged && !hasProperties) return undefined;
    return { id, ...(geometryChanged ? { geometry: structuredClone(edited.geometry) } : {}), ...(hasProperties ? { properties } : {}) };
  }

  /** Forgets every change and feature, then holds the given server copies. */
  replace(features: MapFeature[]): void {
    this.serverCopies.clear();
    this.editedCopies.clear();
    this.removals.clear();
    this.draftRecords.clear();
    for (const feature of features) this.serverCopies.set(feature.id, feature);
  }

  /** Applies changes on top of the loaded features; those naming a feature not loaded are dropped. */
  apply(changes: PendingChanges): { dropped: string[]; ids: string[] } {
    const named = [...new Set([...changes.updates.map((update) => update.id), ...changes.deletes])];
    const ids: string[] = [];
    for (const insert of changes.inserts) {
      // A handle already drafted is the same feature (whoever drafted it since wrote the journal).
      const id = this.loaded.has(insert.handle) ? this.newLocalId() : insert.handle;
      this.draftRecords.set(id, { geometry: structuredClone(insert.geometry), properties: structuredClone(insert.properties) });
      ids.push(id);
    }
    for (const update of changes.updates) {
      const original = this.loaded.get(update.id);
      if (!original) continue;
      this.editedCopies.set(update.id, { id: update.id, ...edit(original, update.geometry, structuredClone(update.properties ?? {})) });
      ids.push(update.id);
    }
    for (const id of changes.deletes) {
      if (!this.loaded.has(id)) continue;
      this.removals.add(id);
      this.editedCopies.delete(id);
      ids.push(id);
    }
    return { dropped: named.filter((id) => !this.loaded.has(id)), ids };
  }

  /** Loaded features equal to an insert about to be sent: a later reconciliation must not take them for it. */
  lookalikes(changes: PendingChanges): string[] {
    if (changes.inserts.length === 0) return [];
    return [...this.loaded.values()]
      .filter((feature) => changes.inserts.some((insert) => holdsSent(feature, insert.geometry, insert.properties)))
      .map((feature) => feature.id);
  }

  /** Holds a server copy (a fresh read, a conflict's baseline), whatever was held for it before. */
  putServerCopy(feature: MapFeature): void {
    this.serverCopies.set(feature.id, feature);
  }

  /** Replaces the server copies of the features still loaded (a reload after a commit); others are left out. */
  refresh(features: readonly MapFeature[]): void {
    for (const feature of features) if (this.serverCopies.has(feature.id)) this.serverCopies.set(feature.id, feature);
  }

  /** Holds the features not loaded yet (one loaded already, an edited one above all, stays as it is); answers their ids. */
  merge(features: readonly MapFeature[]): string[] {
    const added: string[] = [];
    for (const feature of features) {
      if (this.serverCopies.has(feature.id)) continue;
      this.serverCopies.set(feature.id, feature);
      added.push(feature.id);
    }
    return added;
  }

  /** Lets a loaded feature go (far from the view, nothing pending on it); false when it was not loaded. */
  letGo(id: string): boolean {
    return this.serverCopies.delete(id);
  }

  /** Forgets a loaded feature with its edit and removal: the server no longer has it. */
  forget(id: string): void {
    this.serverCopies.delete(id);
    this.editedCopies.delete(id);
    this.removals.delete(id);
  }

  /** Sets (or, `undefined`, drops) the edited copy of a loaded feature. */
  setEdited(id: string, edited: MapFeature | undefined): void {
    if (edited) this.editedCopies.set(id, edited);
    else this.editedCopies.delete(id);
  }

  /** Marks a loaded feature for removal (one the server has, whose draft was dropped since it was sent). */
  markRemoved(id: string): void {
    this.removals.add(id);
  }

  /** A draft the server committed: the draft goes, the server copy `copy` stands in for it. */
  insertCommitted(handle: string, copy: MapFeature): void {
    this.draftRecords.delete(handle);
    this.serverCopies.set(copy.id, copy);
  }

  /** An update the server committed: the edited copy becomes the server copy. False when there is no edited copy. */
  updateCommitted(id: string): boolean {
    const edited = this.editedCopies.get(id);
    if (!edited) return false;
    this.serverCopies.set(id, edited);
    this.editedCopies.delete(id);
    return true;
  }

  /** Takes the server's copy and drops this session's edit or removal of it. */
  takeTheirs(theirs: MapFeature): void {
    this.serverCopies.set(theirs.id, theirs);
    this.editedCopies.delete(theirs.id);
    this.removals.delete(theirs.id);
  }

  private newLocalId(): string {
    let id: string;
    do id = `new-${++this.localCounter}`;
    while (this.drafts.has(id) || this.loaded.has(id));
    return id;
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
}
