import { buildFeatureTypeSpec, ValidationError } from '@gportal/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createGeoServerAdmin, type GeoServerAdmin } from './create-geoserver-admin.js';
import { createGeoServerModel, GEOSERVER_URL, REST_PATH, REST_URL } from './test-support/geoserver-model.js';
import { mockGeoServer } from './test-support/mock-geoserver.js';
import { SAMPLE_STORE, SLD_10 } from './test-support/seeded-geoserver.js';

const server = mockGeoServer();
let admin: GeoServerAdmin;

beforeEach(() => {
  server.use(...createGeoServerModel().handlers);
  admin = createGeoServerAdmin({ url: GEOSERVER_URL });
});

const BAD_NAMES = ['../../security/masterpw', 'a/b', '..', 'ws?recurse=true', 'ws#x', 'tab\there', 'nul\u0000', ''];

/**
 * Every adapter method that puts a name into a URL or a catalogue body, called with `bad` in each
 * name position. A style scope's workspace is one of them: an empty one is refused like any other
 * bad name (the global styles are reached by giving no workspace at all).
 */
function callsWith(bad: string): Array<[string, (admin: GeoServerAdmin) => Promise<unknown>]> {
  const featureType = buildFeatureTypeSpec({ name: 'roads', kind: 'line', store: 'nyc', namespace: 'acme' });
  return [
    ['workspaces.get', (a) => a.workspaces.get(bad)],
    ['workspaces.getNamespace', (a) => a.workspaces.getNamespace(bad)],
    ['workspaces.create', (a) => a.workspaces.create(bad)],
    ['workspaces.delete', (a) => a.workspaces.delete(bad, { recurse: true })],
    ['dataStores.list', (a) => a.dataStores.list(bad)],
    ['dataStores.get (workspace)', (a) => a.dataStores.get(bad, 'nyc')],
    ['dataStores.get (store)', (a) => a.dataStores.get('acme', bad)],
    ['dataStores.create (workspace)', (a) => a.dataStores.create(bad, SAMPLE_STORE)],
    ['dataStores.create (store name)', (a) => a.dataStores.create('acme', { ...SAMPLE_STORE, name: bad })],
    ['dataStores.delete', (a) => a.dataStores.delete('acme', bad, { recurse: true })],
    ['layers.listFeatureTypes', (a) => a.layers.listFeatureTypes('acme', bad)],
    ['layers.getFeatureType', (a) => a.layers.getFeatureType('acme', 'nyc', bad)],
    ['layers.createFeatureType (store)', (a) => a.layers.createFeatureType('acme', bad, featureType)],
    ['layers.createFeatureType (name)', (a) => a.layers.createFeatureType('acme', 'nyc', { ...featureType, name: bad })],
    ['layers.updateFeatureType', (a) => a.layers.updateFeatureType('acme', 'nyc', bad, { title: 'x' })],
    ['layers.deleteFeatureType', (a) => a.layers.deleteFeatureType(bad, 'nyc', 'roads', { recurse: true })],
    ['layers.listLayers', (a) => a.layers.listLayers(bad)],
    ['layers.getLayer', (a) => a.layers.getLayer('acme', bad)],
    ['layers.setDefaultStyle (layer)', (a) => a.layers.setDefaultStyle('acme', bad, { name: 'polygon' })],
    ['layers.setDefaultStyle (style)', (a) => a.layers.setDefaultStyle('acme', 'roads', { name: bad })],
    ['layers.setDefaultStyle (style workspace)', (a) => a.layers.setDefaultStyle('acme', 'roads', { workspace: bad, name: 'polygon' })],
    ['styles.get', (a) => a.styles.get(bad)],
    ['styles.create (name)', (a) => a.styles.create({ name: bad, sld: SLD_10 })],
    ['styles.updateDefinition', (a) => a.styles.updateDefinition(bad, SLD_10)],
    ['styles.delete', (a) => a.styles.delete(bad, { purge: true, recurse: true })],
    ['styles.list (workspace)', (a) => a.styles.list({ workspace: bad })],
    ['styles.get (workspace)', (a) => a.styles.get('polygon', { workspace: bad })],
    ['styles.getDefinition (workspace)', (a) => a.styles.getDefinition('polygon', { workspace: bad })],
    ['styles.create (workspace)', (a) => a.styles.create({ name: 'polygon', sld: SLD_10, workspace: bad })],
    ['styles.updateDefinition (workspace)', (a) => a.styles.updateDefinition('polygon', SLD_10, { workspace: bad })],
    ['styles.delete (workspace)', (a) => a.styles.delete('polygon', { workspace: bad, purge: true })],
  ];
}

describe('names in URL paths', () => {
  it.each(BAD_NAMES)('refuses %j in every name position before any request is sent', async (bad) => {
    for (const [label, call] of callsWith(bad)) {
      await expect(call(admin), label).rejects.toBeInstanceOf(ValidationError);
    }
    expect(server.requests).toEqual([]);
  });

  it('refuses what GeoServer would misread before sending: an SLD that is no SLD, a non-PostGIS store', async () => {
    await expect(admin.styles.create({ name: 'x', sld: '* { stroke: red; }' })).rejects.toBeInstanceOf(ValidationError);
    await expect(admin.dataStores.create('acme', { ...SAMPLE_STORE, dbtype: 'shapefile' as 'postgis' })).rejects.toBeInstanceOf(ValidationError);
    await expect(admin.dataStores.create('acme', { ...SAMPLE_STORE, port: 70000 })).rejects.toBeInstanceOf(ValidationError);
    expect(server.requests).toEqual([]);
  });

  it('gives a dotted name an explicit .json so GeoServer does not read its end as a format', async () => {
    await admin.workspaces.create('it.geosolutions');
    // What a bare dotted name gets from GeoServer: `geosolutions` taken as a format.
    expect((await fetch(`${REST_URL}/workspaces/it.geosolutions`, { headers: { Accept: 'application/json' } })).status).toBe(406);
    server.requests.splice(1);
    expect(await admin.workspaces.get('it.geosolutions')).toEqual({ name: 'it.geosolutions', isolated: false });
    await admin.styles.create({ name: 'roads.v2', sld: SLD_10, workspace: 'it.geosolutions' });
    await admin.styles.updateDefinition('roads.v2', SLD_10, { workspace: 'it.geosolutions' });
    expect(await admin.styles.getDefinition('roads.v2', { workspace: 'it.geosolutions' })).toBe(SLD_10);
    await admin.workspaces.delete('it.geosolutions', { recurse: true });
    expect(server.requests.map((request) => `${request.method} ${request.url.pathname.slice(REST_PATH.length)}`)).toEqual([
      'POST /workspaces',
      'GET /workspaces/it.geosolutions.json',
      'POST /workspaces/it.geosolutions/styles',
      'PUT /workspaces/it.geosolutions/styles/roads.v2.sld',
      'GET /workspaces/it.geosolutions/styles/roads.v2.sld',
      'DELETE /workspaces/it.geosolutions.json',
    ]);
  });

  it('encodes names of any script', async () => {
    await admin.workspaces.create('工作空间');
    expect((await admin.workspaces.get('工作空间')).name).toBe('工作空间');
    expect(server.requests[1]!.url.pathname).toBe(`${REST_PATH}/workspaces/${encodeURIComponent('工作空间')}`);
  });
});
