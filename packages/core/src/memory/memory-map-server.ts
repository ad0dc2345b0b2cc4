import type {
  DataStoreInfo,
  DeleteOptions,
  FeatureTypeInfo,
  FeatureTypeSpec,
  GeometryBinding,
  LayerInfo,
  NamespaceInfo,
  PostgisStoreSpec,
  StyleDeleteOptions,
  StyleInfo,
  StyleRef,
  StyleScope,
  StyleSpec,
  WorkspaceInfo,
} from '../domain/admin.js';
import type { PropertySchema, PropertyType } from '../domain/feature.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors/errors.js';
import type { DataStoreAdmin } from '../ports/data-store-admin.port.js';
import type { LayerAdmin } from '../ports/layer-admin.port.js';
import type { StyleAdmin } from '../ports/style-admin.port.js';
import type { WorkspaceAdmin } from '../ports/workspace-admin.port.js';
import { assertResourceName } from '../util/names.js';
import type { MemoryFeatureStore } from './memory-feature-store.js';

interface StoreRecord {
  spec: PostgisStoreSpec;
  featureTypes: Map<string, FeatureTypeSpec>;
}

interface LayerRecord {
  name: string;
  store: string;
  defaultStyle?: StyleRef;
  styles: StyleRef[];
}

interface WorkspaceRecord {
  name: string;
  uri: string;
  stores: Map<string, StoreRecord>;
  layers: Map<string, LayerRecord>;
  styles: Map<string, StyleSpec>;
}

/** A port whose methods answer directly instead of through a promise. */
export type Synchronous<Port> = {
  [Method in keyof Port]-?: Port[Method] extends ((...args: infer Args) => Promise<infer Result>) | undefined
    ? (...args: Args) => Result
    : never;
};

/** Wraps synchronous methods into a port; a thrown error becomes a rejected promise. */
function asynchronous<Port>(methods: Synchronous<Port>): Port {
  const port: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(methods as Record<string, (...args: unknown[]) => unknown>)) {
    port[name] = (...args: unknown[]) => {
      try {
        return Promise.resolve(method(...args));
      } catch (error) {
        return Promise.reject(error);
      }
    };
  }
  return port as Port;
}

const ATTRIBUTE_TYPES: Record<string, PropertyType> = {
  String: 'string',
  Integer: 'number',
  Long: 'number',
  Double: 'number',
  Boolean: 'boolean',
  Date: 'date',
};

const GEOMETRY_BINDINGS: readonly string[] = ['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'];

/** GeoServer assigns a default style by geometry kind when a layer is published. */
function defaultStyleFor(binding: GeometryBinding | undefined): StyleRef | undefined {
  if (!binding) return undefined;
  if (binding.endsWith('Point')) return { name: 'point' };
  if (binding.endsWith('LineString')) return { name: 'line' };
  return { name: 'polygon' };
}

/**
 * A small but faithful model of a map server's catalogue: workspaces own stores and styles,
 * stores own feature types, layers publish feature types and reference styles. Names are unique
 * per scope, and deletes follow GeoServer's rules (a non-empty parent needs `recurse`).
 */
export class MemoryMapServer {
  private readonly workspaceRecords = new Map<string, WorkspaceRecord>();
  private readonly globalStyles = new Map<string, StyleSpec>();

  readonly workspaces: WorkspaceAdmin;
  readonly dataStores: DataStoreAdmin;
  readonly layers: LayerAdmin;
  readonly styles: StyleAdmin;

  constructor(private readonly featureStore?: MemoryFeatureStore) {
    this.workspaces = asynchronous(this.workspacesSync);
    this.dataStores = asynchronous(this.dataStoresSync);
    this.layers = asynchronous(this.layersSync);
    this.styles = asynchronous(this.stylesSync);
  }

  /** Synchronous form of the port, used to apply seeds. */
  readonly workspacesSync: Synchronous<WorkspaceAdmin> = {
    list: () => [...this.workspaceRecords.keys()].map((name) => ({ name })),
    get: (name): WorkspaceInfo => ({ name: this.workspace(name).name, isolated: false }),
    getNamespace: (name): NamespaceInfo => {
      const record = this.workspace(name);
      return { prefix: record.name, uri: record.uri, isolated: false };
    },
    create: (name) => {
      assertResourceName(name, 'workspace');
      if (this.workspaceRecords.has(name)) throw new ConflictError(`workspace ${name}`, `Workspace '${name}' already exists`);
      this.workspaceRecords.set(name, {
        name,
        uri: `http://${name}`,
        stores: new Map(),
        layers: new Map(),
        styles: new Map(),
      });
    },
    delete: (name, options?: DeleteOptions) => {
      const record = this.workspace(name);
      const empty = record.stores.size === 0 && record.layers.size === 0 && record.styles.size === 0;
      if (!empty && !options?.recurse) {
        throw new ConflictError(`workspace ${name}`, `Workspace '${name}' is not empty`);
      }
      for (const store of record.stores.values()) {
        for (const typeName of store.featureTypes.keys()) this.featureStore?.dropType(`${name}:${typeName}`);
      }
      this.workspaceRecords.delete(name);
    },
  };

