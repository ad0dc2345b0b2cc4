// The requests loading sends to the server: the layer counted, read whole, read by id, and a
// tile's features page by page.
import type { FeatureSchema, MapFeature } from '../domain/feature.js';
import { MapServerError } from '../errors/errors.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import { tileBBox, type Tile } from './tile-grid.js';

/** A layer read from the server, not yet applied to the session. */
export interface FetchedLayer {
  schema: FeatureSchema;
  features: MapFeature[];
  skipped: number;
}

/** A tile's features as read: `complete` unless only its first page was read and more may follow. */
export interface TileRead {
  features: MapFeature[];
  complete: boolean;
}

export async function fetchLayer(source: FeatureSource, typeName: string, maxFeatures: number): Promise<FetchedLayer> {
  const [schema, set] = await Promise.all([source.describe(typeName), source.getFeatures({ typeName, maxFeatures })]);
  return { schema, features: set.features, skipped: set.skipped };
}

/** Features by id, in one request. */
export async function fetchByIds(source: FeatureSource, typeName: string, ids: string[]): Promise<MapFeature[]> {
  if (ids.length === 0) return [];
  const { features } = await source.getFeatures({ typeName, featureIds: ids, maxFeatures: ids.length });
  return features;
}

/** Features that changes name but that are not among `present` (beyond `maxFeatures`), fetched by id. */
export function fetchMissing(source: FeatureSource, typeName: string, changes: { updates: ReadonlyArray<{ id: string }>; deletes: readonly string[] }, present: ReadonlySet<string>): Promise<MapFeature[]> {
  const named = [...new Set([...changes.updates.map((update) => update.id), ...changes.deletes])];
  return fetchByIds(source, typeName, named.filter((id) => !present.has(id)));
}

/** The layer's features, up to `atMost`; `undefined` when the source cannot count (a server that answers hits with no count). */
export async function countLayer(source: FeatureSource, typeName: string, atMost: number): Promise<number | undefined> {
  try {
    return await source.countFeatures?.({ typeName, atMost });
  } catch (error) {
    // A server unreachable fails the load; one that answered but cannot count loads whole.
    if (error instanceof MapServerError) return undefined;
    throw error;
  }
}

/**
 * Reads one tile, page by page (`startIndex`), each page within `maxFeatures`; only its first
 * page when `firstPageOnly`, or the pages after `after` (a first page read before).
 */
export async function readTile(source: FeatureSource, typeName: string, maxFeatures: number, tile: Tile, { firstPageOnly = false, after }: { firstPageOnly?: boolean; after?: TileRead } = {}): Promise<TileRead> {
  const bbox = tileBBox(tile);
  const features = [...(after?.features ?? [])];
  const seen = new Set(features.map((feature) => feature.id));
  for (let startIndex = after ? maxFeatures : 0; ; startIndex += maxFeatures) {
    const page = await source.getFeatures({ typeName, bbox, maxFeatures, ...(startIndex > 0 ? { startIndex } : {}) });
    const fresh = page.features.filter((feature) => !seen.has(feature.id));
    for (const feature of fresh) {
      seen.add(feature.id);
      features.push(feature);
    }
    // A short page is the last; one that brings nothing new comes from a server that ignores startIndex.
    if (page.features.length + page.skipped < maxFeatures || fresh.length === 0) return { features, complete: true };
    if (firstPageOnly) return { features, complete: false };
  }
}
