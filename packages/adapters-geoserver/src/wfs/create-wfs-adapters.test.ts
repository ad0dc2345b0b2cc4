import './test-support/register-dom.js';
import { MapServerError, NetworkError, NotFoundError, TimeoutError, ValidationError, type Geometry } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { createWfsAdapters } from './create-wfs-adapters.js';
import { fakeWfs, type FakeAnswer, type FakeRequest } from './test-support/fake-wfs.js';
import { readGeoServerFixture, readQgisFixture } from './test-support/fixtures.js';

const URL_ = 'http://wfs.test/ows?MAP=/srv/project.qgs';
const TOWNS_SCHEMA = readQgisFixture('wfs110-DescribeFeatureType-towns.xsd');
const EMPTY_SCHEMA = '<schema xmlns="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.qgis.org/gml"/>';

/** A QGIS-like server for `towns`: schema, GeoJSON or GML3 features, and the given Transaction answer. */
function qgisLike(overrides: (request: FakeRequest) => FakeAnswer | undefined = () => undefined) {
  return fakeWfs((request) => {
    const override = overrides(request);
    if (override) return override;
    switch (request.operation) {
      case 'DescribeFeatureType':
        return { body: request.url.searchParams.get('TYPENAME') === 'towns' ? TOWNS_SCHEMA : EMPTY_SCHEMA };
      case 'GetFeature':
        return request.body.includes('outputFormat="application/json"')
          ? { body: readQgisFixture('wfs110-GetFeature-towns-geojson.json') }
          : { body: readQgisFixture('wfs110-GetFeature-towns-gml3.xml') };
      case 'GetCapabilities':
        return { body: readQgisFixture('wfs110-GetCapabilities.xml') };
      default:
        return undefined;
    }
  });
}

describe('createWfsAdapters', () => {
  it('refuses an unsupported version and a missing URL', () => {
    expect(() => createWfsAdapters({ url: URL_, version: '3.0.0' })).toThrow(ValidationError);
    expect(() => createWfsAdapters({ url: '' })).toThrow(ValidationError);
  });

  it('reads each schema once, by GET, keeping the query of the service URL', async () => {
    const server = qgisLike();
    const { source } = createWfsAdapters({ url: URL_, fetch: server.fetch });
    const [first, second] = await Promise.all([source.describe('towns'), source.describe('towns')]);
    expect(first).toEqual(second);
    expect(first.geometryField).toBe('geometry');
    expect(server.requests).toHaveLength(1);
    const { url } = server.requests[0] as FakeRequest;
    expect(`${url.origin}${url.pathname}`).toBe('http://wfs.test/ows');
    expect(Object.fromEntries(url.searchParams)).toEqual({ MAP: '/srv/project.qgs', SERVICE: 'WFS', VERSION: '1.1.0', REQUEST: 'DescribeFeatureType', TYPENAME: 'towns' });
  });

  it('sends to a relative URL as given (the dev proxy path)', async () => {
    const server = qgisLike();
    await createWfsAdapters({ url: '/geoserver/wfs', fetch: server.fetch }).source.describe('towns');
    expect(server.requests[0]?.url.href).toBe('http://page.test/geoserver/wfs?SERVICE=WFS&VERSION=1.1.0&REQUEST=DescribeFeatureType&TYPENAME=towns');
  });

  it('posts GetFeature as XML asking for GeoJSON and lon/lat, and types the answer', async () => {
    const server = qgisLike();
    const { source } = createWfsAdapters({ url: URL_, fetch: server.fetch });
    const { features } = await source.getFeatures({ typeName: 'towns', maxFeatures: 2 });
    expect(features.map((feature) => [feature.id, feature.properties.founded])).toEqual([
      ['towns.1', new Date(Date.UTC(1949, 7, 17))],
      ['towns.2', new Date(Date.UTC(1980, 9, 7))],
    ]);
    const post = server.requests.find((request) => request.operation === 'GetFeature') as FakeRequest;
    expect(post.method).toBe('POST');
    expect(post.body).toContain('maxFeatures="2"');
    expect(post.body).toContain('srsName="urn:ogc:def:crs:OGC:1.3:CRS84"');
    expect(post.url.searchParams.get('MAP')).toBe('/srv/project.qgs');
    expect(post.credentials).toBe('same-origin');
  });

  it('falls back to GML once the server refuses GeoJSON, and remembers it', async () => {
    const refusal = readGeoServerFixture('wfs/exception-report-ows-1.0.0.xml').replace(/<ows:ExceptionText>[\s\S]*<\/ows:ExceptionText>/, '<ows:ExceptionText>Unknown outputFormat application/json</ows:ExceptionText>');
    const server = qgisLike((request) => (request.operation === 'GetFeature' && request.body.includes('application/json') ? { body: refusal } : undefined));
    const { source } = createWfsAdapters({ url: URL_, fetch: server.fetch });
    expect((await source.getFeatures({ typeName: 'towns' })).features).toHaveLength(2);
    expect((await source.getFeatures({ typeName: 'towns' })).features).toHaveLength(2);
    const formats = server.requests.filter((request) => request.operation === 'GetFeature').map((request) => /outputFormat="([^"]*)"/.exec(request.body)?.[1]);
    expect(formats).toEqual(['application/json', undefined, undefined]);
  });

  it('sends an output format given in the options as is', async () => {
    const server = qgisLike();
    const { source } = createWfsAdapters({ url: URL_, outputFormat: 'GML3', withCredentials: true, fetch: server.fetch });
    expect((await source.getFeatures({ typeName: 'towns' })).features[0]?.geometry).toEqual(
      expect.objectContaining({ coordinates: [[[119.1, 25.9], [119.5, 25.9], [119.5, 26.25], [119.1, 26.25], [119.1, 25.9]]] }),
    );
    const post = server.requests.find((request) => request.operation === 'GetFeature') as FakeRequest;
    expect(post.body).toContain('outputFormat="GML3"');
    expect(post.credentials).toBe('include');
  });

  it('answers ids without a request when none are asked for, and refuses a negative maxFeatures', async () => {
    const server = qgisLike();
    const { source } = createWfsAdapters({ url: URL_, fetch: server.fetch });
    expect(await source.getFeatures({ typeName: 'towns', featureIds: [] })).toEqual({ features: [], skipped: 0 });
    await expect(source.getFeatures({ typeName: 'towns', maxFeatures: -1 })).rejects.toBeInstanceOf(ValidationError);
    expect(server.requests).toEqual([]);
  });

  it('lists the types of GetCapabilities', async () => {
    const { source } = createWfsAdapters({ url: URL_, fetch: qgisLike().fetch });
    expect((await source.listTypes()).map((type) => type.name)).toEqual(['poi', 'roads', 'towns', 'districts', 'rivers', 'towns_cgcs2000']);
  });
});

