import { describe, expect, it } from 'vitest';
import { buildFeatureTypeSpec } from '../admin/feature-type-spec.js';
import type { PostgisStoreSpec } from '../domain/admin.js';
import { ConflictError, GportalError, NotFoundError, ValidationError } from '../errors/errors.js';
import type { DataStoreAdmin } from '../ports/data-store-admin.port.js';
import type { LayerAdmin } from '../ports/layer-admin.port.js';
import type { StyleAdmin } from '../ports/style-admin.port.js';
import type { WorkspaceAdmin } from '../ports/workspace-admin.port.js';

/** What the admin contract suites need from the adapter under test. */
export interface AdminFixture {
  workspaces: WorkspaceAdmin;
  dataStores: DataStoreAdmin;
  layers: LayerAdmin;
  styles: StyleAdmin;
}

type Factory = () => AdminFixture | Promise<AdminFixture>;

let counter = 0;
/** Names unique per run, so the suites can run against a shared server. */
function unique(prefix: string): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}_${counter}`;
}

/** A minimal valid SLD 1.0 document the style contract creates styles with. */
export const CONTRACT_SLD = `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer><Name>contract</Name><UserStyle><FeatureTypeStyle><Rule>
    <PolygonSymbolizer><Fill><CssParameter name="fill">#0000FF</CssParameter></Fill></PolygonSymbolizer>
  </Rule></FeatureTypeStyle></UserStyle></NamedLayer>
