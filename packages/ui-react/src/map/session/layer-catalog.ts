import { LAYER_KINDS, type FeatureSource, type FeatureTypeSummary, type LayerKind } from '@gportal/core';

/** The layer types the map offers, in the selector's order (the multipolygon layer is the default). */
export const MAP_LAYER_KINDS = Object.keys(LAYER_KINDS) as LayerKind[];
/**
 * Found by name only, unless the schemas are read for another layer type anyway: the test
 * screens make no multi-point layer, so a GeoServer whose layers they made would otherwise have
 * every layer described at each start, to find none.
 */
const NAMED_ONLY: readonly LayerKind[] = ['multipoint'];
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
  if (missing.every((kind) => NAMED_ONLY.includes(kind))) return byKind;
  const schemas = await Promise.all(types.map(({ name }) => source.describe(name).catch(() => undefined)));
  for (const kind of missing) {
    const match = schemas.find((schema) => schema?.geometryKind === LAYER_KINDS[kind]);
    if (match) byKind[kind] = match.typeName;
  }
  return byKind;
}

/** The layers of one workspace (the type-name prefix before `:`); `undefined` for names without one (QGIS Server's). */
export interface WorkspaceLayers {
  workspace: string | undefined;
  layers: FeatureTypeSummary[];
}

/**
 * The server's layers grouped by workspace (`store_33:polygon` is in `store_33`), the groups and
 * their layers in the server's order: the map-server layer selector's groups.
 */
export function layersByWorkspace(layers: readonly FeatureTypeSummary[]): WorkspaceLayers[] {
  const groups = new Map<string | undefined, FeatureTypeSummary[]>();
  for (const layer of layers) {
    const colon = layer.name.indexOf(':');
    const workspace = colon > 0 ? layer.name.slice(0, colon) : undefined;
    const group = groups.get(workspace);
    if (group) group.push(layer);
    else groups.set(workspace, [layer]);
  }
  return [...groups].map(([workspace, grouped]) => ({ workspace, layers: grouped }));
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
