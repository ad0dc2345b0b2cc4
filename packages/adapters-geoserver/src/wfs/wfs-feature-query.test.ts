import './test-support/register-dom.js';
import { QueryNotSupportedError, ValidationError, type AttributeFilter, type MapFeature } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { createWfsAdapters } from './create-wfs-adapters.js';
import { writeGetFeature } from './get-feature-request.js';
import { fakeWfs, type FakeAnswer, type FakeRequest } from './test-support/fake-wfs.js';
import { layerFromSchema, readQgisFixture } from './test-support/fixtures.js';
import { parseXml } from './wfs-xml.js';

const URL_ = 'http://wfs.test/ows';
const TOWNS_SCHEMA = readQgisFixture('wfs110-DescribeFeatureType-towns.xsd');
/** Two towns as QGIS Server 3.22 answers them, in id order (Fuzhou, the larger, first). */
const TOWNS = readQgisFixture('wfs110-GetFeature-towns-geojson.json');
const towns = layerFromSchema(TOWNS_SCHEMA, 'towns');
const OGC = 'http://www.opengis.net/ogc';
const FES = 'http://www.opengis.net/fes/2.0';

function server(getFeature: (request: FakeRequest) => FakeAnswer, capabilities?: string) {
  return fakeWfs((request) => {
    if (request.operation === 'DescribeFeatureType') return { body: TOWNS_SCHEMA };
    if (request.operation === 'GetCapabilities' && capabilities) return { body: capabilities };
    if (request.operation === 'GetFeature') return getFeature(request);
    return undefined;
  });
}

/** The towns answer with its features in the order of `order`. */
function townsSortedBy(order: (a: MapFeature, b: MapFeature) => number): string {
  const collection = JSON.parse(TOWNS) as { features: MapFeature[] };
  return JSON.stringify({ ...collection, features: [...collection.features].sort(order) });
}

/** `[property, order]` of each SortProperty of a GetFeature body. */
function sortKeysOf(body: string, namespace = OGC): Array<[string | null | undefined, string | null | undefined]> {
  const document = parseXml(body, 'test');
  return Array.from(document.getElementsByTagNameNS(namespace, 'SortProperty')).map((element) => [
    element.firstElementChild?.textContent,
    element.getElementsByTagNameNS(namespace, 'SortOrder')[0]?.textContent,
  ]);
}

function capabilities20(constraints: Record<string, boolean>): string {
  const entries = Object.entries(constraints)
    .map(([name, value]) => `<ows:Constraint name="${name}"><ows:NoValues/><ows:DefaultValue>${value ? 'TRUE' : 'FALSE'}</ows:DefaultValue></ows:Constraint>`)
    .join('');
  return `<wfs:WFS_Capabilities xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:ows="http://www.opengis.net/ows/1.1" version="2.0.0"><ows:OperationsMetadata>${entries}</ows:OperationsMetadata><wfs:FeatureTypeList><wfs:FeatureType><wfs:Name>towns</wfs:Name></wfs:FeatureType></wfs:FeatureTypeList></wfs:WFS_Capabilities>`;
}

