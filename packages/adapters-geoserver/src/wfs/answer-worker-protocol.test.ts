import './test-support/register-dom.js';
import { MapServerError, TimeoutError, type FeatureSchema, type MapFeature } from '@gportal/core';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerReplies, POSITIONS_PER_BLOCK, serveAnswerRequests, type AnswerReply, type AnswerRequest, type AnswerWorkerMessage, type AnswerWorkerRequest, type AnswerWorkerScope } from './answer-worker-protocol.js';
import { createWfsAdapters } from './create-wfs-adapters.js';
import type { WfsLayer } from './describe-feature-type.js';
import { readAnswerText, type FeatureReadContext, type ReadAnswer } from './feature-reader.js';
import { unpackFeatures } from './packed-features.js';
import { damaged } from './test-support/answer-arbitraries.js';
import { fakeWfs, type FakeAnswer, type FakeRequest } from './test-support/fake-wfs.js';
import { layerFromSchema, readGeoServerFixture, readQgisFixture } from './test-support/fixtures.js';
import { createWorkerAnswerReader } from './worker-answer-reader.js';
import { LON_LAT_SRS_NAME } from './wfs-protocol.js';

/*
 * The worker's side of reading GetFeature answers is a pure function (`answerReplies`): run here
 * directly, its replies passed through a structured clone with their transfer lists, as
 * `postMessage` passes them, and put back together as the main thread does. Whatever it reads
 * equals what `readAnswerText` reads on the main thread, on every captured answer.
 */

