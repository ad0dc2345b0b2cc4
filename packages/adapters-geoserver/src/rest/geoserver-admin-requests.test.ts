import { buildFeatureTypeSpec } from '@gportal/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createGeoServerAdmin, type GeoServerAdmin } from './create-geoserver-admin.js';
import { createGeoServerModel, GEOSERVER_URL, REST_PATH } from './test-support/geoserver-model.js';
import { mockGeoServer } from './test-support/mock-geoserver.js';
import { SAMPLE_STORE, SE_11, SLD_10, seededMapServer } from './test-support/seeded-geoserver.js';

/**
 * One row per map-server REST call of spec section 7 (and the calls around them): the adapter
 * method, and the exact request it must send. `mockGeoServer` also validates each request
 * against GeoServer's OpenAPI; the seeded model answers it.
 */
interface Call {
  call: string;
  run(admin: GeoServerAdmin): Promise<unknown>;
  method: string;
  path: string;
  query?: Record<string, string>;
  contentType?: string;
  accept?: string;
  /** JSON bodies are compared parsed, text bodies as is. */
  body?: unknown;
}

const polygonType = buildFeatureTypeSpec({
  name: 'line',
  kind: 'line',
  store: 'store_33',
  namespace: 'store_33',
  attributes: [{ name: 'name', binding: 'String', nillable: true }],
});

