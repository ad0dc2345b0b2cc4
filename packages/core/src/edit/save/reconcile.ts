import type { AttributeFilter, FeatureInsert, FeatureUpdate, MapFeature, Properties } from '../../domain/feature.js';
import { geometryBBox, type BBox } from '../../domain/geometry.js';
import type { FeatureSource } from '../../ports/feature-source.port.js';
import { holdsSent } from '../changes/index.js';

/**
 * Finding out what a server did with a transaction whose answer was lost (timeout, dropped
 * connection, unreadable answer). WFS-T has no idempotency key and a layer's schema is not ours
 * to extend with a client-key column, so the touched features are re-read and compared:
 * - an insert is committed when a feature equal to it (geometry and every sent property) lies
 *   in its bounding box and was not there before it was sent (`preexisting`);
 * - an update is committed when its feature holds every sent value;
 * - a delete is committed when its feature is absent.
 * Only what is found is settled; everything else stays pending and is sent again. An insert is
 * `undecided` when the evidence cannot prove either way: its candidates did not all fit in one
 * read, a feature equal to it was found while the look-alikes that existed before the send are
 * not all known, or (see {@link strangersOf}) a feature the session never held shares a value
 * with it: another user may have edited the committed copy before the answer was missed. The
 * caller keeps it pending and asks the user; it is never sent again, nor dropped, on a guess.
 */

export interface SentChanges {
  inserts: FeatureInsert[];
  updates: FeatureUpdate[];
  deletes: string[];
}

export interface Reconciliation {
  /** Inserts found on the server: handle → the server copy. */
  inserted: Map<string, MapFeature>;
  /** Updates whose values the server holds: id → the server copy. */
  updated: Map<string, MapFeature>;
  /** Updated features the server no longer has: the update can never be applied. */
  gone: string[];
  /** Deletes the server carried out. */
  deleted: string[];
  /** Handles of inserts neither proven committed nor proven not committed. */
  undecided: string[];
  /** The copies the look read of the features the send updated or deleted, by id (a feature gone has none). */
  copies: ReadonlyMap<string, MapFeature>;
}

/**
 * The features that already equalled an insert before it was sent. `complete` is false when they
 * could not all be read (the layer was not loaded whole, and the server's answer was capped):
 * then a look-alike found later proves nothing.
 */
export interface Preexisting {
  ids: readonly string[];
  complete: boolean;
}

/** Widens an insert's box so a server's rounding cannot move the feature out of it. */
const BBOX_MARGIN = 1e-6;
/**
 * Most candidates read per insert, after narrowing by every text, number, boolean and empty
 * property sent. A box still crowded beyond this proves nothing: the insert is `undecided`.
 */
export const RECONCILE_MAX_CANDIDATES = 500;

function widened([minX, minY, maxX, maxY]: BBox): BBox {
  return [minX - BBOX_MARGIN, minY - BBOX_MARGIN, maxX + BBOX_MARGIN, maxY + BBOX_MARGIN];
}

/**
 * Narrows the candidates by the sent values a server keeps exactly or within a known rounding:
 * text and booleans are equal, numbers within the rounding {@link sameStoredValue} allows, empty
 * values empty. Dates may come back as another type (a day), so they are compared afterwards.
 */
function candidateFilter(properties: Properties): AttributeFilter | undefined {
  const filters: AttributeFilter[] = [];
  for (const [property, value] of Object.entries(properties)) {
    if (typeof value === 'string' || typeof value === 'boolean') filters.push({ op: 'eq', property, value });
    else if (value === null) filters.push({ op: 'isNull', property });
    else if (typeof value === 'number' && Number.isFinite(value)) {
      const rounding = 1e-9 * Math.max(1, Math.abs(value));
      filters.push({ op: 'ge', property, value: value - rounding }, { op: 'le', property, value: value + rounding });
    }
  }
  if (filters.length === 0) return undefined;
  return filters.length === 1 ? filters[0] : { op: 'and', filters };
}

/** Every stored feature equal to an insert, or `undefined` when they do not all fit in one read. */
async function equalsOf(source: FeatureSource, typeName: string, insert: FeatureInsert): Promise<MapFeature[] | undefined> {
  const filter = candidateFilter(insert.properties);
  const { features } = await source.getFeatures({
    typeName,
    bbox: widened(geometryBBox(insert.geometry)),
    maxFeatures: RECONCILE_MAX_CANDIDATES + 1,
    ...(filter ? { filter } : {}),
  });
  if (features.length > RECONCILE_MAX_CANDIDATES) return undefined;
  return features.filter((feature) => holdsSent(feature, insert.geometry, insert.properties));
}

/**
 * Reads, before a send, the stored features equal to its inserts, for a layer not loaded whole
 * (beyond `maxFeatures` a look-alike may not have been loaded). Incomplete when an insert's
 * candidates do not fit in one read.
 */
