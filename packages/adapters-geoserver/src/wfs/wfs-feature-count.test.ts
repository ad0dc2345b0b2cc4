import './test-support/register-dom.js';
import { MapServerError, NotFoundError } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { createWfsAdapters } from './create-wfs-adapters.js';
import { writeGetFeature } from './get-feature-request.js';
import { fakeWfs, type FakeAnswer, type FakeRequest } from './test-support/fake-wfs.js';
import { layerFromSchema, readQgisFixture } from './test-support/fixtures.js';
import { xmlTree } from './test-support/golden.js';
import { writeGetFeatureWithOpenLayers } from './test-support/ol-get-feature-writer.js';
import { parseXml } from './wfs-xml.js';

const URL_ = 'http://wfs.test/ows';
const TOWNS_SCHEMA = readQgisFixture('wfs110-DescribeFeatureType-towns.xsd');
/** QGIS Server 3.22's answer to a hits GetFeature of `towns` (7 features). */
const HITS = readQgisFixture('wfs110-GetFeature-towns-hits.xml');
const towns = layerFromSchema(TOWNS_SCHEMA, 'towns');

function server(getFeature: (request: FakeRequest) => FakeAnswer) {
  return fakeWfs((request) => {
    if (request.operation === 'DescribeFeatureType') return { body: TOWNS_SCHEMA };
    if (request.operation === 'GetFeature') return getFeature(request);
    return undefined;
  });
}

