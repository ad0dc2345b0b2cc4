import {
  bboxIntersects,
  DEFAULT_MAX_FEATURES,
  geometryBBox,
  matchesFilter,
  NotFoundError,
  type FeatureSchema,
  type FeatureCountQuery,
  type FeatureSet,
  type FeatureSource,
  type FeatureQuery,
  type FeatureTypeSummary,
  type MapFeature,
} from '@gportal/core';

/** A layer as a GeoJSON FeatureCollection (lon/lat) with its schema: what another team might already have. */
export interface GeoJsonLayer {
  schema: FeatureSchema;
  collection: { type: 'FeatureCollection'; features: Array<Omit<MapFeature, 'id'> & { id?: string | number; type: 'Feature' }> };
}

/**
 * A custom adapter of the core's `FeatureSource` port over GeoJSON held in memory, written the way
 * another team would: the core's own helpers (`matchesFilter`, `geometryBBox`, `bboxIntersects`)
 * do the querying. `featureSourceContract` proves it behaves like gportal's adapters.
 */
export class GeoJsonFeatureSource implements FeatureSource {
  private readonly layers: ReadonlyMap<string, { schema: FeatureSchema; features: MapFeature[] }>;

  constructor(layers: readonly GeoJsonLayer[]) {
    this.layers = new Map(
      layers.map(({ schema, collection }) => [
        schema.typeName,
        {
          schema,
          features: collection.features.map((feature, index) => ({
            id: `${schema.typeName}.${feature.id ?? index + 1}`,
            properties: feature.properties,
            geometry: feature.geometry,
          })),
        },
      ]),
    );
  }

  async listTypes(): Promise<FeatureTypeSummary[]> {
    return [...this.layers.keys()].map((name) => ({ name }));
  }

  async describe(typeName: string): Promise<FeatureSchema> {
    return this.layer(typeName).schema;
  }

  async getFeatures(query: FeatureQuery): Promise<FeatureSet> {
    // Paging (`startIndex`) needs a stable order: the collection's own.
    const start = query.startIndex ?? 0;
    return { features: this.select(query).slice(start, start + (query.maxFeatures ?? DEFAULT_MAX_FEATURES)), skipped: 0 };
  }

  /** Optional in the port: with it, a session loads a layer larger than a load by view. */
  async countFeatures(query: FeatureCountQuery): Promise<number> {
    return this.select(query).length;
  }

  private select(query: FeatureCountQuery & Pick<FeatureQuery, 'featureIds'>): MapFeature[] {
    const { features } = this.layer(query.typeName);
    const wanted = query.featureIds ? new Set(query.featureIds) : undefined;
    return features.filter(
      (feature) =>
        (!wanted || wanted.has(feature.id)) &&
        (!query.bbox || bboxIntersects(geometryBBox(feature.geometry), query.bbox)) &&
        (!query.filter || matchesFilter(feature, query.filter)),
    );
  }

  private layer(typeName: string): { schema: FeatureSchema; features: MapFeature[] } {
    const layer = this.layers.get(typeName);
    if (!layer) throw new NotFoundError(typeName, `no layer ${typeName}`);
    return layer;
  }
}
