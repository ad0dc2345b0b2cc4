import { buildFeatureTypeSpec, MapServerError } from '@gportal/core';
import { JSDOM } from 'jsdom';
import { http, HttpResponse } from 'msw';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../http/test-support/fixtures.js';
import { createGeoServerAdmin } from './create-geoserver-admin.js';
import { featureTypeJson } from './feature-type-json.js';
import { entriesToRecord, crsCode } from './geoserver-json.js';
import { GEOSERVER_URL, REST_URL } from './test-support/geoserver-model.js';
import { mockGeoServer } from './test-support/mock-geoserver.js';
import { SLD_10 } from './test-support/seeded-geoserver.js';

/**
 * Answers parsed from GeoServer's real shapes: the captured bodies of the fixtures directory, and
 * the JSON examples of GeoServer's own OpenAPI where no capture exists.
 */
const server = mockGeoServer();
const admin = createGeoServerAdmin({ url: GEOSERVER_URL });

function serve(method: 'get' | 'post', path: string, body: string, init: { status?: number; contentType?: string } = {}) {
  server.use(
    http[method](`${REST_URL}${path}`, () => new HttpResponse(body, { status: init.status ?? 200, headers: { 'Content-Type': init.contentType ?? 'application/json' } })),
  );
}

/** The `application/json` example of an operation's 200 answer in GeoServer's OpenAPI. */
function openApiExample(file: string, path: string, method = 'get'): string {
  const spec = parse(readFixture(`openapi/${file}.yaml`)) as { paths: Record<string, Record<string, { responses: Record<string, { examples: Record<string, string> }> }>> };
  return spec.paths[path]![method]!.responses['200']!.examples['application/json']!;
}

function xmlDocument(text: string): Document {
  return new new JSDOM('').window.DOMParser().parseFromString(text, 'application/xml');
}

describe('workspaces and namespaces', () => {
  it('reads the workspace list (rest/workspaces-list.json)', async () => {
    serve('get', '/workspaces', readFixture('rest/workspaces-list.json'));
    expect(await admin.workspaces.list()).toEqual([{ name: 'DDD' }, { name: 'PLAYGROUND' }]);
  });
  it('reads one workspace, ignoring the store links (rest/workspace-single.json)', async () => {
    serve('get', '/workspaces/PLAYGROUND', readFixture('rest/workspace-single.json'));
    expect(await admin.workspaces.get('PLAYGROUND')).toEqual({ name: 'PLAYGROUND', isolated: false });
  });
  it("reads a namespace (GeoServer's namespaces.yaml example)", async () => {
    serve('get', '/namespaces/topp', openApiExample('namespaces', '/namespaces/{namespaceName}'));
    expect(await admin.workspaces.getNamespace('topp')).toEqual({ prefix: 'topp', uri: 'http://www.openplans.org/topp', isolated: false });
  });
});

describe('data stores', () => {
  it('reads the store list (rest/datastores-list.json)', async () => {
    serve('get', '/workspaces/PLAYGROUND/datastores', readFixture('rest/datastores-list.json'));
    expect(await admin.dataStores.list('PLAYGROUND')).toEqual(['shp', 'shps']);
  });
  it('reads connectionParameters.entry[{@key, $}] into a record (rest/datastore-single-shapefile.json)', async () => {
    serve('get', '/workspaces/PLAYGROUND/datastores/g', readFixture('rest/datastore-single-shapefile.json'));
    const store = await admin.dataStores.get('PLAYGROUND', 'g');
    expect(store).toMatchObject({ name: 'g', workspace: 'PLAYGROUND', type: 'Shapefile', enabled: true });
    expect(Object.keys(store.connectionParameters)).toHaveLength(11);
    expect(store.connectionParameters).toMatchObject({ 'create spatial index': 'true', url: 'file:ne_110m_coastline.shp', namespace: 'lol' });
  });
  it('posts PostGIS parameters under the keys of the REST docs (rest/datastore-create-postgis.docs-excerpt.xml)', async () => {
    const excerpt = xmlDocument(readFixture('rest/datastore-create-postgis.docs-excerpt.xml'));
    const documented = Object.fromEntries([...excerpt.querySelector('connectionParameters')!.children].map((element) => [element.tagName, element.textContent]));
    server.use(http.post(`${REST_URL}/workspaces/acme/datastores`, () => new HttpResponse('nyc', { status: 201, headers: { Location: `${REST_URL}/workspaces/acme/datastores/nyc` } })));
    await admin.dataStores.create('acme', { name: 'nyc', host: 'localhost', port: 5432, database: 'nyc', schema: 'public', user: 'bob', password: 'postgres', dbtype: 'postgis' });
    const sent = JSON.parse(await server.requests[0]!.body) as { dataStore: { name: string; connectionParameters: Parameters<typeof entriesToRecord>[0] } };
    expect(sent.dataStore.name).toBe(excerpt.querySelector('dataStore > name')!.textContent);
    const parameters = entriesToRecord(sent.dataStore.connectionParameters);
    expect(Object.fromEntries(Object.keys(documented).map((key) => [key, parameters[key]]))).toEqual(documented);
  });
});