describe('writing a query: SortBy, like, date literals', () => {
  it('writes SortBy after the filter, in the filter namespace of the version (ogc 1.1, fes 2.0)', () => {
    const sortBy = [
      { property: 'population', order: 'desc' },
      { property: 'name', order: 'asc' },
    ] as const;
    const xml = writeGetFeature({ layer: towns, version: '1.1.0', maxFeatures: 10, filter: { op: 'isNull', property: 'name' }, sortBy });
    const query = parseXml(xml, 'test').getElementsByTagNameNS('*', 'Query')[0] as Element;
    expect(Array.from(query.children).map((child) => [child.namespaceURI, child.localName])).toEqual([
      [OGC, 'Filter'],
      [OGC, 'SortBy'],
    ]);
    expect(sortKeysOf(xml)).toEqual([
      ['population', 'DESC'],
      ['name', 'ASC'],
    ]);
    const xml20 = writeGetFeature({ layer: towns, version: '2.0.0', maxFeatures: 10, sortBy });
    expect(sortKeysOf(xml20, FES)).toEqual([
      ['population', 'DESC'],
      ['name', 'ASC'],
    ]);
    expect(parseXml(xml20, 'test').getElementsByTagNameNS(FES, 'ValueReference')).toHaveLength(2);
  });

  it('refuses a sort in WFS 1.0.0 and on a property the layer does not have', () => {
    expect(() => writeGetFeature({ layer: towns, version: '1.0.0', sortBy: [{ property: 'name', order: 'asc' }] })).toThrow(ValidationError);
    expect(() => writeGetFeature({ layer: towns, version: '1.1.0', sortBy: [{ property: 'nosuch', order: 'asc' }] })).toThrow(ValidationError);
  });

  it('wraps date literals in the functions given (QGIS Server: to_date), and leaves other literals plain', () => {
    const founded = new Date(Date.UTC(1950, 0, 1));
    const filter: AttributeFilter = {
      op: 'and',
      filters: [
        { op: 'ge', property: 'founded', value: founded },
        { op: 'gt', property: 'population', value: 5 },
      ],
    };
    const wrapped = parseXml(writeGetFeature({ layer: towns, version: '1.1.0', filter, dateFunctions: { date: 'to_date', dateTime: 'to_datetime' } }), 'test');
    const functions = Array.from(wrapped.getElementsByTagNameNS(OGC, 'Function'));
    expect(functions.map((element) => [element.getAttribute('name'), element.textContent])).toEqual([['to_date', '1950-01-01']]);
    expect(functions[0]?.parentElement?.localName).toBe('PropertyIsGreaterThanOrEqualTo');
    const plain = parseXml(writeGetFeature({ layer: towns, version: '1.1.0', filter }), 'test');
    expect(plain.getElementsByTagNameNS(OGC, 'Function')).toHaveLength(0);
    expect(Array.from(plain.getElementsByTagNameNS(OGC, 'Literal')).map((element) => element.textContent)).toEqual(['1950-01-01', '5']);
  });
});

