import type { FeatureSchema, MapFeature } from '../domain/feature.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import type { PendingChanges } from './pending-edits.js';

/** A layer read from the server, not yet applied to the session. */
export interface FetchedLayer {
  schema: FeatureSchema;
  features: MapFeature[];
  skipped: number;
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
export function fetchMissing(source: FeatureSource, typeName: string, changes: PendingChanges, present: ReadonlySet<string>): Promise<MapFeature[]> {
  const named = [...new Set([...changes.updates.map((update) => update.id), ...changes.deletes])];
  return fetchByIds(source, typeName, named.filter((id) => !present.has(id)));
}