describe('feature types', () => {
  it('reads the feature type list (rest/featuretypes-list.json)', async () => {
    serve('get', '/workspaces/PLAYGROUND/datastores/shp/featuretypes', readFixture('rest/featuretypes-list.json'));
    expect(await admin.layers.listFeatureTypes('PLAYGROUND', 'shp')).toEqual(['ne_110m_coastline', 'ne_110m_coastline2']);
  });
  it('reads CRS objects, WKT, bounding boxes and Java bindings (rest/featuretype-single.json)', async () => {
    serve('get', '/workspaces/s/datastores/sas/featuretypes/bld_fts_buildingpart', readFixture('rest/featuretype-single.json'));
    const featureType = await admin.layers.getFeatureType('s', 'sas', 'bld_fts_buildingpart');
    expect(featureType).toMatchObject({
      name: 'bld_fts_buildingpart',
      workspace: 's',
      store: 'sas',
      namespace: 's',
      keywords: ['features', 'bld_fts_buildingpart'],
      nativeCRS: 'EPSG:27700',
      srs: 'EPSG:27700',
      nativeBoundingBox: { minx: 264970.869, maxx: 270013.039, miny: 840102.83, maxy: 845199.878, crs: 'EPSG:27700' },
      latLonBoundingBox: { minx: -4.253489380362922, maxx: -4.166763617166525, crs: 'EPSG:4326' },
      projectionPolicy: 'FORCE_DECLARED',
      enabled: true,
      maxFeatures: 0,
    });
    const attributes = featureType.attributes!;
    expect(attributes[0]).toEqual({ name: 'geometry', binding: 'Polygon', nillable: true, minOccurs: 0, maxOccurs: 1 });
    expect(attributes.find((attribute) => attribute.name === 'versiondate')?.binding).toBe('Date'); // java.sql.Date
    expect(attributes.find((attribute) => attribute.name === 'versionavailablefromdate')?.binding).toBe('Date'); // java.sql.Timestamp
    expect(attributes.find((attribute) => attribute.name === 'geometry_area_m2')?.binding).toBe('Double');
  });
  it('posts attributes with the Java bindings of the REST docs (rest/featuretype-create-postgis-with-attributes.docs-excerpt.xml)', () => {
    const excerpt = xmlDocument(readFixture('rest/featuretype-create-postgis-with-attributes.docs-excerpt.xml'));
    const text = (selector: string) => excerpt.querySelector(selector)!.textContent;
    const body = featureTypeJson({
      name: 'annotations',
      nativeName: 'annotations',
      title: 'Annotations',
      srs: 'EPSG:4326',
      attributes: [
        { name: 'the_geom', binding: 'Point' },
        { name: 'description', binding: 'String' },
        { name: 'timestamp', binding: 'Date' },
      ],
    });
    expect(body).toEqual({
      name: text('featureType > name'),
      nativeName: text('nativeName'),
      title: text('title'),
      srs: text('srs'),
      attributes: {
        attribute: [...excerpt.querySelectorAll('attribute')].map((attribute) => ({
          name: attribute.querySelector('name')!.textContent,
          binding: attribute.querySelector('binding')!.textContent,
        })),
      },
    });
  });
  it('reads a one-element entry map collapsed to an object, and a class-hinted CRS (rest/layergroup-single.json)', () => {
    const group = JSON.parse(readFixture('rest/layergroup-single.json')) as { layerGroup: { metadata: Parameters<typeof entriesToRecord>[0]; bounds: { crs: Parameters<typeof crsCode>[0] } } };
    expect(entriesToRecord(group.layerGroup.metadata)).toEqual({ cachingEnabled: 'false' });
    expect(crsCode(group.layerGroup.bounds.crs)).toBe('EPSG:32631');
  });
});

describe('layers', () => {
  it('reads a layer with its default style, linked-hash-set styles and resource (rest/layer-single.json)', async () => {
    serve('get', '/workspaces/geoportal/layers/testgslayer', readFixture('rest/layer-single.json'));
    const layer = await admin.layers.getLayer('geoportal', 'testgslayer');
    expect(layer).toEqual({
      name: 'testgslayer',
      workspace: 'geoportal',
      type: 'VECTOR',
      defaultStyle: { name: 'point' },
      styles: ['giant_polygon', 'dem', 'capitals', 'green', 'cite_lakes'].map((name) => ({ name })),
      resource: { name: 'testgslayer', workspace: 'geoportal', store: 'flat-test' },
    });
  });
  it("reads a workspace default style written workspace:style (GeoServer's layers.yaml example)", async () => {
    const example = JSON.parse(openApiExample('layers', '/workspaces/{workspaceName}/layers/{layerName}')) as { layer: { defaultStyle: { name: string } } };
    example.layer.defaultStyle.name = 'tiger:poi';
    serve('get', '/workspaces/tiger/layers/poi', JSON.stringify(example));
    expect((await admin.layers.getLayer('tiger', 'poi')).defaultStyle).toEqual({ workspace: 'tiger', name: 'poi' });
  });
});