const CALLS: Call[] = [
  { call: 'list workspaces', run: (admin) => admin.workspaces.list(), method: 'GET', path: '/workspaces', accept: 'application/json' },
  { call: 'get workspace', run: (admin) => admin.workspaces.get('store_33'), method: 'GET', path: '/workspaces/store_33' },
  { call: 'GET /namespaces/{workspace}', run: (admin) => admin.workspaces.getNamespace('store_33'), method: 'GET', path: '/namespaces/store_33' },
  {
    call: 'add workspace',
    run: (admin) => admin.workspaces.create('store_20'),
    method: 'POST',
    path: '/workspaces',
    contentType: 'application/json',
    body: { workspace: { name: 'store_20' } },
  },
  {
    call: 'delete workspace with everything in it',
    run: (admin) => admin.workspaces.delete('store_33', { recurse: true }),
    method: 'DELETE',
    path: '/workspaces/store_33',
    query: { recurse: 'true' },
  },
  { call: 'GET /workspaces/{workspace}/datastores', run: (admin) => admin.dataStores.list('store_33'), method: 'GET', path: '/workspaces/store_33/datastores' },
  {
    call: 'POST /workspaces/{workspace}/datastores (PostGIS)',
    run: (admin) => admin.dataStores.create('store_33', { ...SAMPLE_STORE, name: 'store_34', description: '测试库' }),
    method: 'POST',
    path: '/workspaces/store_33/datastores',
    contentType: 'application/json',
    body: {
      dataStore: {
        name: 'store_34',
        description: '测试库',
        connectionParameters: {
          entry: [
            { '@key': 'host', $: '127.0.0.1' },
            { '@key': 'port', $: '5432' },
            { '@key': 'database', $: 'gis' },
            { '@key': 'schema', $: 'public' },
            { '@key': 'user', $: 'postgres' },
            { '@key': 'passwd', $: 'secret' },
            { '@key': 'dbtype', $: 'postgis' },
          ],
        },
      },
    },
  },
  {
    call: 'GET /workspaces/{workspace}/datastores/{datastore}',
    run: (admin) => admin.dataStores.get('store_33', 'store_33'),
    method: 'GET',
    path: '/workspaces/store_33/datastores/store_33',
  },
  {
    call: 'DELETE /workspaces/{workspace}/datastores/{datastore}?recurse=true',
    run: (admin) => admin.dataStores.delete('store_33', 'store_33', { recurse: true }),
    method: 'DELETE',
    path: '/workspaces/store_33/datastores/store_33',
    query: { recurse: 'true' },
  },
  {
    call: 'list feature types',
    run: (admin) => admin.layers.listFeatureTypes('store_33', 'store_33'),
    method: 'GET',
    path: '/workspaces/store_33/datastores/store_33/featuretypes',
  },
  {
    call: 'POST …/featuretypes with attributes (creates the table)',
    run: (admin) => admin.layers.createFeatureType('store_33', 'store_33', polygonType),
    method: 'POST',
    path: '/workspaces/store_33/datastores/store_33/featuretypes',
    contentType: 'application/json',
    body: {
      featureType: {
        name: 'line',
        nativeName: 'line',
        namespace: { name: 'store_33' },
        title: 'line',
        keywords: { string: ['features', 'line'] },
        nativeCRS: 'EPSG:4326',
        srs: 'EPSG:4326',
        nativeBoundingBox: { minx: -180, maxx: 180, miny: -90, maxy: 90, crs: 'EPSG:4326' },
        latLonBoundingBox: { minx: -180, maxx: 180, miny: -90, maxy: 90, crs: 'EPSG:4326' },
        projectionPolicy: 'FORCE_DECLARED',
        enabled: true,
        maxFeatures: 2000,
        numDecimals: 8,
        attributes: {
          attribute: [
            { name: 'geom', binding: 'org.locationtech.jts.geom.LineString', nillable: true, minOccurs: 0, maxOccurs: 1 },
            { name: 'name', binding: 'java.lang.String', nillable: true },
          ],
        },
      },
    },
  },
  {
    call: 'GET …/featuretypes/{featuretype}',
    run: (admin) => admin.layers.getFeatureType('store_33', 'store_33', 'polygon'),
    method: 'GET',
    path: '/workspaces/store_33/datastores/store_33/featuretypes/polygon',
  },
  {
    call: 'PUT …/featuretypes/{featuretype}',
    run: (admin) => admin.layers.updateFeatureType('store_33', 'store_33', 'polygon', { title: '面', keywords: ['面'] }),
    method: 'PUT',
    path: '/workspaces/store_33/datastores/store_33/featuretypes/polygon',
    contentType: 'application/json',
    body: { featureType: { title: '面', keywords: { string: ['面'] } } },
  },
  {
    call: 'DELETE …/featuretypes/{featuretype}?recurse=true',
    run: (admin) => admin.layers.deleteFeatureType('store_33', 'store_33', 'polygon', { recurse: true }),
    method: 'DELETE',
    path: '/workspaces/store_33/datastores/store_33/featuretypes/polygon',
    query: { recurse: 'true' },
  },
  { call: 'list layers', run: (admin) => admin.layers.listLayers('store_33'), method: 'GET', path: '/workspaces/store_33/layers' },
  {
    call: 'GET /workspaces/{workspace}/layers/{layer} (with style)',
    run: (admin) => admin.layers.getLayer('store_33', 'polygon'),
    method: 'GET',
    path: '/workspaces/store_33/layers/polygon',
  },
  {
    call: 'PUT /workspaces/{workspace}/layers/{layer} (default style workspace:style)',
    run: (admin) => admin.layers.setDefaultStyle('store_33', 'polygon', { workspace: 'store_33', name: 'polygon' }),
    method: 'PUT',
    path: '/workspaces/store_33/layers/polygon',
    contentType: 'application/json',
    body: { layer: { defaultStyle: { name: 'store_33:polygon' } } },
  },
  { call: 'GET /styles', run: (admin) => admin.styles.list(), method: 'GET', path: '/styles' },
  { call: 'GET /styles/{style}', run: (admin) => admin.styles.get('point'), method: 'GET', path: '/styles/point' },
  {
    call: 'GET /styles/{style}.sld',
    run: (admin) => admin.styles.getDefinition('point'),
    method: 'GET',
    path: '/styles/point.sld',
    accept: 'application/vnd.ogc.sld+xml',
  },
  { call: 'GET /workspaces/{workspace}/styles', run: (admin) => admin.styles.list({ workspace: 'store_33' }), method: 'GET', path: '/workspaces/store_33/styles' },
  {
    call: 'GET /workspaces/{workspace}/styles/{style}',
    run: (admin) => admin.styles.get('polygon', { workspace: 'store_33' }),
    method: 'GET',
    path: '/workspaces/store_33/styles/polygon',
  },
  {
    call: 'GET /workspaces/{workspace}/styles/{style}.sld',
    run: (admin) => admin.styles.getDefinition('polygon', { workspace: 'store_33' }),
    method: 'GET',
    path: '/workspaces/store_33/styles/polygon.sld',
    accept: 'application/vnd.ogc.sld+xml',
  },
  {
    call: 'POST /workspaces/{workspace}/styles?name={style} with SLD 1.0',
    run: (admin) => admin.styles.create({ name: 'point', sld: SLD_10, workspace: 'store_33' }),
    method: 'POST',
    path: '/workspaces/store_33/styles',
    query: { name: 'point' },
    contentType: 'application/vnd.ogc.sld+xml',
    body: SLD_10,
  },
  {
    call: 'POST /workspaces/{workspace}/styles?name={style} with SE 1.1',
    run: (admin) => admin.styles.create({ name: 'topo_area', sld: SE_11, workspace: 'store_33' }),
    method: 'POST',
    path: '/workspaces/store_33/styles',
    query: { name: 'topo_area' },
    contentType: 'application/vnd.ogc.se+xml',
    body: SE_11,
  },
  {
    call: 'POST /styles?name={style} (global)',
    run: (admin) => admin.styles.create({ name: 'topo_area', sld: SE_11 }),
    method: 'POST',
    path: '/styles',
    query: { name: 'topo_area' },
    contentType: 'application/vnd.ogc.se+xml',
    body: SE_11,
  },
  {
    call: 'PUT /workspaces/{workspace}/styles/{style} with SLD XML',
    run: (admin) => admin.styles.updateDefinition('polygon', SE_11, { workspace: 'store_33' }),
    method: 'PUT',
    path: '/workspaces/store_33/styles/polygon',
    contentType: 'application/vnd.ogc.se+xml',
    body: SE_11,
  },
  {
    call: 'DELETE /workspaces/{workspace}/styles/{style}?purge=true&recurse=true',
    run: (admin) => admin.styles.delete('polygon', { workspace: 'store_33', purge: true, recurse: true }),
    method: 'DELETE',
    path: '/workspaces/store_33/styles/polygon',
    query: { purge: 'true', recurse: 'true' },
  },
];

