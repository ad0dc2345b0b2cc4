import './test-support/register-dom.js';
import { MapServerError } from '@gportal/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFeatureSet } from './feature-reader.js';
import { answerOf, layerFromSchema, readQgisFixture } from './test-support/fixtures.js';
import { parseXml } from './wfs-xml.js';
import { XML_MAX_DEPTH } from './xml-scanner.js';

const towns = layerFromSchema(readQgisFixture('wfs110-DescribeFeatureType-towns.xsd'), 'towns');
const CLOSED = '119.1 25.9 119.5 25.9 119.5 26.2 119.1 25.9';

function gmlTowns(posLists: Record<string, string>): string {
  const members = Object.entries(posLists).map(
    ([id, posList]) =>
      `<gml:featureMember><qgs:towns gml:id="${id}"><qgs:geometry><gml:Polygon srsName="urn:ogc:def:crs:OGC:1.3:CRS84"><gml:exterior><gml:LinearRing><gml:posList>${posList}</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></qgs:geometry></qgs:towns></gml:featureMember>`,
  );
  return `<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" xmlns:qgs="http://www.qgis.org/gml">${members.join('')}</wfs:FeatureCollection>`;
}

function geoJsonTowns(geometries: Record<string, string>): string {
  const features = Object.entries(geometries).map(([id, geometry]) => `{"type":"Feature","id":"${id}","geometry":${geometry},"properties":{"name":"${id}"}}`);
  return `{"type":"FeatureCollection","features":[${features.join(',')}]}`;
}

/** The answer read as `WfsEndpoint` hands it on (XML as text, the GetFeature path). */
const read = (text: string) => readFeatureSet({ status: 200, mediaType: /^\s*</.test(text) ? 'text/xml' : 'application/json', text }, towns);

function refusedWith(code: string, run: () => unknown): void {
  let error: unknown;
  try {
    run();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(MapServerError);
  expect((error as MapServerError).code).toBe(code);
}

afterEach(() => vi.restoreAllMocks());

describe('hostile GML coordinates never reach the map', () => {
  it.for<[string, string]>([
    ['NaN', '119.1 25.9 NaN 25.9 119.5 26.2 119.1 25.9'],
    ['INF', '119.1 25.9 INF 25.9 119.5 26.2 119.1 25.9'],
    ['-INF', '119.1 25.9 -INF 25.9 119.5 26.2 119.1 25.9'],
    ['1e400 (beyond a double)', '119.1 25.9 1e400 25.9 119.5 26.2 119.1 25.9'],
    ['a number with trailing letters (parseFloat reads 1abc as 1)', '119.1 25.9 1abc 25.9 119.5 26.2 119.1 25.9'],
    ['a hexadecimal number', '119.1 25.9 0x10 25.9 119.5 26.2 119.1 25.9'],
    ['a value left over', `${CLOSED} 3`],
    ['an open ring', '119.1 25.9 119.5 25.9 119.5 26.2 119.2 25.9'],
    ['a ring of 3 positions', '119.1 25.9 119.5 25.9 119.1 25.9'],
    ['an empty ring', ''],
  ])('skips and counts a feature with %s, and keeps the others', ([, posList]) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { features, skipped } = read(gmlTowns({ 'towns.1': CLOSED, 'towns.2': posList }));
    expect(features.map((feature) => feature.id)).toEqual(['towns.1']);
    expect(skipped).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('towns.2'));
  });

  it('skips a GML2 coordinates tuple with a single value', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const gml = `<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" xmlns:qgs="http://www.qgis.org/gml"><gml:featureMember><qgs:towns fid="towns.1"><qgs:geometry><gml:Point srsName="EPSG:4326"><gml:coordinates>119.3</gml:coordinates></gml:Point></qgs:geometry></qgs:towns></gml:featureMember></wfs:FeatureCollection>`;
    expect(read(gml)).toEqual({ features: [], skipped: 1 });
  });
});