beforeEach(() => void vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

const towns = layerFromSchema(readQgisFixture('wfs110-DescribeFeatureType-towns.xsd'), 'towns');
const qgisAll = readQgisFixture('wfs110-DescribeFeatureType-all.xsd');
const roads = layerFromSchema(readGeoServerFixture('wfs/describefeaturetype-1.1.0.xsd'), 'topp:roads22');
const archsites = layerFromSchema(readGeoServerFixture('wfs/describefeaturetype-2.0.0-archsites.xsd'), 'sf:archsites');

function layerOf(typeName: string, schema: Omit<FeatureSchema, 'typeName'>): WfsLayer {
  return { schema: { typeName, ...schema }, localName: typeName.split(':').pop() as string, prefix: 'topp', namespace: 'http://www.openplans.org/topp' };
}
const states = layerOf('topp:states', {
  geometryField: 'the_geom',
  geometryKind: 'MultiPolygon',
  properties: [{ name: 'STATE_NAME', type: 'string', nullable: true }, { name: 'PERSONS', type: 'number', nullable: true }, { name: 'LAND_KM', type: 'number', nullable: true }],
});

/** Every captured GetFeature answer in the repository, with the layer and context it is read for. */
const CAPTURED: Array<[string, string, WfsLayer, FeatureReadContext]> = [
  ['QGIS GeoJSON towns', readQgisFixture('wfs110-GetFeature-towns-geojson.json'), towns, {}],
  ['QGIS GeoJSON towns (filter)', readQgisFixture('wfs110-GetFeature-towns-filter-geojson.json'), towns, {}],
  ['QGIS GML3 towns (EPSG:4326, lat/lon)', readQgisFixture('wfs110-GetFeature-towns-gml3.xml'), towns, { server: 'qgis-server' }],
  ['QGIS GML3 towns asked as CRS:84', readQgisFixture('wfs110-GetFeature-towns-gml3.xml'), towns, { requestedSrsName: 'CRS:84' }],
  ['QGIS GML3 towns (GET SRSNAME=EPSG:4326)', readQgisFixture('wfs110-GetFeature-towns-gml3-srsname-EPSG4326.xml'), towns, {}],
  ['QGIS GML3 districts (MultiSurface)', readQgisFixture('wfs110-GetFeature-districts-gml3.xml'), layerFromSchema(qgisAll, 'districts'), {}],
  ['QGIS GML2 poi', readQgisFixture('wfs100-GetFeature-poi-gml2.xml'), layerFromSchema(qgisAll, 'poi'), {}],
  ['QGIS GML3 of a lon/lat query', readQgisFixture('ol-writeGetFeature.response.xml'), towns, { requestedSrsName: LON_LAT_SRS_NAME }],
  ['GeoServer GML3 roads (epsg.xml#4326)', readGeoServerFixture('wfs/getfeature-1.1.0-gml3.xml'), roads, { requestedSrsName: LON_LAT_SRS_NAME }],
  ['GeoServer GML3 states (urn:x-ogc EPSG:4326)', readGeoServerFixture('wfs/getfeature-1.1.0-gml3-topp-states.xml'), states, {}],
  ['GeoServer GeoJSON states', readGeoServerFixture('wfs/getfeature-geojson-states.json'), states, {}],
  ['GeoServer GML 3.2 archsites', readGeoServerFixture('wfs/getfeature-2.0.0-gml32.xml'), archsites, {}],
];

/** A request with the answer's UTF-8 bytes, as `WfsFeatureSource` fetches it (or its text). */
function requestOf(text: string, layer: WfsLayer, context: FeatureReadContext, { id = 1, asText = false } = {}): AnswerRequest {
  return { id, body: asText ? text : (new TextEncoder().encode(text).buffer as ArrayBuffer), status: 200, layer, context };
}

/** The replies as the main thread receives them: each cloned as `postMessage` clones it, its buffers moved. */
function posted(request: AnswerRequest): AnswerReply[] {
  const sent = structuredClone(request, { transfer: typeof request.body === 'string' ? [] : [request.body] });
  return answerReplies(sent).map(({ reply, transfer }) => {
    const received = structuredClone(reply, { transfer });
    // Moved, not copied: the worker's buffers are empty afterwards.
    for (const buffer of transfer) expect((buffer as ArrayBuffer).byteLength).toBe(0);
    return received;
  });
}

/** The replies put back together as the main thread does (`createWorkerAnswerReader`). */
function assembled(replies: readonly AnswerReply[]): ReadAnswer {
  const features: MapFeature[] = [];
  for (const reply of replies) {
    if (reply.kind === 'features') features.push(...unpackFeatures(reply.features));
    else if (reply.kind === 'read') {
      const { skippedIds, conventional, featureNamespace } = reply;
      return { features, skippedIds, ...(conventional ? { conventional } : {}), ...(featureNamespace ? { featureNamespace } : {}) };
    } else throw new Error(`the worker did not read: ${JSON.stringify(reply)}`);
  }
  throw new Error('the replies end without `read`');
}

/** A GML answer of `count` town polygons of `positions` positions each (closed rings), lon/lat. */
function generatedGml(count: number, positions: number): string {
  const members = Array.from({ length: count }, (_, index) => {
    const ring = Array.from({ length: positions - 1 }, (_, vertex) => {
      const angle = (2 * Math.PI * vertex) / (positions - 1);
      return `${(118 + (index % 50) * 0.05 + 0.02 * Math.cos(angle)).toFixed(6)} ${(25 + Math.floor(index / 50) * 0.05 + 0.02 * Math.sin(angle)).toFixed(6)}`;
    });
    ring.push(ring[0] as string);
    return `<gml:featureMember><qgs:towns gml:id="towns.${index + 1}"><qgs:geometry><gml:Polygon srsName="${LON_LAT_SRS_NAME}"><gml:exterior><gml:LinearRing><gml:posList>${ring.join(' ')}</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></qgs:geometry><qgs:name>town ${index + 1}</qgs:name><qgs:population>${index * 1000}</qgs:population><qgs:founded>1949-08-17</qgs:founded></qgs:towns></gml:featureMember>`;
  });
  return `<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" xmlns:qgs="http://www.qgis.org/gml">${members.join('')}</wfs:FeatureCollection>`;
}

describe('answerReplies (the worker reading an answer)', () => {
  it.each(CAPTURED)('%s: read through the worker replies equals the main-thread read', (_name, text, layer, context) => {
    const main = readAnswerText({ text, status: 200 }, layer, context);
    expect(main.features.length).toBeGreaterThan(0);
    expect(assembled(posted(requestOf(text, layer, context)))).toEqual(main);
    expect(assembled(posted(requestOf(text, layer, context, { asText: true })))).toEqual(main);
  });

  it('hands positions over as Float64Array buffers in the transfer list, in blocks the main thread rebuilds one per task', () => {
    const text = generatedGml(60, 2000);
    const replies = answerReplies(requestOf(text, towns, { requestedSrsName: LON_LAT_SRS_NAME }));
    const blocks = replies.filter((entry) => entry.reply.kind === 'features');
    // 120 000 positions: three blocks of at most POSITIONS_PER_BLOCK.
    expect(blocks).toHaveLength(3);
    for (const { reply, transfer } of blocks) {
      if (reply.kind !== 'features') throw new Error('not a block');
      expect(reply.features.positions).toBeInstanceOf(Float64Array);
      expect(reply.features.positions.length / 2).toBeLessThanOrEqual(POSITIONS_PER_BLOCK);
      expect(transfer).toContain(reply.features.positions.buffer);
    }
    expect(replies.at(-1)?.reply.kind).toBe('read');
    expect(assembled(posted(requestOf(text, towns, { requestedSrsName: LON_LAT_SRS_NAME })))).toEqual(readAnswerText({ text, status: 200 }, towns, { requestedSrsName: LON_LAT_SRS_NAME }));
  });

  it('keeps every geometry kind, holes, skipped ids, -0 and dates across the structured clone', () => {
    const gml = `<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" xmlns:qgs="http://www.qgis.org/gml">${[
      `<qgs:towns gml:id="towns.1"><qgs:geometry><gml:Point srsName="${LON_LAT_SRS_NAME}"><gml:pos>-0 25.5</gml:pos></gml:Point></qgs:geometry><qgs:founded>1949-08-17</qgs:founded></qgs:towns>`,
      `<qgs:towns gml:id="towns.2"><qgs:geometry><gml:MultiPoint srsName="${LON_LAT_SRS_NAME}"><gml:pointMember><gml:Point><gml:pos>1 2</gml:pos></gml:Point></gml:pointMember><gml:pointMember><gml:Point><gml:pos>3 4</gml:pos></gml:Point></gml:pointMember></gml:MultiPoint></qgs:geometry></qgs:towns>`,
      `<qgs:towns gml:id="towns.3"><qgs:geometry><gml:MultiCurve srsName="${LON_LAT_SRS_NAME}"><gml:curveMember><gml:LineString><gml:posList>1 2 3 4</gml:posList></gml:LineString></gml:curveMember></gml:MultiCurve></qgs:geometry></qgs:towns>`,
      `<qgs:towns gml:id="towns.4"><qgs:geometry><gml:Polygon srsName="${LON_LAT_SRS_NAME}"><gml:exterior><gml:LinearRing><gml:posList>0 0 10 0 10 10 0 0</gml:posList></gml:LinearRing></gml:exterior><gml:interior><gml:LinearRing><gml:posList>1 1 2 1 2 2 1 1</gml:posList></gml:LinearRing></gml:interior></gml:Polygon></qgs:geometry></qgs:towns>`,
      `<qgs:towns gml:id="towns.5"><qgs:geometry><gml:Polygon srsName="${LON_LAT_SRS_NAME}"><gml:exterior><gml:LinearRing><gml:posList>0 0 NaN 0 10 10 0 0</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></qgs:geometry></qgs:towns>`,
    ]
      .map((member) => `<gml:featureMember>${member}</gml:featureMember>`)
      .join('')}</wfs:FeatureCollection>`;
    const read = assembled(posted(requestOf(gml, towns, {})));
    expect(read).toEqual(readAnswerText({ text: gml, status: 200 }, towns, {}));
    expect(read.features.map((feature) => feature.geometry.type)).toEqual(['Point', 'MultiPoint', 'MultiLineString', 'Polygon']);
    expect(Object.is(read.features[0]?.geometry.coordinates[0], -0)).toBe(true);
    expect(read.features[0]?.properties.founded).toEqual(new Date(Date.UTC(1949, 7, 17)));
    expect(read.skippedIds).toEqual(['towns.5']);
  });

  it('answers an answer it cannot read with the MapServerError the main thread throws, as data', () => {
    const text = '<wfs:FeatureCollection xmlns:wfs="w"><a></b>';
    const replies = posted(requestOf(text, towns, {}));
    expect(replies).toHaveLength(1);
    const [reply] = replies;
    if (reply?.kind !== 'failed') throw new Error('not a failure');
    let thrown: unknown;
    try {
      readAnswerText({ text, status: 200 }, towns, {});
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MapServerError);
    const { status, code, text: message } = thrown as MapServerError;
    expect(reply.failure).toEqual({ mapServer: { status, code, text: message } });
  });

  it('equals the main thread on captured answers damaged at random (read the same, or refused alike)', () => {
    const outcome = (read: () => ReadAnswer) => {
      try {
        return { read: read() };
      } catch (error) {
        return { refused: error instanceof MapServerError ? `${error.code}: ${error.text}` : `not typed: ${String(error)}` };
      }
    };
    const answers = CAPTURED.filter(([, text]) => text.trimStart().startsWith('<')).map(([, text]) => text);
    fc.assert(
      fc.property(damaged(answers), (text) => {
        const main = outcome(() => readAnswerText({ text, status: 200 }, towns, {}));
        // As text: damage may leave lone surrogates, which no UTF-8 answer holds.
        const replies = posted(requestOf(text, towns, {}, { asText: true }));
        const last = replies.at(-1);
        const worker = last?.kind === 'failed' && 'mapServer' in last.failure ? { refused: `${last.failure.mapServer.code}: ${last.failure.mapServer.text}` } : outcome(() => assembled(replies));
        expect(worker).toEqual(main);
      }),
      { seed: 20_261_125, numRuns: 200 },
    );
  });
});

/** A stand-in for the worker running `serveAnswerRequests`: messages cloned and delivered a task later, as across threads. */
class FakeWorker {
  static started = 0;
  onmessage: ((event: MessageEvent<AnswerWorkerMessage>) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  readonly requests: AnswerWorkerRequest[] = [];
  private readonly scope: AnswerWorkerScope;

  constructor(broken = false, fetcher?: typeof fetch) {
    FakeWorker.started += 1;
    this.scope = {
      onmessage: null,
      postMessage: (reply, transfer) => {
        const received = structuredClone(reply, { transfer });
        setTimeout(() => this.onmessage?.({ data: received } as MessageEvent<AnswerWorkerMessage>));
      },
    };
    // A worker's script loads a task later, then says it is ready; a broken one fails to load.
    setTimeout(() => {
      if (broken) this.onerror?.({ message: 'it did not load', preventDefault: () => undefined } as unknown as ErrorEvent);
      else serveAnswerRequests(this.scope, fetcher);
    });
  }

  postMessage(request: AnswerWorkerRequest, transfer: Transferable[] = []): void {
    this.requests.push(request);
    const sent = structuredClone(request, { transfer });
    setTimeout(() => this.scope.onmessage?.({ data: sent } as MessageEvent<AnswerWorkerRequest>));
  }

  /** The worker dies while reading: its error comes instead of its replies. */
  crash(): void {
    this.scope.postMessage = () => undefined;
    setTimeout(() => this.onerror?.({ message: 'out of memory', preventDefault: () => undefined } as unknown as ErrorEvent));
  }

  terminate(): void {
    this.terminated = true;
  }
}

describe('createWorkerAnswerReader', () => {
  const [, geoJson, , ] = CAPTURED[0] as (typeof CAPTURED)[number];
  const [, gml, gmlLayer, gmlContext] = CAPTURED[9] as (typeof CAPTURED)[number];

  it('reads in the worker, one request per answer, equal to the main thread; bytes are moved to it, not copied', async () => {
    const worker = new FakeWorker();
    const read = createWorkerAnswerReader({ createWorker: () => worker as unknown as Worker });
    const bytes = new TextEncoder().encode(gml).buffer as ArrayBuffer;
    const [first, second] = await Promise.all([
      read({ body: bytes, status: 200, layer: gmlLayer, context: gmlContext }),
      read({ body: geoJson, status: 200, layer: towns, context: {} }),
    ]);
    expect(first).toEqual(readAnswerText({ text: gml, status: 200 }, gmlLayer, gmlContext));
    expect(second).toEqual(readAnswerText({ text: geoJson, status: 200 }, towns, {}));
    expect(worker.requests.map((request) => request.id)).toEqual([1, 2]);
    expect(bytes.byteLength).toBe(0);
  });

  it('rejects with the MapServerError the main thread would throw', async () => {
    const read = createWorkerAnswerReader({ createWorker: () => new FakeWorker() as unknown as Worker });
    const failure = read({ body: '{"type": "FeatureCollection", "features": [', status: 200, layer: towns, context: {} });
    await expect(failure).rejects.toBeInstanceOf(MapServerError);
    await expect(failure).rejects.toMatchObject({ code: 'MalformedResponse', status: 200 });
  });

  it('reads on the main thread where no worker starts (no Worker, or its constructor throws)', async () => {
    for (const createWorker of [() => undefined, () => { throw new Error('blocked'); }]) {
      const read = createWorkerAnswerReader({ createWorker });
      await expect(read({ body: gml, status: 200, layer: gmlLayer, context: gmlContext })).resolves.toEqual(readAnswerText({ text: gml, status: 200 }, gmlLayer, gmlContext));
    }
  });

  it('reads on the main thread the answers that waited for a worker whose script did not load, and every later one', async () => {
    FakeWorker.started = 0;
    const worker = new FakeWorker(true);
    const read = createWorkerAnswerReader({ createWorker: () => worker as unknown as Worker });
    const expected = readAnswerText({ text: gml, status: 200 }, gmlLayer, gmlContext);
    const bytes = () => new TextEncoder().encode(gml).buffer as ArrayBuffer;
    await expect(Promise.all([read({ body: bytes(), status: 200, layer: gmlLayer, context: gmlContext }), read({ body: gml, status: 200, layer: gmlLayer, context: gmlContext })])).resolves.toEqual([expected, expected]);
    expect(worker.terminated).toBe(true);
    await expect(read({ body: bytes(), status: 200, layer: gmlLayer, context: gmlContext })).resolves.toEqual(expected);
    expect(worker.requests).toHaveLength(0);
    expect(FakeWorker.started).toBe(1);
  });

  it('fails the reads a worker held when it crashes (it had their bytes), and reads later answers on the main thread', async () => {
    const worker = new FakeWorker();
    const read = createWorkerAnswerReader({ createWorker: () => worker as unknown as Worker });
    await read({ body: geoJson, status: 200, layer: towns, context: {} });
    worker.crash();
    await expect(read({ body: gml, status: 200, layer: gmlLayer, context: gmlContext })).rejects.toThrow(/worker failed while reading: out of memory/);
    await expect(read({ body: gml, status: 200, layer: gmlLayer, context: gmlContext })).resolves.toEqual(readAnswerText({ text: gml, status: 200 }, gmlLayer, gmlContext));
    expect(worker.requests).toHaveLength(2);
  });

  it('stops waiting when the request is aborted, with its reason', async () => {
    const read = createWorkerAnswerReader({ createWorker: () => new FakeWorker() as unknown as Worker });
    const controller = new AbortController();
    const reading = read({ body: gml, status: 200, layer: gmlLayer, context: gmlContext, signal: controller.signal });
    const reason = new Error('the view moved');
    controller.abort(reason);
    await expect(reading).rejects.toBe(reason);
    await expect(read({ body: gml, status: 200, layer: gmlLayer, context: gmlContext, signal: controller.signal })).rejects.toBe(reason);
  });

  it('starts its worker when prepared, once: WfsFeatureSource prepares it as it reads a layer schema, before any answer', async () => {
    const server = fakeWfs((request) => (request.operation === 'DescribeFeatureType' ? { body: readQgisFixture('wfs110-DescribeFeatureType-towns.xsd') } : undefined));
    const workers: FakeWorker[] = [];
    const readAnswer = createWorkerAnswerReader({
      createWorker: () => {
        const worker = new FakeWorker();
        workers.push(worker);
        return worker as unknown as Worker;
      },
    });
    const { source } = createWfsAdapters({ url: 'http://wfs.test/ows', fetch: server.fetch, readAnswer });
    expect(workers).toHaveLength(0);
    await source.describe('towns');
    expect(workers).toHaveLength(1);
    readAnswer.prepare?.();
    await expect(readAnswer({ body: geoJson, status: 200, layer: towns, context: {} })).resolves.toEqual(readAnswerText({ text: geoJson, status: 200 }, towns, {}));
    expect(workers).toHaveLength(1);
    expect(workers[0]?.requests).toHaveLength(1);
  });

  it('is what WfsFeatureSource reads GetFeature answers with (readAnswer option): sent from the worker, the same features as the default', async () => {
    const bodies: Record<string, string> = {
      GetCapabilities: readQgisFixture('wfs110-GetCapabilities.xml'),
      DescribeFeatureType: readQgisFixture('wfs110-DescribeFeatureType-towns.xsd'),
      GetFeature: readQgisFixture('wfs110-GetFeature-towns-gml3-srsname-EPSG4326.xml'),
    };
    const answer = (request: FakeRequest) => (bodies[request.operation] === undefined ? undefined : { body: bodies[request.operation] as string });
    const page = fakeWfs(answer);
    const inWorkerServer = fakeWfs(answer);
    const worker = new FakeWorker(false, inWorkerServer.fetch);
    const corrections: unknown[] = [];
    const options = { url: 'http://wfs.test/ows', outputFormat: 'GML3', onAxisOrderCorrected: (correction: unknown) => corrections.push(correction) };
    const inWorker = await createWfsAdapters({ ...options, fetch: page.fetch, readAnswer: createWorkerAnswerReader({ createWorker: () => worker as unknown as Worker }) }).source.getFeatures({ typeName: 'towns' });
    const onMain = await createWfsAdapters({ ...options, fetch: fakeWfs(answer).fetch }).source.getFeatures({ typeName: 'towns' });
    // The page asked for the schema (and the capabilities, to settle the axis order); the worker sent the GetFeature, as the page would have.
    expect(page.requests.map((request) => request.operation)).not.toContain('GetFeature');
    expect(inWorkerServer.requests.map((request) => [request.method, request.operation, request.url.href, request.credentials])).toEqual([['POST', 'GetFeature', 'http://wfs.test/ows', 'same-origin']]);
    expect(worker.requests).toHaveLength(1);
    expect(inWorker.features.length).toBe(2);
    expect(inWorker).toEqual(onMain);
    // The axis order is settled on the main thread after the worker's read, as before: one correction each.
    expect(corrections).toHaveLength(2);
  });
});

describe('GetFeature sent from the worker (createWorkerAnswerReader + WfsFeatureSource)', () => {
  const URL_ = 'http://wfs.test/ows';
  const schemaAnswers = (request: FakeRequest): FakeAnswer | undefined =>
    request.operation === 'DescribeFeatureType' ? { body: readQgisFixture('wfs110-DescribeFeatureType-towns.xsd') } : request.operation === 'GetCapabilities' ? { body: readQgisFixture('wfs110-GetCapabilities.xml') } : undefined;
  /** The same WFS as the page's fetch and the worker's: what each was asked, and adapters reading through a worker. */
  function throughWorker(getFeature: (request: FakeRequest) => FakeAnswer | undefined, options: { timeoutMs?: number; workerFetch?: typeof fetch } = {}) {
    const server = (request: FakeRequest) => schemaAnswers(request) ?? getFeature(request);
    const page = fakeWfs(server);
    const inWorker = fakeWfs(server);
    const worker = new FakeWorker(false, options.workerFetch ?? inWorker.fetch);
    const readAnswer = createWorkerAnswerReader({ createWorker: () => worker as unknown as Worker });
    const { source } = createWfsAdapters({ url: URL_, fetch: page.fetch, readAnswer, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
    return { source, page, inWorker, worker };
  }
  const onMainThread = (getFeature: (request: FakeRequest) => FakeAnswer | undefined) => {
    const server = fakeWfs((request) => schemaAnswers(request) ?? getFeature(request));
    const source = createWfsAdapters({ url: URL_, fetch: server.fetch }).source;
    return Object.assign(source, { requests: server.requests });
  };
  const getFeatures = (requests: readonly FakeRequest[]) => requests.filter((request) => request.operation === 'GetFeature').length;
  const outcome = (reading: Promise<unknown>) =>
    reading.then(
      (read) => ({ read }),
      (error: unknown) => ({ error: error instanceof Error ? { type: error.constructor.name, message: error.message, ...(error instanceof MapServerError ? { status: error.status, code: error.code } : {}) } : String(error) }),
    );

  it("fails as the page's own fetch fails: an exception report (HTTP 400 and 200), an HTML error page, an empty or unreadable answer", async () => {
    const html = '<html><head><title>Error 500 Server Error</title></head><body><h2>HTTP ERROR 500</h2></body></html>';
    const cases: FakeAnswer[] = [
      { status: 400, body: readQgisFixture('wfs110-GetFeature-unknown-typename.ExceptionReport.xml') },
      { status: 200, body: readQgisFixture('wfs110-GetFeature-unknown-typename.ExceptionReport.xml') },
      { status: 500, body: html, contentType: 'text/html' },
      { status: 502, body: 'Bad Gateway', contentType: 'text/plain' },
      { status: 200, body: '' },
      { status: 200, body: 'not an answer', contentType: 'text/plain' },
      { status: 200, body: '{"type": "FeatureCollection", "features": [' },
      // Unreadable as GeoJSON, though it names the output format: a read's failure, not a refusal (no second request for GML).
      { status: 200, body: 'Unknown outputFormat application/json', contentType: 'text/plain' },
    ];
    for (const answer of cases) {
      const getFeature = (request: FakeRequest) => (request.operation === 'GetFeature' ? answer : undefined);
      const { source, page, inWorker } = throughWorker(getFeature);
      const worker = await outcome(source.getFeatures({ typeName: 'towns' }));
      const main = onMainThread(getFeature);
      expect(worker).toHaveProperty('error');
      expect(worker).toEqual(await outcome(main.getFeatures({ typeName: 'towns' })));
      expect(page.requests.map((request) => request.operation)).not.toContain('GetFeature');
      expect(getFeatures(inWorker.requests)).toBe(getFeatures(main.requests));
    }
  });

  it('asks again for GML, from the worker, once the server refuses GeoJSON', async () => {
    const refusal = readGeoServerFixture('wfs/exception-report-ows-1.0.0.xml').replace(/<ows:ExceptionText>[\s\S]*<\/ows:ExceptionText>/, '<ows:ExceptionText>Unknown outputFormat application/json</ows:ExceptionText>');
    const getFeature = (request: FakeRequest): FakeAnswer | undefined =>
      request.operation !== 'GetFeature' ? undefined : request.body.includes('application/json') ? { body: refusal } : { body: readQgisFixture('wfs110-GetFeature-towns-gml3-srsname-EPSG4326.xml') };
    const { source, inWorker } = throughWorker(getFeature);
    const read = await source.getFeatures({ typeName: 'towns' });
    expect(read).toEqual(await onMainThread(getFeature).getFeatures({ typeName: 'towns' }));
    expect(read.features).toHaveLength(2);
    await source.getFeatures({ typeName: 'towns' });
    expect(inWorker.requests.map((request) => request.body.includes('application/json'))).toEqual([true, false, false]);
  });

  it("gives NetworkError when nothing answers the worker, TimeoutError after timeoutMs, and rethrows a caller abort, stopping the worker's fetch", async () => {
    const refused: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(throughWorker(() => undefined, { workerFetch: refused }).source.getFeatures({ typeName: 'towns' })).rejects.toMatchObject({ kind: 'network', message: 'POST http://wfs.test/ows: fetch failed' });

    const signals: AbortSignal[] = [];
    const silent: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        if (init?.signal) signals.push(init.signal);
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const slow = throughWorker(() => undefined, { workerFetch: silent, timeoutMs: 20 }).source;
    await expect(slow.getFeatures({ typeName: 'towns' })).rejects.toBeInstanceOf(TimeoutError);
    await expect(slow.getFeatures({ typeName: 'towns' })).rejects.toMatchObject({ kind: 'timeout', timeoutMs: 20 });

    const controller = new AbortController();
    const { source: patient, worker } = throughWorker(() => undefined, { workerFetch: silent });
    const pending = patient.getFeatures({ typeName: 'towns' }, { signal: controller.signal });
    await vi.waitFor(() => expect(signals).toHaveLength(3));
    controller.abort(new DOMException('the view moved', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError', message: 'the view moved' });
    await vi.waitFor(() => expect(signals[2]?.aborted).toBe(true));
    expect(worker.requests.at(-1)).toEqual({ id: 1, abort: true });
  });

  it('sends from the page where the worker did not start, or crashed while it held the request (nothing was lost)', async () => {
    const getFeature = (request: FakeRequest) => (request.operation === 'GetFeature' ? { body: readQgisFixture('wfs110-GetFeature-towns-geojson.json') } : undefined);
    const expected = await onMainThread(getFeature).getFeatures({ typeName: 'towns' });

    const broken = new FakeWorker(true);
    const page = fakeWfs((request) => schemaAnswers(request) ?? getFeature(request));
    const blocked = createWfsAdapters({ url: URL_, fetch: page.fetch, readAnswer: createWorkerAnswerReader({ createWorker: () => broken as unknown as Worker }) }).source;
    await expect(blocked.getFeatures({ typeName: 'towns' })).resolves.toEqual(expected);
    expect(page.requests.map((request) => request.operation)).toContain('GetFeature');
    expect(broken.requests).toHaveLength(0);

    const crashing: { worker?: FakeWorker } = {};
    const hanging: typeof fetch = () => {
      crashing.worker?.crash();
      return new Promise(() => undefined);
    };
    const crashed = throughWorker(getFeature, { workerFetch: hanging });
    crashing.worker = crashed.worker;
    await expect(crashed.source.getFeatures({ typeName: 'towns' })).resolves.toEqual(expected);
    expect(crashed.page.requests.filter((request) => request.operation === 'GetFeature')).toHaveLength(1);
    expect(crashed.worker.terminated).toBe(true);
  });
});