export async function preexistingOf(source: FeatureSource, typeName: string, inserts: readonly FeatureInsert[]): Promise<Preexisting> {
  const ids = new Set<string>();
  let complete = true;
  // One by one, like the reconciliation: a save of many drawings must not flood the server.
  for (const insert of inserts) {
    const equal = await equalsOf(source, typeName, insert);
    if (!equal) complete = false;
    for (const feature of equal ?? []) ids.add(feature.id);
  }
  return { ids: [...ids], complete };
}

/**
 * Narrows to the features sharing at least one sent text or number value with an insert: what a
 * committed copy still holds after another user changed some of it. `undefined` when the insert
 * has no such value to go by.
 */
function relatedFilter(properties: Properties): AttributeFilter | undefined {
  const filters: AttributeFilter[] = [];
  for (const [property, value] of Object.entries(properties)) {
    if (typeof value === 'string' && value.length > 0) filters.push({ op: 'eq', property, value });
    else if (typeof value === 'number' && Number.isFinite(value)) {
      const rounding = 1e-9 * Math.max(1, Math.abs(value));
      filters.push({ op: 'and', filters: [{ op: 'ge', property, value: value - rounding }, { op: 'le', property, value: value + rounding }] });
    }
  }
  if (filters.length === 0) return undefined;
  return filters.length === 1 ? filters[0] : { op: 'or', filters };
}

/**
 * Whether the server holds a feature, unknown to the session (`known` is false for it), that
 * shares a sent value with an insert not found by its look-alikes: the insert's committed copy,
 * changed by another user before this session learnt of it, cannot be told from another
 * client's drawing by the values alone. True as well when such features do not fit in one read.
 * An insert with no text or number value has nothing to go by: false.
 */
export async function strangersOf(source: FeatureSource, typeName: string, insert: FeatureInsert, known: (id: string) => boolean): Promise<boolean> {
  const filter = relatedFilter(insert.properties);
  if (!filter) return false;
  const { features } = await source.getFeatures({ typeName, filter, maxFeatures: RECONCILE_MAX_CANDIDATES + 1 });
  return features.length > RECONCILE_MAX_CANDIDATES || features.some((feature) => !known(feature.id));
}

/**
 * Two looks at one lost send, the second after waiting for it to commit: what either found
 * committed is committed (a copy another user changed since the first look no longer looks
 * committed at the second); a feature gone at the second look is gone.
 */
export function mergeFindings(first: Reconciliation, second: Reconciliation): Reconciliation {
  const inserted = new Map(first.inserted);
  const taken = new Set([...first.inserted.values()].map((copy) => copy.id));
  for (const [handle, copy] of second.inserted) if (!inserted.has(handle) && !taken.has(copy.id)) inserted.set(handle, copy);
  const gone = second.gone;
  const updated = new Map([...second.updated, ...first.updated].filter(([id]) => !gone.includes(id)));
  const deleted = [...new Set([...first.deleted, ...second.deleted])];
  const undecided = second.undecided.filter((handle) => !inserted.has(handle));
  return { inserted, updated, gone, deleted, undecided, copies: second.copies };
}

export async function reconcile(source: FeatureSource, typeName: string, sent: SentChanges, preexisting: Preexisting): Promise<Reconciliation> {
  const inserted = new Map<string, MapFeature>();
  const undecided: string[] = [];
  const taken = new Set(preexisting.ids);
  // One by one: this runs only after a lost answer, and must not flood a server that just failed.
  for (const insert of sent.inserts) {
    const equal = await equalsOf(source, typeName, insert);
    if (!equal) {
      undecided.push(insert.handle);
      continue;
    }
    const match = equal.filter((feature) => !taken.has(feature.id)).sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }))[0];
    if (!match) continue;
    if (!preexisting.complete) {
      undecided.push(insert.handle);
      continue;
    }
    taken.add(match.id);
    inserted.set(insert.handle, match);
  }

  const updated = new Map<string, MapFeature>();
  const gone: string[] = [];
  const deleted: string[] = [];
  const ids = [...new Set([...sent.updates.map((update) => update.id), ...sent.deletes])];
  let copies: ReadonlyMap<string, MapFeature> = new Map();
  if (ids.length > 0) {
    const { features } = await source.getFeatures({ typeName, featureIds: ids, maxFeatures: ids.length });
    const stored = new Map(features.map((feature) => [feature.id, feature]));
    copies = stored;
    for (const update of sent.updates) {
      const copy = stored.get(update.id);
      if (!copy) gone.push(update.id);
      else if (holdsSent(copy, update.geometry, update.properties ?? {})) updated.set(update.id, copy);
    }
    for (const id of sent.deletes) if (!stored.has(id)) deleted.push(id);
  }
  return { inserted, updated, gone, deleted, undecided, copies };
}