  /** Synchronous form of the port, used to apply seeds. */
  readonly dataStoresSync: Synchronous<DataStoreAdmin> = {
    list: (workspace) => [...this.workspace(workspace).stores.keys()],
    get: (workspace, name): DataStoreInfo => {
      const { spec } = this.store(workspace, name);
      return {
        name: spec.name,
        workspace,
        type: 'PostGIS',
        enabled: true,
        connectionParameters: {
          host: spec.host,
          port: String(spec.port),
          database: spec.database,
          schema: spec.schema,
          user: spec.user,
          passwd: 'crypt1:********',
          dbtype: spec.dbtype,
        },
      };
    },
    create: (workspace, spec) => {
      assertResourceName(spec.name, 'dataStore');
      const record = this.workspace(workspace);
      if (spec.dbtype !== 'postgis') throw new ValidationError({ dbtype: `unsupported dbtype ${String(spec.dbtype)}` });
      if (record.stores.has(spec.name)) {
        throw new ConflictError(`data store ${workspace}:${spec.name}`, `Store '${spec.name}' already exists in workspace '${workspace}'`);
      }
      record.stores.set(spec.name, { spec: structuredClone(spec), featureTypes: new Map() });
    },
    delete: (workspace, name, options?: DeleteOptions) => {
      const record = this.workspace(workspace);
      const store = this.store(workspace, name);
      if (store.featureTypes.size > 0 && !options?.recurse) {
        throw new ConflictError(`data store ${workspace}:${name}`, `Store '${name}' is not empty`);
      }
      for (const typeName of store.featureTypes.keys()) {
        record.layers.delete(typeName);
        this.featureStore?.dropType(`${workspace}:${typeName}`);
      }
      record.stores.delete(name);
    },
  };

  /** Synchronous form of the port, used to apply seeds. */
  readonly layersSync: Synchronous<LayerAdmin> = {
    listFeatureTypes: (workspace, store) => [...this.store(workspace, store).featureTypes.keys()],
    getFeatureType: (workspace, store, name): FeatureTypeInfo => ({
      ...structuredClone(this.featureType(workspace, store, name)),
      workspace,
      store,
    }),
    createFeatureType: (workspace, store, spec) => {
      assertResourceName(spec.name, 'featureType');
      const record = this.workspace(workspace);
      const storeRecord = this.store(workspace, store);
      if (storeRecord.featureTypes.has(spec.name) || record.layers.has(spec.name)) {
        throw new ConflictError(`feature type ${workspace}:${spec.name}`, `Resource named '${spec.name}' already exists in store: '${store}'`);
      }
      const geometry = spec.attributes.find((attribute) => GEOMETRY_BINDINGS.includes(attribute.binding));
      const copy = structuredClone({ ...spec, store });
      storeRecord.featureTypes.set(spec.name, copy);
      const defaultStyle = defaultStyleFor(geometry?.binding as GeometryBinding | undefined);
      record.layers.set(spec.name, { name: spec.name, store, styles: [], ...(defaultStyle ? { defaultStyle } : {}) });
      if (geometry && this.featureStore) {
        const properties: PropertySchema[] = spec.attributes
          .filter((attribute) => attribute !== geometry)
          .map((attribute) => ({
            name: attribute.name,
            type: ATTRIBUTE_TYPES[attribute.binding] ?? 'string',
            nullable: attribute.nillable ?? true,
          }));
        this.featureStore.defineType({
          typeName: `${workspace}:${spec.name}`,
          geometryField: geometry.name,
          geometryKind: geometry.binding as GeometryBinding,
          properties,
          namespace: record.uri,
        });
      }
    },
    updateFeatureType: (workspace, store, name, changes) => {
      const storeRecord = this.store(workspace, store);
      const current = this.featureType(workspace, store, name);
      if (changes.name !== undefined && changes.name !== name) {
        throw new ValidationError({ name: 'a feature type cannot be renamed' });
      }
      storeRecord.featureTypes.set(name, { ...current, ...structuredClone(changes), name, store });
    },
    deleteFeatureType: (workspace, store, name, options?: DeleteOptions) => {
      const record = this.workspace(workspace);
      const storeRecord = this.store(workspace, store);
      this.featureType(workspace, store, name);
      if (record.layers.has(name) && !options?.recurse) {
        throw new ConflictError(`feature type ${workspace}:${name}`, `Feature type '${name}' is published by a layer`);
      }
      record.layers.delete(name);
      storeRecord.featureTypes.delete(name);
      this.featureStore?.dropType(`${workspace}:${name}`);
    },
    listLayers: (workspace) => [...this.workspace(workspace).layers.keys()],
    getLayer: (workspace, name): LayerInfo => {
      const layer = this.layer(workspace, name);
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
      const layer = this.layer(workspace, name);
      this.style(style.name, style.workspace ? { workspace: style.workspace } : {});
      layer.defaultStyle = { ...style };
    },
  };

