import type { AttributeFilter, FeatureInsert, FeatureUpdate, MapFeature, Properties, PropertyValue } from '../domain/feature.js';
import { geometryBBox, type BBox, type Geometry, type Position } from '../domain/geometry.js';
import type { FeatureSource } from '../ports/feature-source.port.js';

/**
 * Finding out what a server did with a transaction whose answer was lost (timeout, dropped
 * connection, unreadable answer). WFS-T has no idempotency key and a layer's schema is not ours
 * to extend with a client-key column, so the touched features are re-read and compared:
 * - an insert is committed when a feature equal to it (geometry and every sent property) lies
 *   in its bounding box and was not there before it was sent (`preexisting`);
 * - an update is committed when its feature holds every sent value;
 * - a delete is committed when its feature is absent.
 * Only what is found is settled; everything else stays pending and is sent again.
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
}

/** Coordinates agree within this (degrees): servers round them (QGIS Server to 8 decimals). */
const COORDINATE_TOLERANCE = 1e-7;
/** Widens an insert's box so a server's rounding cannot move the feature out of it. */
const BBOX_MARGIN = 1e-6;
/** Most candidates read per insert; a box crowded beyond this is narrowed by the string properties. */
export const RECONCILE_MAX_CANDIDATES = 500;

function samePositions(a: Position, b: Position): boolean {
  return Math.abs((a[0] ?? NaN) - (b[0] ?? NaN)) <= COORDINATE_TOLERANCE && Math.abs((a[1] ?? NaN) - (b[1] ?? NaN)) <= COORDINATE_TOLERANCE;
}

function sameNested(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return false;
  if (typeof a[0] === 'number' || typeof b[0] === 'number') return samePositions(a as Position, b as Position);
  return a.length === b.length && a.every((item, index) => sameNested(item, b[index]));
}

/** A single-part multi geometry is what a server stores for a simple one sent to a multi column. */
function parts(geometry: Geometry): { type: string; coordinates: unknown } {
  if (geometry.type.startsWith('Multi') && (geometry.coordinates as unknown[]).length === 1) {
    return { type: geometry.type.slice('Multi'.length), coordinates: (geometry.coordinates as unknown[])[0] };
  }
  return geometry;
}

/** Equal geometries up to the rounding and the single-part promotion a server applies. */
export function sameStoredGeometry(sent: Geometry, stored: Geometry): boolean {
  const [a, b] = [parts(sent), parts(stored)];
  return a.type === b.type && sameNested(a.coordinates, b.coordinates);
}

/** Equal property values up to a server's number rounding and date reading. */
export function sameStoredValue(sent: PropertyValue | undefined, stored: PropertyValue | undefined): boolean {
  if (sent instanceof Date || stored instanceof Date) {
    const time = (value: PropertyValue | undefined) => (value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN);
    return time(sent) === time(stored);
  }
  if (typeof sent === 'number' && typeof stored === 'number') return Math.abs(sent - stored) <= 1e-9 * Math.max(1, Math.abs(sent), Math.abs(stored));
  return (sent ?? null) === (stored ?? null);
}

/** Whether a stored feature holds every sent property value (and the sent geometry, when given). */
export function holdsSent(stored: MapFeature, geometry: Geometry | undefined, properties: Properties): boolean {
  if (geometry && !sameStoredGeometry(geometry, stored.geometry)) return false;
  return Object.entries(properties).every(([name, value]) => sameStoredValue(value, stored.properties[name]));
}

function widened([minX, minY, maxX, maxY]: BBox): BBox {
  return [minX - BBOX_MARGIN, minY - BBOX_MARGIN, maxX + BBOX_MARGIN, maxY + BBOX_MARGIN];
}

/** String properties narrow the candidates exactly; numbers and dates may come back rounded, so they are compared afterwards. */
function stringFilter(properties: Properties): AttributeFilter | undefined {
  const filters: AttributeFilter[] = Object.entries(properties)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([property, value]) => ({ op: 'eq', property, value }));
  if (filters.length === 0) return undefined;
  return filters.length === 1 ? filters[0] : { op: 'and', filters };
}

export async function reconcile(source: FeatureSource, typeName: string, sent: SentChanges, preexisting: readonly string[]): Promise<Reconciliation> {
  const inserted = new Map<string, MapFeature>();
  const taken = new Set(preexisting);
  // One by one: this runs only after a lost answer, and must not flood a server that just failed.
  for (const insert of sent.inserts) {
    const filter = stringFilter(insert.properties);
    const { features } = await source.getFeatures({
      typeName,
      bbox: widened(geometryBBox(insert.geometry)),
      maxFeatures: RECONCILE_MAX_CANDIDATES,
      ...(filter ? { filter } : {}),
    });
    const match = features
      .filter((feature) => !taken.has(feature.id) && holdsSent(feature, insert.geometry, insert.properties))
      .sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }))[0];
    if (!match) continue;
    taken.add(match.id);
    inserted.set(insert.handle, match);
  }

  const updated = new Map<string, MapFeature>();
  const gone: string[] = [];
  const deleted: string[] = [];
  const ids = [...new Set([...sent.updates.map((update) => update.id), ...sent.deletes])];
  if (ids.length > 0) {
    const { features } = await source.getFeatures({ typeName, featureIds: ids, maxFeatures: ids.length });
    const stored = new Map(features.map((feature) => [feature.id, feature]));
    for (const update of sent.updates) {
      const copy = stored.get(update.id);
      if (!copy) gone.push(update.id);
      else if (holdsSent(copy, update.geometry, update.properties ?? {})) updated.set(update.id, copy);
    }
    for (const id of sent.deletes) if (!stored.has(id)) deleted.push(id);
  }
  return { inserted, updated, gone, deleted };
}