</StyledLayerDescriptor>`;

function storeSpec(name: string): PostgisStoreSpec {
  return { name, host: '127.0.0.1', port: 5432, database: 'gis', schema: 'public', user: 'postgres', password: 'postgres', dbtype: 'postgis' };
}

async function withWorkspace(admin: AdminFixture): Promise<string> {
  const workspace = unique('ws');
  await admin.workspaces.create(workspace);
  return workspace;
}

/** GeoServer's semantics for workspaces, as every `WorkspaceAdmin` must follow them. */
export function workspaceAdminContract(name: string, factory: Factory): void {
  describe(`WorkspaceAdmin contract: ${name}`, () => {
    it('creates, lists, reads and deletes a workspace with its namespace', async () => {
      const admin = await factory();
      const workspace = await withWorkspace(admin);
      expect((await admin.workspaces.list()).map((item) => item.name)).toContain(workspace);
      expect((await admin.workspaces.get(workspace)).name).toBe(workspace);
      expect((await admin.workspaces.getNamespace(workspace)).prefix).toBe(workspace);
      await admin.workspaces.delete(workspace);
      await expect(admin.workspaces.get(workspace)).rejects.toBeInstanceOf(NotFoundError);
    });
    it('refuses a duplicate workspace with ConflictError', async () => {
      const admin = await factory();
      const workspace = await withWorkspace(admin);
      await expect(admin.workspaces.create(workspace)).rejects.toBeInstanceOf(ConflictError);
    });
    it('refuses to delete a non-empty workspace without recurse, and deletes it with recurse', async () => {
      const admin = await factory();
      const workspace = await withWorkspace(admin);
      await admin.dataStores.create(workspace, storeSpec('inside'));
      await expect(admin.workspaces.delete(workspace)).rejects.toBeInstanceOf(GportalError);
      expect((await admin.workspaces.get(workspace)).name).toBe(workspace);
      await admin.workspaces.delete(workspace, { recurse: true });
      await expect(admin.workspaces.get(workspace)).rejects.toBeInstanceOf(NotFoundError);
    });
    it('answers NotFoundError for an unknown workspace, naming it by kind and name', async () => {
      const admin = await factory();
      const missing = unique('missing');
      await expect(admin.workspaces.get(missing)).rejects.toBeInstanceOf(NotFoundError);
      await expect(admin.workspaces.get(missing)).rejects.toMatchObject({ resourceKind: 'workspace', resourceName: missing });
      await expect(admin.workspaces.delete(unique('missing'))).rejects.toBeInstanceOf(NotFoundError);
    });
    it('refuses an empty or malformed workspace name with ValidationError telling the field, the rule and the value', async () => {
      const admin = await factory();
      await expect(admin.workspaces.get('')).rejects.toMatchObject({ kind: 'validation', problems: { workspace: { rule: 'required' } } });
      await expect(admin.workspaces.get('my ws')).rejects.toMatchObject({ kind: 'validation', problems: { workspace: { rule: 'invalid', value: 'my ws' } } });
    });
  });
}

/** GeoServer's semantics for data stores. */
export function dataStoreAdminContract(name: string, factory: Factory): void {
  describe(`DataStoreAdmin contract: ${name}`, () => {
    it('creates a PostGIS store and reads its connection parameters back', async () => {
      const admin = await factory();
      const workspace = await withWorkspace(admin);
      await admin.dataStores.create(workspace, storeSpec('store_33'));
      expect(await admin.dataStores.list(workspace)).toEqual(['store_33']);
      const store = await admin.dataStores.get(workspace, 'store_33');
      expect(store.name).toBe('store_33');
      expect(store.connectionParameters).toMatchObject({ host: '127.0.0.1', port: '5432', database: 'gis', dbtype: 'postgis' });
    });
    it('refuses a duplicate store and answers NotFoundError for a missing one', async () => {
      const admin = await factory();
      const workspace = await withWorkspace(admin);
      await admin.dataStores.create(workspace, storeSpec('twice'));
      await expect(admin.dataStores.create(workspace, storeSpec('twice'))).rejects.toBeInstanceOf(ConflictError);
      await expect(admin.dataStores.get(workspace, 'nothing_here')).rejects.toBeInstanceOf(NotFoundError);
    });
    it('deletes a store with its feature types when recurse is set', async () => {
      const admin = await factory();
      const workspace = await withWorkspace(admin);
      await admin.dataStores.create(workspace, storeSpec('full'));
      await admin.layers.createFeatureType(
        workspace,
        'full',
        buildFeatureTypeSpec({ name: 'towns', kind: 'polygon', store: 'full', namespace: workspace }),
      );
      await expect(admin.dataStores.delete(workspace, 'full')).rejects.toBeInstanceOf(GportalError);
      await admin.dataStores.delete(workspace, 'full', { recurse: true });
      expect(await admin.dataStores.list(workspace)).toEqual([]);
      await expect(admin.layers.getLayer(workspace, 'towns')).rejects.toBeInstanceOf(NotFoundError);
    });
  });
}

/** GeoServer's semantics for feature types and layers. */
export function layerAdminContract(name: string, factory: Factory): void {
  describe(`LayerAdmin contract: ${name}`, () => {
    it('creates a feature type with attributes and publishes it as a layer', async () => {
      const admin = await factory();
      const workspace = await withWorkspace(admin);
      await admin.dataStores.create(workspace, storeSpec('data'));
      const spec = buildFeatureTypeSpec({
        name: 'roads',
        kind: 'line',
        store: 'data',
        namespace: workspace,
        attributes: [{ name: 'name', binding: 'String', nillable: true }],
      });
      await admin.layers.createFeatureType(workspace, 'data', spec);
      expect(await admin.layers.listFeatureTypes(workspace, 'data')).toEqual(['roads']);
      const featureType = await admin.layers.getFeatureType(workspace, 'data', 'roads');
      expect(featureType.name).toBe('roads');
      expect(featureType.srs).toBe('EPSG:4326');
      expect(featureType.latLonBoundingBox).toMatchObject({ minx: -180, maxx: 180, miny: -90, maxy: 90 });
      const layer = await admin.layers.getLayer(workspace, 'roads');
      expect(layer.name).toBe('roads');
      expect(await admin.layers.listLayers(workspace)).toContain('roads');
    });
    it('updates a feature type title and keeps the rest', async () => {
      const admin = await factory();
      const workspace = await withWorkspace(admin);
      await admin.dataStores.create(workspace, storeSpec('data'));
      await admin.layers.createFeatureType(workspace, 'data', buildFeatureTypeSpec({ name: 'poi', kind: 'point', store: 'data', namespace: workspace }));
      await admin.layers.updateFeatureType(workspace, 'data', 'poi', { title: '兴趣点' });
      const featureType = await admin.layers.getFeatureType(workspace, 'data', 'poi');
      expect(featureType.title).toBe('兴趣点');
      expect(featureType.srs).toBe('EPSG:4326');
    });
    it('sets a workspace style as the default style of a layer', async () => {
      const admin = await factory();
      const workspace = await withWorkspace(admin);
      await admin.dataStores.create(workspace, storeSpec('data'));
      await admin.layers.createFeatureType(workspace, 'data', buildFeatureTypeSpec({ name: 'polygon', kind: 'polygon', store: 'data', namespace: workspace }));
      await admin.styles.create({ name: 'polygon', sld: CONTRACT_SLD, workspace });
      await admin.layers.setDefaultStyle(workspace, 'polygon', { workspace, name: 'polygon' });
      expect((await admin.layers.getLayer(workspace, 'polygon')).defaultStyle).toEqual({ workspace, name: 'polygon' });
    });
    it('deletes a feature type with its layer when recurse is set', async () => {
      const admin = await factory();
      const workspace = await withWorkspace(admin);
      await admin.dataStores.create(workspace, storeSpec('data'));
      await admin.layers.createFeatureType(workspace, 'data', buildFeatureTypeSpec({ name: 'gone', kind: 'multipolygon', store: 'data', namespace: workspace }));
      await admin.layers.deleteFeatureType(workspace, 'data', 'gone', { recurse: true });
      await expect(admin.layers.getFeatureType(workspace, 'data', 'gone')).rejects.toBeInstanceOf(NotFoundError);
      await expect(admin.layers.getLayer(workspace, 'gone')).rejects.toBeInstanceOf(NotFoundError);
    });
    it('answers NotFoundError for a missing layer or feature type', async () => {
      const admin = await factory();
      const workspace = await withWorkspace(admin);
      await admin.dataStores.create(workspace, storeSpec('data'));
      await expect(admin.layers.getLayer(workspace, 'nothing')).rejects.toBeInstanceOf(NotFoundError);
      await expect(admin.layers.getFeatureType(workspace, 'data', 'nothing')).rejects.toBeInstanceOf(NotFoundError);
      await expect(admin.layers.getLayer(workspace, 'nothing')).rejects.toMatchObject({ resourceKind: 'layer', resourceName: `${workspace}:nothing` });
      await expect(admin.layers.getFeatureType(workspace, 'data', 'nothing')).rejects.toMatchObject({ resourceKind: 'feature-type', resourceName: `${workspace}:nothing` });
    });
    it('refuses an empty feature type name with ValidationError on the field featureType', async () => {
      const admin = await factory();
      const workspace = await withWorkspace(admin);
      await admin.dataStores.create(workspace, storeSpec('data'));
      await expect(admin.layers.getFeatureType(workspace, 'data', '')).rejects.toMatchObject({ kind: 'validation', problems: { featureType: { rule: 'required' } } });
    });
  });
}

/** GeoServer's semantics for styles, global and per workspace. */
export function styleAdminContract(name: string, factory: Factory): void {
  describe(`StyleAdmin contract: ${name}`, () => {
    it('creates a workspace style, lists it, reads its info and SLD, and deletes it', async () => {
      const admin = await factory();
      const workspace = await withWorkspace(admin);
      await admin.styles.create({ name: 'polygon', sld: CONTRACT_SLD, workspace });
      expect(await admin.styles.list({ workspace })).toContainEqual({ workspace, name: 'polygon' });
      expect((await admin.styles.get('polygon', { workspace })).name).toBe('polygon');
      expect(await admin.styles.getDefinition('polygon', { workspace })).toContain('<PolygonSymbolizer>');
      await admin.styles.delete('polygon', { workspace, purge: true, recurse: true });
      await expect(admin.styles.get('polygon', { workspace })).rejects.toBeInstanceOf(NotFoundError);
    });
    it('replaces the SLD of a style', async () => {
      const admin = await factory();
      const workspace = await withWorkspace(admin);
      await admin.styles.create({ name: 'line', sld: CONTRACT_SLD, workspace });
      const changed = CONTRACT_SLD.replace('#0000FF', '#FF0000');
      await admin.styles.updateDefinition('line', changed, { workspace });
      expect(await admin.styles.getDefinition('line', { workspace })).toContain('#FF0000');
    });
    it('keeps global and workspace styles apart', async () => {
      const admin = await factory();
      const workspace = await withWorkspace(admin);
      const globalName = unique('global_style');
      await admin.styles.create({ name: globalName, sld: CONTRACT_SLD });
      expect((await admin.styles.list()).map((ref) => ref.name)).toContain(globalName);
      expect((await admin.styles.list({ workspace })).map((ref) => ref.name)).not.toContain(globalName);
      await admin.styles.delete(globalName, { purge: true, recurse: true });
      expect((await admin.styles.list()).map((ref) => ref.name)).not.toContain(globalName);
    });
    it('refuses an empty workspace name in every style call (it never means "global"), before changing anything', async () => {
      const admin = await factory();
      const globalName = unique('global_style');
      await admin.styles.create({ name: globalName, sld: CONTRACT_SLD });
      const scope = { workspace: '' };
      const calls: Array<[string, () => Promise<unknown>]> = [
        ['list', () => admin.styles.list(scope)],
        ['get', () => admin.styles.get(globalName, scope)],
        ['getDefinition', () => admin.styles.getDefinition(globalName, scope)],
        ['create', () => admin.styles.create({ name: unique('style'), sld: CONTRACT_SLD, ...scope })],
        ['updateDefinition', () => admin.styles.updateDefinition(globalName, CONTRACT_SLD.replace('#0000FF', '#FF0000'), scope)],
        ['delete', () => admin.styles.delete(globalName, { ...scope, purge: true, recurse: true })],
      ];
      for (const [call, run] of calls) await expect(run(), call).rejects.toBeInstanceOf(ValidationError);
      // The global styles, reached without a workspace, are untouched.
      expect((await admin.styles.list()).map((ref) => ref.name)).toContain(globalName);
      expect((await admin.styles.get(globalName)).name).toBe(globalName);
      expect(await admin.styles.getDefinition(globalName)).toContain('#0000FF');
      await admin.styles.delete(globalName, { purge: true, recurse: true });
    });
    it('refuses a duplicate style and answers NotFoundError for a missing one', async () => {
      const admin = await factory();
      const workspace = await withWorkspace(admin);
      await admin.styles.create({ name: 'dup', sld: CONTRACT_SLD, workspace });
      await expect(admin.styles.create({ name: 'dup', sld: CONTRACT_SLD, workspace })).rejects.toBeInstanceOf(ConflictError);
      await expect(admin.styles.getDefinition('missing', { workspace })).rejects.toBeInstanceOf(NotFoundError);
    });
  });
}
