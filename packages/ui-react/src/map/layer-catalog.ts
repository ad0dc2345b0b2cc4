import { LAYER_KINDS, type FeatureSource, type FeatureTypeSummary, type LayerKind } from '@gportal/core';

/** The layer types the map offers, in the selector's order (the multipolygon layer is the default). */
export const MAP_LAYER_KINDS = Object.keys(LAYER_KINDS) as LayerKind[];
/** The layer the feature map shows first: the multipolygon towns. */
export const DEFAULT_LAYER_KIND: LayerKind = 'multipolygon';

/**
 * The type name of the server's layer for each layer type. A layer named after the type
 * (`store_33:polygon`, `polygon`) wins; otherwise the first layer whose schema has that
 * geometry kind (a WFS server's own names, e.g. QGIS Server's `districts` for multipolygons).
 * `listed`: the server's layer list when the caller has it already (one GetCapabilities, not two).
 */
export async function resolveLayerTypes(source: FeatureSource, listed?: readonly FeatureTypeSummary[]): Promise<Partial<Record<LayerKind, string>>> {
  const types = listed ?? (await source.listTypes());
  const byKind: Partial<Record<LayerKind, string>> = {};
  for (const kind of MAP_LAYER_KINDS) {
    const named = types.find(({ name }) => name === kind || name.endsWith(`:${kind}`));
    if (named) byKind[kind] = named.name;
  }
  const missing = MAP_LAYER_KINDS.filter((kind) => !byKind[kind]);
  if (missing.length === 0) return byKind;
  const schemas = await Promise.all(types.map(({ name }) => source.describe(name).catch(() => undefined)));
  for (const kind of missing) {
    const match = schemas.find((schema) => schema?.geometryKind === LAYER_KINDS[kind]);
    if (match) byKind[kind] = match.typeName;
  }
  return byKind;
}

/**
 * The layer type of a layer the server lists beyond those {@link resolveLayerTypes} picked (a
 * second polygon layer, e.g. from the URL), by its geometry kind; `undefined` for one the map
 * does not edit.
 */
export async function layerKindOf(source: FeatureSource, typeName: string): Promise<LayerKind | undefined> {
  const { geometryKind } = await source.describe(typeName);
  return MAP_LAYER_KINDS.find((kind) => LAYER_KINDS[kind] === geometryKind);
}