describe('counting and paging features over WFS', () => {
  it('writes startIndex and resultType as OpenLayers does, and nothing of them when not asked', () => {
    for (const version of ['1.0.0', '1.1.0', '2.0.0'] as const) {
      const paged = { layer: towns, version, maxFeatures: 2000, bbox: [117, 24, 118, 25] as [number, number, number, number], startIndex: 4000 };
      expect(xmlTree(writeGetFeature(paged))).toEqual(xmlTree(writeGetFeatureWithOpenLayers(paged)));
      const hits = { layer: towns, version, resultType: 'hits' as const };
      expect(xmlTree(writeGetFeature(hits))).toEqual(xmlTree(writeGetFeatureWithOpenLayers(hits)));
    }
    const root = parseXml(writeGetFeature({ layer: towns, version: '1.1.0', maxFeatures: 5, startIndex: 0 }), 'test').documentElement;
    expect(root.hasAttribute('startIndex')).toBe(false);
    expect(root.hasAttribute('resultType')).toBe(false);
  });

  it('counts with a hits GetFeature in GML, the bbox as a filter, and reads numberOfFeatures', async () => {
    const fake = server(() => ({ body: HITS }));
    const { source } = createWfsAdapters({ url: URL_, fetch: fake.fetch });
    expect(await source.countFeatures({ typeName: 'towns', bbox: [117, 24, 118, 25] })).toBe(7);
    const post = fake.requests.find((request) => request.operation === 'GetFeature') as FakeRequest;
    const root = parseXml(post.body, 'test').documentElement;
    expect(root.getAttribute('resultType')).toBe('hits');
    expect(root.hasAttribute('outputFormat')).toBe(false);
    // QGIS Server counts no further than a limit: a hits request has none unless asked (atMost).
    expect(root.hasAttribute('maxFeatures')).toBe(false);
    expect(root.getElementsByTagNameNS('http://www.opengis.net/ogc', 'BBOX')).toHaveLength(1);
  });

  it('asks the server to stop counting at atMost, as the limit of the hits request (count in WFS 2.0)', async () => {
    for (const [version, limit, typeNames] of [
      ['1.1.0', 'maxFeatures', 'TYPENAME'],
      ['2.0.0', 'count', 'TYPENAMES'],
    ] as const) {
      const fake = server(() => ({ body: version === '2.0.0' ? '<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" numberMatched="2001" numberReturned="0"/>' : HITS }));
      const { source } = createWfsAdapters({ url: URL_, version, fetch: fake.fetch });
      // A view's count: posted, its box a filter.
      await source.countFeatures({ typeName: 'towns', bbox: [117, 24, 118, 25], atMost: 2001 });
      const post = fake.requests.find((request) => request.operation === 'GetFeature') as FakeRequest;
      const root = parseXml(post.body, 'test').documentElement;
      expect(root.getAttribute('resultType')).toBe('hits');
      expect(root.getAttribute(limit)).toBe('2001');
      // The whole layer's: by KVP, the same limit.
      await source.countFeatures({ typeName: 'towns', atMost: 2001 });
      const get = fake.requests.filter((request) => request.operation === 'GetFeature')[1] as FakeRequest;
      expect(get.method).toBe('GET');
      expect(Object.fromEntries(get.url.searchParams)).toEqual({ SERVICE: 'WFS', VERSION: version, REQUEST: 'GetFeature', [typeNames]: 'towns', RESULTTYPE: 'hits', [limit.toUpperCase()]: '2001' });
    }
  });

  it('counts the whole layer by KVP, sent with its DescribeFeatureType rather than after it', async () => {
    const fake = server(() => ({ body: HITS }));
    let countSent: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => (countSent = resolve));
    // The schema is answered only once the count has left: a count that waited for it would never be answered.
    const held: typeof fetch = async (input, init) => {
      const operation = new URL(String(input)).searchParams.get('REQUEST');
      if (operation === 'GetFeature') countSent();
      if (operation === 'DescribeFeatureType') await sent;
      return fake.fetch(input, init);
    };
    const { source } = createWfsAdapters({ url: URL_, fetch: held });
    expect(await source.countFeatures({ typeName: 'towns' })).toBe(7);
    expect(fake.requests.map((request) => `${request.method} ${request.operation}`)).toEqual(['GET GetFeature', 'GET DescribeFeatureType']);
    // The schema read with it is kept: a read of the features asks for it no more.
    await source.describe('towns');
    expect(fake.requests).toHaveLength(2);
  });

  it('fails a count of a type the server does not have as a read of its schema does: NotFoundError', async () => {
    const fake = fakeWfs((request) => {
      if (request.operation === 'DescribeFeatureType') return { body: TOWNS_SCHEMA };
      return { status: 400, body: '<ServiceExceptionReport><ServiceException code="InvalidParameterValue">TypeName \'lakes\' could not be found</ServiceException></ServiceExceptionReport>' };
    });
    const { source } = createWfsAdapters({ url: URL_, fetch: fake.fetch });
    await expect(source.countFeatures({ typeName: 'lakes' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(source.describe('lakes')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('reads numberMatched in WFS 2.0', async () => {
    const fake = server(() => ({ body: '<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" numberMatched="123456" numberReturned="0"/>' }));
    const { source } = createWfsAdapters({ url: URL_, version: '2.0.0', fetch: fake.fetch });
    expect(await source.countFeatures({ typeName: 'towns' })).toBe(123456);
  });

  it('throws MapServerError for an answer without a count', async () => {
    const fake = server(() => ({ body: HITS.replace(/numberOfFeatures="7"/, '') }));
    const { source } = createWfsAdapters({ url: URL_, fetch: fake.fetch });
    await expect(source.countFeatures({ typeName: 'towns' })).rejects.toBeInstanceOf(MapServerError);
  });

  it('pages GetFeature with startIndex, but not a selection by ids', async () => {
    const fake = server(() => ({ body: readQgisFixture('wfs110-GetFeature-towns-geojson.json') }));
    const { source } = createWfsAdapters({ url: URL_, fetch: fake.fetch });
    await source.getFeatures({ typeName: 'towns', bbox: [117, 24, 118, 25], startIndex: 2000, maxFeatures: 2000 });
    await source.getFeatures({ typeName: 'towns', featureIds: ['towns.1'], startIndex: 2000 });
    const [paged, byIds] = fake.requests.filter((request) => request.operation === 'GetFeature').map((request) => parseXml(request.body, 'test').documentElement);
    expect(paged?.getAttribute('startIndex')).toBe('2000');
    expect(byIds?.hasAttribute('startIndex')).toBe(false);
  });
});