describe('sorting and paging over WFS', () => {
  it('sorts by the keys asked, then by the key the ids are numbered by, and pages from startIndex', async () => {
    const fake = server(() => ({ body: townsSortedBy((a, b) => (b.properties.population as number) - (a.properties.population as number)) }));
    const { source } = createWfsAdapters({ url: URL_, fetch: fake.fetch });
    const { features } = await source.getFeatures({ typeName: 'towns', sortBy: [{ property: 'population', order: 'desc' }], startIndex: 2, maxFeatures: 3 });
    expect(features.map((feature) => feature.id)).toEqual(['towns.1', 'towns.2']);
    const post = fake.requests.find((request) => request.operation === 'GetFeature') as FakeRequest;
    expect(sortKeysOf(post.body)).toEqual([
      ['population', 'DESC'],
      ['id', 'ASC'],
    ]);
    expect(parseXml(post.body, 'test').documentElement.getAttribute('startIndex')).toBe('2');
  });

  it('asks the id order alone for an empty sortBy, and adds no tie-break to a sort by the key itself', async () => {
    const fake = server(() => ({ body: TOWNS }));
    const { source } = createWfsAdapters({ url: URL_, fetch: fake.fetch });
    await source.getFeatures({ typeName: 'towns', sortBy: [] });
    await source.getFeatures({ typeName: 'towns', sortBy: [{ property: 'id', order: 'asc' }] });
    await source.getFeatures({ typeName: 'towns' });
    const bodies = fake.requests.filter((request) => request.operation === 'GetFeature').map((request) => request.body);
    expect(bodies.map((body) => sortKeysOf(body))).toEqual([[['id', 'ASC']], [['id', 'ASC']], []]);
  });

  it('writes QGIS Server date literals with to_date, in reads and in counts', async () => {
    const fake = server((request) => ({ body: request.body.includes('hits') ? readQgisFixture('wfs110-GetFeature-towns-hits.xml') : TOWNS }));
    const { source } = createWfsAdapters({ url: URL_, fetch: fake.fetch });
    const filter = { op: 'lt', property: 'founded', value: new Date(Date.UTC(1950, 0, 1)) } as const;
    await source.getFeatures({ typeName: 'towns', filter });
    await source.countFeatures({ typeName: 'towns', filter });
    const bodies = fake.requests.filter((request) => request.operation === 'GetFeature').map((request) => parseXml(request.body, 'test'));
    expect(bodies.map((body) => body.getElementsByTagNameNS(OGC, 'Function')[0]?.getAttribute('name'))).toEqual(['to_date', 'to_date']);
  });

  it('sorts a selection by ids itself', async () => {
    const fake = server(() => ({ body: TOWNS }));
    const { source } = createWfsAdapters({ url: URL_, fetch: fake.fetch });
    const { features } = await source.getFeatures({ typeName: 'towns', featureIds: ['towns.1', 'towns.2'], sortBy: [{ property: 'is_capital', order: 'asc' }] });
    expect(features.map((feature) => feature.id)).toEqual(['towns.2', 'towns.1']);
  });

  it('says it cannot sort in WFS 1.0.0, before sending anything', async () => {
    const fake = server(() => ({ body: TOWNS }));
    const { source } = createWfsAdapters({ url: URL_, version: '1.0.0', fetch: fake.fetch });
    const refused = source.getFeatures({ typeName: 'towns', sortBy: [{ property: 'name', order: 'asc' }] });
    await expect(refused).rejects.toThrow(QueryNotSupportedError);
    await expect(refused).rejects.toMatchObject({ kind: 'query-not-supported', unsupported: 'sort' });
    expect(fake.requests.some((request) => request.operation === 'GetFeature')).toBe(false);
  });

  it('says it cannot sort when the server answers unsorted (a SortBy ignored)', async () => {
    const fake = server(() => ({ body: TOWNS }));
    const { source } = createWfsAdapters({ url: URL_, fetch: fake.fetch });
    await expect(source.getFeatures({ typeName: 'towns', sortBy: [{ property: 'population', order: 'asc' }] })).rejects.toMatchObject({ unsupported: 'sort' });
    // Strings are not checked: their order is the server's collation.
    expect((await source.getFeatures({ typeName: 'towns', sortBy: [{ property: 'name', order: 'desc' }] })).features).toHaveLength(2);
  });

  it('types a refusal of the sort or of the page in an exception report', async () => {
    const report = (text: string): FakeAnswer => ({
      status: 400,
      body: `<ServiceExceptionReport xmlns="http://www.opengis.net/ogc" version="1.2.0"><ServiceException code="InvalidParameterValue">${text}</ServiceException></ServiceExceptionReport>`,
    });
    const sorting = createWfsAdapters({ url: URL_, fetch: server(() => report('SortBy is not supported')).fetch }).source;
    const refusedSort = sorting.getFeatures({ typeName: 'towns', sortBy: [{ property: 'name', order: 'asc' }] });
    await expect(refusedSort).rejects.toMatchObject({ kind: 'query-not-supported', unsupported: 'sort' });
    await expect(refusedSort).rejects.toHaveProperty('cause.kind', 'map-server');
    const paging = createWfsAdapters({ url: URL_, fetch: server(() => report('startIndex is not supported')).fetch }).source;
    await expect(paging.getFeatures({ typeName: 'towns', startIndex: 10 })).rejects.toMatchObject({ unsupported: 'page' });
    // Not asked to sort: the same words are the server's error, as it wrote it.
    await expect(sorting.getFeatures({ typeName: 'towns' })).rejects.toMatchObject({ kind: 'map-server' });
  });

  it('reads what a WFS 2.0 server declares it cannot do from its capabilities, and does not ask', async () => {
    const answer = () => ({ body: '<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" numberMatched="0" numberReturned="0"/>' });
    const noSort = server(answer, capabilities20({ ImplementsSorting: false, ImplementsResultPaging: true }));
    const sorted = createWfsAdapters({ url: URL_, version: '2.0.0', fetch: noSort.fetch }).source;
    await expect(sorted.getFeatures({ typeName: 'towns', sortBy: [] })).rejects.toMatchObject({ unsupported: 'sort' });
    expect(noSort.requests.some((request) => request.operation === 'GetFeature')).toBe(false);
    const noPage = server(answer, capabilities20({ ImplementsSorting: true, ImplementsResultPaging: false }));
    const paged = createWfsAdapters({ url: URL_, version: '2.0.0', fetch: noPage.fetch }).source;
    await expect(paged.getFeatures({ typeName: 'towns', startIndex: 5 })).rejects.toMatchObject({ unsupported: 'page' });
    expect((await paged.getFeatures({ typeName: 'towns', sortBy: [{ property: 'name', order: 'asc' }] })).features).toEqual([]);
  });
});