  /** Synchronous form of the port, used to apply seeds. */
  readonly stylesSync: Synchronous<StyleAdmin> = {
    list: (scope?: StyleScope) =>
      [...this.styleMap(scope).keys()].map((name) => (scope?.workspace ? { name, workspace: scope.workspace } : { name })),
    get: (name, scope?: StyleScope): StyleInfo => {
      const style = this.style(name, scope);
      return {
        name: style.name,
        format: 'sld',
        languageVersion: /version="1\.1\.0"/.test(style.sld) ? '1.1.0' : '1.0.0',
        filename: `${style.name}.sld`,
        ...(scope?.workspace ? { workspace: scope.workspace } : {}),
      };
    },
    getDefinition: (name, scope?: StyleScope) => this.style(name, scope).sld,
    create: (spec) => {
      assertResourceName(spec.name, 'style');
      if (!spec.sld.trim().startsWith('<')) throw new ValidationError({ sld: 'the style definition must be SLD XML' });
      const styles = this.styleMap(spec.workspace ? { workspace: spec.workspace } : undefined);
      if (styles.has(spec.name)) throw new ConflictError(`style ${spec.name}`, `Style '${spec.name}' already exists`);
      styles.set(spec.name, structuredClone(spec));
    },
    updateDefinition: (name, sld, scope?: StyleScope) => {
      const style = this.style(name, scope);
      if (!sld.trim().startsWith('<')) throw new ValidationError({ sld: 'the style definition must be SLD XML' });
      style.sld = sld;
    },
    delete: (name, options?: StyleDeleteOptions) => {
      const scope = options?.workspace ? { workspace: options.workspace } : undefined;
      this.style(name, scope);
      const users = this.layersUsing({ name, ...(scope ?? {}) });
      if (users.length > 0 && !options?.recurse) {
        throw new ConflictError(`style ${name}`, `Style '${name}' is in use by layers: ${users.map((layer) => layer.name).join(', ')}`);
      }
      for (const layer of users) {
        delete layer.defaultStyle;
        layer.styles = layer.styles.filter((ref) => ref.name !== name || ref.workspace !== scope?.workspace);
      }
      this.styleMap(scope).delete(name);
    },
  };

  private workspace(name: string): WorkspaceRecord {
    const record = this.workspaceRecords.get(name);
    if (!record) throw new NotFoundError(`workspace ${name}`, `No such workspace: '${name}'`);
    return record;
  }

  private store(workspace: string, name: string): StoreRecord {
    const store = this.workspace(workspace).stores.get(name);
    if (!store) throw new NotFoundError(`data store ${workspace}:${name}`, `No such datastore: ${workspace},${name}`);
    return store;
  }

  private featureType(workspace: string, store: string, name: string): FeatureTypeSpec {
    const featureType = this.store(workspace, store).featureTypes.get(name);
    if (!featureType) throw new NotFoundError(`feature type ${workspace}:${name}`, `No such feature type: ${workspace},${store},${name}`);
    return featureType;
  }

  private layer(workspace: string, name: string): LayerRecord {
    const layer = this.workspace(workspace).layers.get(name);
    if (!layer) throw new NotFoundError(`layer ${workspace}:${name}`, `No such layer: ${workspace}:${name}`);
    return layer;
  }

  private styleMap(scope?: StyleScope): Map<string, StyleSpec> {
    return scope?.workspace ? this.workspace(scope.workspace).styles : this.globalStyles;
  }

  private style(name: string, scope?: StyleScope): StyleSpec {
    const style = this.styleMap(scope).get(name);
    if (!style) throw new NotFoundError(`style ${name}`, `No such style: ${scope?.workspace ? `${scope.workspace}:` : ''}${name}`);
    return style;
  }

  private layersUsing(ref: StyleRef): LayerRecord[] {
    const same = (other?: StyleRef) => other?.name === ref.name && other.workspace === ref.workspace;
    return [...this.workspaceRecords.values()].flatMap((workspace) =>
      [...workspace.layers.values()].filter((layer) => same(layer.defaultStyle) || layer.styles.some(same)),
    );
  }
}