const server = mockGeoServer();
let admin: GeoServerAdmin;

beforeEach(() => {
  server.use(...createGeoServerModel(seededMapServer()).handlers);
  admin = createGeoServerAdmin({ url: GEOSERVER_URL, username: 'admin', password: 'geoserver' });
});

describe('GeoServer REST requests (spec section 7), checked against the OpenAPI', () => {
  it.each(CALLS)('$call', async (expected) => {
    await expected.run(admin);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.method).toBe(expected.method);
    expect(request!.url.pathname).toBe(`${REST_PATH}${expected.path}`);
    expect(Object.fromEntries(request!.url.searchParams)).toEqual(expected.query ?? {});
    expect(request!.headers.get('authorization')).toBe(`Basic ${btoa('admin:geoserver')}`);
    if (expected.accept) expect(request!.headers.get('accept')).toBe(expected.accept);
    const body = await request!.body;
    if (expected.body === undefined) {
      expect(body).toBe('');
    } else {
      expect(request!.headers.get('content-type')?.split(';')[0]).toBe(expected.contentType);
      expect(typeof expected.body === 'string' ? body : JSON.parse(body)).toEqual(expected.body);
    }
  });

  it('covers every map-server REST call of spec section 7', () => {
    const section7 = [
      'GET /namespaces/{workspace}',
      'GET /workspaces/{workspace}/datastores',
      'POST /workspaces/{workspace}/datastores',
      'GET /workspaces/{workspace}/datastores/{datastore}',
      'DELETE /workspaces/{workspace}/datastores/{datastore}?recurse=true',
      'GET …/featuretypes/{featuretype}',
      'PUT …/featuretypes/{featuretype}',
      'DELETE …/featuretypes/{featuretype}?recurse=true',
      'GET /workspaces/{workspace}/layers/{layer}',
      'PUT /workspaces/{workspace}/layers/{layer}',
      'GET /styles',
      'GET /styles/{style}',
      'GET /styles/{style}.sld',
      'GET /workspaces/{workspace}/styles',
      'GET /workspaces/{workspace}/styles/{style}',
      'POST /workspaces/{workspace}/styles?name={style}',
      'PUT /workspaces/{workspace}/styles/{style}',
      'DELETE /workspaces/{workspace}/styles/{style}?purge=true&recurse=true',
    ];
    for (const call of section7) expect(CALLS.some((row) => row.call.startsWith(call)), call).toBe(true);
  });

  it('leaves recurse and purge out when they are not asked for', async () => {
    await admin.styles.delete('point');
    await admin.workspaces.delete('store_20').catch(() => undefined);
    expect(server.requests.map((request) => request.url.search)).toEqual(['', '']);
  });
});
