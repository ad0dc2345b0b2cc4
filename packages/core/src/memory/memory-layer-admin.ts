import type { DeleteOptions, FeatureTypeInfo, GeometryBinding, LayerInfo, StyleRef } from '../domain/admin.js';
import type { PropertySchema, PropertyType } from '../domain/feature.js';
import { GEOMETRY_KINDS } from '../domain/geometry.js';
import { ConflictError, ValidationError } from '../errors/errors.js';
import type { LayerAdmin } from '../ports/layer-admin.port.js';
import { assertResourceName } from '../util/names.js';
import type { MemoryCatalogue } from './memory-catalogue.js';
import type { Synchronous } from './synchronous.js';

const ATTRIBUTE_TYPES: Record<string, PropertyType> = {
  String: 'string',
  Integer: 'number',
  Long: 'number',
  Double: 'number',
  Boolean: 'boolean',
  Date: 'date',
};

/** The bindings of whole numbers: a value with a fraction does not fit them. */
const INTEGER_BINDINGS: ReadonlySet<string> = new Set(['Integer', 'Long']);

/** GeoServer assigns a default style by geometry kind when a layer is published. */
function defaultStyleFor(binding: GeometryBinding | undefined): StyleRef | undefined {
  if (!binding) return undefined;
  if (binding.endsWith('Point')) return { name: 'point' };
  if (binding.endsWith('LineString')) return { name: 'line' };
  return { name: 'polygon' };
}

/**
 * Feature types and layers of the in-memory catalogue. Publishing a feature type with a geometry
 * attribute also defines its feature layer `workspace:name` in the feature store, as GeoServer
 * creates the table; a published feature type is deleted only with `recurse`.
 */
export function memoryLayerAdmin(catalogue: MemoryCatalogue): Synchronous<LayerAdmin> {
  return {
    listFeatureTypes: (workspace, store) => [...catalogue.store(workspace, store).featureTypes.keys()],
    getFeatureType: (workspace, store, name): FeatureTypeInfo => ({
      ...structuredClone(catalogue.featureType(workspace, store, name)),
      workspace,
      store,
    }),
    createFeatureType: (workspace, store, spec) => {
      assertResourceName(spec.name, 'featureType');
      const record = catalogue.workspace(workspace);
      const storeRecord = catalogue.store(workspace, store);
      if (storeRecord.featureTypes.has(spec.name) || record.layers.has(spec.name)) {
        throw new ConflictError({ kind: 'feature-type', name: `${workspace}:${spec.name}` }, `Resource named '${spec.name}' already exists in store: '${store}'`, 'exists');
      }
      const geometry = spec.attributes.find((attribute) => (GEOMETRY_KINDS as readonly string[]).includes(attribute.binding));
      storeRecord.featureTypes.set(spec.name, structuredClone({ ...spec, store }));
      const defaultStyle = defaultStyleFor(geometry?.binding as GeometryBinding | undefined);
      record.layers.set(spec.name, { name: spec.name, store, styles: [], ...(defaultStyle ? { defaultStyle } : {}) });
      if (geometry && catalogue.featureStore) {
        const properties: PropertySchema[] = spec.attributes
          .filter((attribute) => attribute !== geometry)
          .map((attribute) => ({
            name: attribute.name,
            type: ATTRIBUTE_TYPES[attribute.binding] ?? 'string',
            nullable: attribute.nillable ?? true,
            ...(INTEGER_BINDINGS.has(attribute.binding) ? { integer: true } : {}),
          }));
        catalogue.featureStore.defineType({
          typeName: `${workspace}:${spec.name}`,
          geometryField: geometry.name,
          geometryKind: geometry.binding as GeometryBinding,
          properties,
          namespace: record.uri,
        });
      }
    },
    updateFeatureType: (workspace, store, name, changes) => {
      const storeRecord = catalogue.store(workspace, store);
      const current = catalogue.featureType(workspace, store, name);
      if (changes.name !== undefined && changes.name !== name) {
        throw new ValidationError({ name: 'a feature type cannot be renamed' });
      }
      storeRecord.featureTypes.set(name, { ...current, ...structuredClone(changes), name, store });
    },
    deleteFeatureType: (workspace, store, name, options?: DeleteOptions) => {
      const record = catalogue.workspace(workspace);
      const storeRecord = catalogue.store(workspace, store);
      catalogue.featureType(workspace, store, name);
      if (record.layers.has(name) && !options?.recurse) {
        throw new ConflictError({ kind: 'feature-type', name: `${workspace}:${name}` }, `Feature type '${name}' is published by a layer`, 'in-use');
      }
      record.layers.delete(name);
      storeRecord.featureTypes.delete(name);
      catalogue.featureStore?.dropType(`${workspace}:${name}`);
    },
    listLayers: (workspace) => [...catalogue.workspace(workspace).layers.keys()],
    getLayer: (workspace, name): LayerInfo => {
      const layer = catalogue.layer(workspace, name);
      return {
        name: layer.name,
        workspace,
        type: 'VECTOR',
        styles: structuredClone(layer.styles),
        resource: { name: layer.name, workspace, store: layer.store },
        enabled: true,
        ...(layer.defaultStyle ? { defaultStyle: { ...layer.defaultStyle } } : {}),
      };
    },
    setDefaultStyle: (workspace, name, style) => {
      const layer = catalogue.layer(workspace, name);
      catalogue.style(style.name, style);
      layer.defaultStyle = { ...style };
    },
  };
}