describe('errors of the WFS adapters', () => {
  const failing = (answer: FakeAnswer) => createWfsAdapters({ url: URL_, fetch: fakeWfs(() => answer).fetch }).source;

  it('turns an exception report into MapServerError, inside HTTP 200 too', async () => {
    const report = readGeoServerFixture('wfs/exception-report-ows-1.0.0-transaction-failure.xml');
    const error = await failing({ body: report }).listTypes().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MapServerError);
    expect(error).toMatchObject({ status: 200, code: 'MyExceptionCode', message: 'MyExceptionCode: MyErrorMessage; AdditionalErrorMessage' });
    const qgis = await failing({ status: 400, body: readQgisFixture('wfs110-GetFeature-unknown-typename.ExceptionReport.xml') })
      .listTypes()
      .catch((caught: unknown) => caught);
    expect(qgis).toMatchObject({ status: 400, code: 'RequestNotWellFormed', text: "TypeName 'nosuch' could not be found" });
  });

  it('turns an HTML error page and malformed XML into MapServerError', async () => {
    const page = '<html><head><title>Error 500 Server Error</title></head><body><h2>HTTP ERROR 500</h2></body></html>';
    await expect(failing({ status: 500, body: page, contentType: 'text/html' }).listTypes()).rejects.toMatchObject({ status: 500, text: 'HTTP ERROR 500' });
    await expect(failing({ body: '<WFS_Capabilities><FeatureTypeList>' }).listTypes()).rejects.toMatchObject({ code: 'MalformedResponse' });
    await expect(failing({ body: 'not xml' }).listTypes()).rejects.toMatchObject({ code: 'UnexpectedResponse' });
  });

  it('gives NotFoundError for an unknown type: QGIS empty schema, GeoServer InvalidParameterValue', async () => {
    const { source } = createWfsAdapters({ url: URL_, fetch: qgisLike().fetch });
    await expect(source.describe('nosuch')).rejects.toBeInstanceOf(NotFoundError);
    const geoServer = `<ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows" version="1.0.0"><ows:Exception exceptionCode="InvalidParameterValue" locator="typeName">
      <ows:ExceptionText>Could not find type: {http://www.topp.com}nosuch</ows:ExceptionText></ows:Exception></ows:ExceptionReport>`;
    await expect(failing({ status: 400, body: geoServer }).describe('topp:nosuch')).rejects.toMatchObject({ kind: 'not-found', resource: 'feature type topp:nosuch' });
  });

  it('gives NetworkError when nothing answers, TimeoutError after timeoutMs, and rethrows a caller abort', async () => {
    const refused: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(createWfsAdapters({ url: URL_, fetch: refused }).source.listTypes()).rejects.toBeInstanceOf(NetworkError);

    const silent: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const slow = createWfsAdapters({ url: URL_, timeoutMs: 20, fetch: silent }).source;
    await expect(slow.listTypes()).rejects.toMatchObject({ kind: 'timeout', timeoutMs: 20 });
    await expect(slow.listTypes()).rejects.toBeInstanceOf(TimeoutError);

    const controller = new AbortController();
    const patient = createWfsAdapters({ url: URL_, fetch: silent }).source;
    const pending = patient.listTypes({ signal: controller.signal });
    controller.abort(new DOMException('user left', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError', message: 'user left' });
  });

  it('does not keep a failed schema read', async () => {
    let attempts = 0;
    const flaky = qgisLike((request) => (request.operation === 'DescribeFeatureType' && attempts++ === 0 ? { status: 503, body: 'busy' } : undefined));
    const { source } = createWfsAdapters({ url: URL_, fetch: flaky.fetch });
    await expect(source.describe('towns')).rejects.toMatchObject({ status: 503 });
    expect((await source.describe('towns')).typeName).toBe('towns');
  });
});

describe('commit() of the WFS adapters', () => {
  it('sends nothing for an empty change set or one that fails the schema check', async () => {
    const server = qgisLike();
    const { transactions } = createWfsAdapters({ url: URL_, fetch: server.fetch });
    expect(await transactions.commit({ typeName: 'towns', inserts: [], updates: [], deletes: [] })).toEqual({
      inserted: [],
      totals: { inserted: 0, updated: 0, deleted: 0 },
      failures: [],
    });
    await expect(
      transactions.commit({ typeName: 'towns', inserts: [{ handle: 'x', geometry: { type: 'Point', coordinates: [1, 2] }, properties: { geom: null } }], updates: [], deletes: [] }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(server.requests.map((request) => request.operation)).toEqual(['DescribeFeatureType']);
  });

  it('refuses, sending nothing, a character XML cannot carry: in a value by the schema check, anywhere else as a request that cannot be written', async () => {
    const server = qgisLike();
    const { transactions } = createWfsAdapters({ url: URL_, fetch: server.fetch });
    const point: Geometry = { type: 'Polygon', coordinates: [[[119, 25], [119.1, 25], [119.1, 25.1], [119, 25]]] };
    const inValue = transactions.commit({ typeName: 'towns', inserts: [{ handle: 'x', geometry: point, properties: { name: 'line\u000Bbreak' } }], updates: [], deletes: [] });
    await expect(inValue).rejects.toBeInstanceOf(ValidationError);
    await expect(inValue).rejects.toMatchObject({ fields: { 'x.name': 'contains the character U+000B at position 5, which cannot be saved' } });
    const inHandle = transactions.commit({ typeName: 'towns', inserts: [{ handle: 'new-\u0001', geometry: point, properties: { name: 'ok' } }], updates: [], deletes: [] });
    await expect(inHandle).rejects.toBeInstanceOf(ValidationError);
    await expect(inHandle).rejects.toMatchObject({ message: 'the transaction could not be written, so nothing was sent' });
    expect(server.requests.map((request) => request.operation)).toEqual(['DescribeFeatureType']);
  });

  it('leaves an insert the answer counts but does not name of unknown outcome, neither committed nor refused', async () => {
    const answer = `<TransactionResponse xmlns="http://www.opengis.net/wfs" xmlns:ogc="http://www.opengis.net/ogc" version="1.1.0">
      <TransactionSummary><totalInserted>2</totalInserted><totalUpdated>0</totalUpdated><totalDeleted>0</totalDeleted></TransactionSummary>
      <InsertResults><Feature handle="a"><ogc:FeatureId fid="towns.20"/></Feature></InsertResults></TransactionResponse>`;
    const server = qgisLike((request) => (request.operation === 'Transaction' ? { body: answer } : undefined));
    const { transactions } = createWfsAdapters({ url: URL_, fetch: server.fetch });
    const square: Geometry = { type: 'Polygon', coordinates: [[[119, 25], [119.1, 25], [119.1, 25.1], [119, 25]]] };
    const result = await transactions.commit({ typeName: 'towns', inserts: ['a', 'b'].map((handle) => ({ handle, geometry: square, properties: { name: handle } })), updates: [], deletes: [] });
    expect(result).toEqual({ inserted: [{ handle: 'a', id: 'towns.20' }], totals: { inserted: 2, updated: 0, deleted: 0 }, failures: [] });
  });

  it('posts one Transaction and matches the answer by handles', async () => {
    const answer = readQgisFixture('wfs110-Transaction-insert.response.xml');
    const server = qgisLike((request) => (request.operation === 'Transaction' ? { body: answer } : undefined));
    const { transactions } = createWfsAdapters({ url: URL_, fetch: server.fetch });
    const square: Geometry = { type: 'Polygon', coordinates: [[[119, 25], [119.1, 25], [119.1, 25.1], [119, 25]]] };
    const result = await transactions.commit({
      typeName: 'towns',
      inserts: ['ins-1-putian', 'ins-2-longyan', 'ins-3-meizhou-poi'].map((handle) => ({ handle, geometry: square, properties: { name: handle } })),
      updates: [],
      deletes: [],
    });
    expect(result.inserted).toEqual([
      { handle: 'ins-3-meizhou-poi', id: 'poi.6' },
      { handle: 'ins-2-longyan', id: 'towns.8' },
      { handle: 'ins-1-putian', id: 'towns.9' },
    ]);
    const transaction = server.requests.filter((request) => request.operation === 'Transaction');
    expect(transaction).toHaveLength(1);
    expect(transaction[0]?.body.match(/<Insert handle="[^"]+"/g)).toEqual(['<Insert handle="ins-1-putian"', '<Insert handle="ins-2-longyan"', '<Insert handle="ins-3-meizhou-poi"']);
  });

  it('marks a network failure as not sent only when the transaction provably never reached the server', async () => {
    const fetchFailure = (cause?: object) => Object.assign(new TypeError('fetch failed'), cause ? { cause } : {});
    const transactionFailing = (error: Error) => {
      const server = qgisLike();
      return (async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') throw error;
        return server.fetch(input, init);
      }) as typeof fetch;
    };
    const commit = (send: typeof fetch) =>
      createWfsAdapters({ url: URL_, fetch: send }).transactions.commit({ typeName: 'towns', inserts: [], updates: [], deletes: ['towns.1'] }).catch((error: unknown) => error);

    const refused = await commit(transactionFailing(fetchFailure({ code: 'ECONNREFUSED' })));
    expect(refused).toBeInstanceOf(NetworkError);
    expect(refused).toMatchObject({ requestSent: false });
    const refusedEverywhere = await commit(transactionFailing(fetchFailure(new AggregateError([{ code: 'ECONNREFUSED' }, { code: 'ECONNREFUSED' }]))));
    expect(refusedEverywhere).toMatchObject({ requestSent: false });
    // A connection dropped after sending, or a browser's "Failed to fetch": the outcome is unknown.
    expect(await commit(transactionFailing(fetchFailure({ code: 'UND_ERR_SOCKET' })))).toMatchObject({ kind: 'network', requestSent: undefined });
    expect(await commit(transactionFailing(new TypeError('Failed to fetch')))).toMatchObject({ kind: 'network', requestSent: undefined });
    // Failing to read the schema means the transaction was never sent.
    const nothingAnswers = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await commit(nothingAnswers)).toMatchObject({ kind: 'network', requestSent: false });
  });

  it('throws the exception report of an atomic server that refused the whole transaction', async () => {
    const report = readGeoServerFixture('wfs/exception-report-ows-1.0.0-transaction-failure.xml');
    const server = qgisLike((request) => (request.operation === 'Transaction' ? { body: report } : undefined));
    const { transactions } = createWfsAdapters({ url: URL_, fetch: server.fetch });
    await expect(transactions.commit({ typeName: 'towns', inserts: [], updates: [], deletes: ['towns.1'] })).rejects.toMatchObject({ code: 'MyExceptionCode' });
  });
});