describe('styles', () => {
  it('reads the global style list (rest/styles-list.json)', async () => {
    serve('get', '/styles', readFixture('rest/styles-list.json'));
    expect(await admin.styles.list()).toEqual(['point', 'line', 'polygon', 'raster'].map((name) => ({ name })));
  });
  it('reads style info with languageVersion as an object (rest/style-single.json)', async () => {
    serve('get', '/styles/point', readFixture('rest/style-single.json'));
    expect(await admin.styles.get('point')).toEqual({ name: 'point', format: 'sld', languageVersion: '1.0.0', filename: 'default_point.sld' });
  });
  it("reads a workspace style's workspace (GeoServer's styles.yaml example)", async () => {
    serve('get', '/workspaces/sf/styles/burg', openApiExample('styles', '/rest/workspaces/{workspace}/styles/{style}'));
    expect(await admin.styles.get('burg', { workspace: 'sf' })).toMatchObject({ name: 'burg', workspace: 'sf', languageVersion: '1.0.0' });
  });
  it('returns the SLD document as GeoServer sent it (sld/default_point.sld)', async () => {
    serve('get', '/styles/point.sld', SLD_10, { contentType: 'application/vnd.ogc.sld+xml' });
    expect(await admin.styles.getDefinition('point')).toBe(SLD_10);
  });
  it('refuses an answer that is not an SLD document', async () => {
    serve('get', '/styles/point.sld', '{"style":{}}');
    await expect(admin.styles.getDefinition('point')).rejects.toBeInstanceOf(MapServerError);
  });
});

describe("GeoServer's list quirks", () => {
  it('reads an empty list written as ""', async () => {
    serve('get', '/workspaces', '{"workspaces":""}');
    serve('get', '/workspaces/acme/datastores', '{"dataStores":""}');
    serve('get', '/workspaces/acme/layers', '{"layers":""}');
    serve('get', '/styles', '{"styles":""}');
    expect(await admin.workspaces.list()).toEqual([]);
    expect(await admin.dataStores.list('acme')).toEqual([]);
    expect(await admin.layers.listLayers('acme')).toEqual([]);
    expect(await admin.styles.list()).toEqual([]);
  });
  it('reads a one-element list written as the element itself, and qualified names', async () => {
    serve('get', '/workspaces/acme/datastores/nyc/featuretypes', '{"featureTypes":{"featureType":{"name":"roads","href":"x"}}}');
    serve('get', '/workspaces/acme/layers', '{"layers":{"layer":{"name":"acme:roads","href":"x"}}}');
    expect(await admin.layers.listFeatureTypes('acme', 'nyc')).toEqual(['roads']);
    expect(await admin.layers.listLayers('acme')).toEqual(['roads']);
  });
  it('reads a layer whose style set is empty', async () => {
    serve('get', '/workspaces/acme/layers/roads', '{"layer":{"name":"roads","styles":{"@class":"linked-hash-set"}}}');
    expect((await admin.layers.getLayer('acme', 'roads')).styles).toEqual([]);
  });
});

describe('creation answers', () => {
  it('takes a 201 with an empty body (feature types) or a plain-text name (workspaces) as created', async () => {
    server.use(
      http.post(`${REST_URL}/workspaces`, () => new HttpResponse('acme', { status: 201, headers: { 'Content-Type': 'text/plain', Location: `${REST_URL}/workspaces/acme` } })),
      http.post(`${REST_URL}/workspaces/acme/datastores/nyc/featuretypes`, () => new HttpResponse('', { status: 201, headers: { Location: `${REST_URL}/workspaces/acme/datastores/nyc/featuretypes/roads` } })),
    );
    await expect(admin.workspaces.create('acme')).resolves.toBeUndefined();
    await expect(admin.layers.createFeatureType('acme', 'nyc', buildFeatureTypeSpec({ name: 'roads', kind: 'line', store: 'nyc', namespace: 'acme' }))).resolves.toBeUndefined();
  });
  it('refuses a 200 page where a 201 was due (a login form answered instead)', async () => {
    server.use(http.post(`${REST_URL}/workspaces`, () => HttpResponse.html('<html><head><title>GeoServer: Login</title></head></html>')));
    const error = await admin.workspaces.create('acme').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MapServerError);
    expect((error as MapServerError).text).toBe('expected 201 Created, got 200: GeoServer: Login');
  });
});
