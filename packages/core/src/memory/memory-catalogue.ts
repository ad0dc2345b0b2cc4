import type { FeatureTypeSpec, PostgisStoreSpec, StyleRef, StyleScope, StyleSpec } from '../domain/admin.js';
import { NotFoundError } from '../errors/errors.js';
import type { MemoryFeatureStore } from './memory-feature-store.js';
import { assertResourceName, styleScopeWorkspace } from '../util/names.js';

export interface StoreRecord {
  spec: PostgisStoreSpec;
  featureTypes: Map<string, FeatureTypeSpec>;
}

export interface LayerRecord {
  name: string;
  store: string;
  defaultStyle?: StyleRef;
  styles: StyleRef[];
}

export interface WorkspaceRecord {
  name: string;
  uri: string;
  stores: Map<string, StoreRecord>;
  layers: Map<string, LayerRecord>;
  styles: Map<string, StyleSpec>;
}

/**
 * The state behind the in-memory admin ports: workspaces own stores and styles, stores own
 * feature types, layers publish feature types and reference styles. Lookups throw GeoServer's
 * `NotFoundError`s; each port adapter applies its own rules on top. Names are checked as the
 * GeoServer adapter checks the names it puts in a URL (same field names), so an empty or
 * malformed name is the same `ValidationError` in both.
 */
export class MemoryCatalogue {
  readonly workspaces = new Map<string, WorkspaceRecord>();
  readonly globalStyles = new Map<string, StyleSpec>();

  /** The feature layers that published feature types become, when there is one. */
  constructor(readonly featureStore?: MemoryFeatureStore) {}

  workspace(name: string): WorkspaceRecord {
    const record = this.workspaces.get(assertResourceName(name, 'workspace'));
    if (!record) throw new NotFoundError({ kind: 'workspace', name }, `No such workspace: '${name}'`);
    return record;
  }

  store(workspace: string, name: string): StoreRecord {
    const store = this.workspace(workspace).stores.get(assertResourceName(name, 'dataStore'));
    if (!store) throw new NotFoundError({ kind: 'data-store', name: `${workspace}:${name}` }, `No such datastore: ${workspace},${name}`);
    return store;
  }

  featureType(workspace: string, store: string, name: string): FeatureTypeSpec {
    const featureType = this.store(workspace, store).featureTypes.get(assertResourceName(name, 'featureType'));
    if (!featureType) throw new NotFoundError({ kind: 'feature-type', name: `${workspace}:${name}` }, `No such feature type: ${workspace},${store},${name}`);
    return featureType;
  }

  layer(workspace: string, name: string): LayerRecord {
    const layer = this.workspace(workspace).layers.get(assertResourceName(name, 'layer'));
    if (!layer) throw new NotFoundError({ kind: 'layer', name: `${workspace}:${name}` }, `No such layer: ${workspace}:${name}`);
    return layer;
  }

  styleMap(scope?: StyleScope): Map<string, StyleSpec> {
    const workspace = styleScopeWorkspace(scope);
    return workspace !== undefined ? this.workspace(workspace).styles : this.globalStyles;
  }

  style(name: string, scope?: StyleScope): StyleSpec {
    const style = this.styleMap(scope).get(assertResourceName(name, 'style'));
    if (!style) throw new NotFoundError({ kind: 'style', name }, `No such style: ${scope?.workspace ? `${scope.workspace}:` : ''}${name}`);
    return style;
  }

  layersUsing(ref: StyleRef): LayerRecord[] {
    const same = (other?: StyleRef) => other?.name === ref.name && other.workspace === ref.workspace;
    return [...this.workspaces.values()].flatMap((workspace) =>
      [...workspace.layers.values()].filter((layer) => same(layer.defaultStyle) || layer.styles.some(same)),
    );
  }
}