describe('hostile GeoJSON coordinates never reach the map', () => {
  it.for<[string, string]>([
    ['1e400 (JSON.parse makes it Infinity)', '{"type":"Point","coordinates":[1e400,26]}'],
    ['a string coordinate', '{"type":"Point","coordinates":["119",26]}'],
    ['null in a position', '{"type":"LineString","coordinates":[[119,26],[null,26]]}'],
    ['an empty ring', '{"type":"Polygon","coordinates":[[]]}'],
    ['an open ring', '{"type":"Polygon","coordinates":[[[119,26],[120,26],[120,27],[119,27]]]}'],
    ['a polygon nested one level deeper', `{"type":"Polygon","coordinates":[[[[119,26],[120,26],[120,27],[119,26]]]]}`],
    ['a point nested one level deeper', '{"type":"Point","coordinates":[[119,26]]}'],
    ['a line nested one level shallower', '{"type":"LineString","coordinates":[119,26]}'],
    ['a geometry nested 100 000 deep', `{"type":"MultiPolygon","coordinates":${'['.repeat(100_000)}${']'.repeat(100_000)}}`],
  ])('skips and counts a feature with %s, and keeps the others', ([, geometry]) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { features, skipped } = read(geoJsonTowns({ 'towns.1': '{"type":"Point","coordinates":[119.3,26.08]}', 'towns.2': geometry }));
    expect(features.map((feature) => feature.id)).toEqual(['towns.1']);
    expect(skipped).toBe(1);
  });
});

describe('answers of the wrong shape are a MalformedResponse, never a TypeError', () => {
  it.for<[string, string]>([
    ['a null feature', '{"type":"FeatureCollection","features":[null]}'],
    ['a number for a feature', '{"type":"FeatureCollection","features":[1]}'],
    ['a string for a feature', '{"type":"FeatureCollection","features":["towns.1"]}'],
    ['an array for a feature', '{"type":"FeatureCollection","features":[[]]}'],
    ['an object for an id', '{"type":"FeatureCollection","features":[{"id":{"x":1},"geometry":null}]}'],
    ['a string for properties', '{"type":"FeatureCollection","features":[{"id":"t.1","geometry":{"type":"Point","coordinates":[1,2]},"properties":"name"}]}'],
  ])('%s', ([, text]) => {
    refusedWith('MalformedResponse', () => read(text));
  });

  it('reads a schema property named like an Object method from the feature only', () => {
    const layer = { ...towns, schema: { ...towns.schema, properties: [{ name: 'constructor', type: 'string' as const, nullable: true }] } };
    const text = geoJsonTowns({ 'towns.1': '{"type":"Point","coordinates":[119.3,26.08]}' });
    expect(readFeatureSet({ status: 200, mediaType: 'application/json', text }, layer).features[0]?.properties).toEqual({ constructor: null });
  });
});

describe('work is bounded: an answer nested 100 000 elements deep is refused at once', () => {
  const deep = (depth: number) => `${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`;

  it('as a GetFeature answer (the streaming scanner)', () => {
    const gml = gmlTowns({ 'towns.1': CLOSED }).replace('<gml:featureMember>', `<gml:featureMember>${deep(100_000)}`);
    refusedWith('MalformedResponse', () => read(gml));
  });

  it('as any other answer, before a DOM is built (jsdom took 25 s to overflow its stack)', () => {
    refusedWith('MalformedResponse', () => parseXml(deep(100_000), 'GetCapabilities'));
    expect(() => parseXml(deep(XML_MAX_DEPTH), 'GetCapabilities')).not.toThrow();
    refusedWith('MalformedResponse', () => parseXml(deep(XML_MAX_DEPTH + 1), 'GetCapabilities'));
  });

  it('and a document type declaration is not read', () => {
    refusedWith('MalformedResponse', () => answerOf('<!DOCTYPE r [<!ENTITY a "aaaa">]><r>&a;</r>'));
  });
});
