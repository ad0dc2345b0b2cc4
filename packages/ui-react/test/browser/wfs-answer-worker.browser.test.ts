import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LON_LAT_SRS_NAME } from '@gportal/adapters-geoserver';
import { POSITIONS_PER_BLOCK, readQgisFixture } from '@gportal/adapters-geoserver/test-support';
import { freshPage, freshPagePerTest, screenshot, signIn, PORTAL_USER } from './browser.js';
import { waitForMapReady } from './map-helpers.js';

/*
 * The production build in map-server mode reads GetFeature answers in its worker
 * (`wfs-answer.worker.ts`): a layer loads through it to the same map as through the main thread
 * (the worker blocked, as where workers cannot start), the request sent from the worker (the
 * answer's bytes never reach the page), and a large answer comes back to the main
 * thread in blocks of bounded size, one task each (how long those take, the benchmark measures). The WFS is a stand-in answering with QGIS Server's captured
 * capabilities and schema, and with generated GML of its `districts` layer.
 */

const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest((fresh) => {
  page = fresh;
});

const WORKER_NAME = 'gportal-wfs-answer';

/**
 * What the page records: the long tasks, the workers started, when the GetFeature request was sent
 * (by the answer worker, or by the page's own fetch: `pageGetFeatures`) and its read came back,
 * and the positions of each block of features the worker handed over.
 */
interface Recorded {
  longTasks: Array<{ start: number; duration: number }>;
  workers: string[];
  getFeatureAt: number[];
  pageGetFeatures: number;
  readAt: number[];
  blockPositions: number[];
}

/** Installed before the app's scripts: records what {@link Recorded} holds; `block` makes the answer worker fail to start. */
function recorder({ block, workerName }: { block: boolean; workerName: string }): void {
  const recorded: Recorded = { longTasks: [], workers: [], getFeatureAt: [], pageGetFeatures: 0, readAt: [], blockPositions: [] };
  (window as unknown as { gportalRecorded: Recorded }).gportalRecorded = recorded;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) recorded.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(url: string | URL, options?: WorkerOptions) {
      if (block && options?.name === workerName) throw new Error('workers are blocked here');
      super(url, options);
      recorded.workers.push(options?.name ?? '');
      if (options?.name === workerName) {
        this.addEventListener('message', (event: MessageEvent<{ kind: string; features?: { positions: Float64Array } }>) => {
          if (event.data.kind === 'features') recorded.blockPositions.push((event.data.features?.positions.length ?? 0) / 2);
          if (event.data.kind !== 'read') return;
          recorded.readAt.push(performance.now());
          performance.mark('gportal:answer-read');
        });
      }
    }

    override postMessage(message: unknown, transfer?: Transferable[] | StructuredSerializeOptions): void {
      const body = (message as { fetch?: { body?: string } }).fetch?.body;
      if (body?.includes('GetFeature')) {
        recorded.getFeatureAt.push(performance.now());
        performance.mark('gportal:get-feature');
      }
      super.postMessage(message, transfer as Transferable[]);
    }
  };
  const nativeFetch = window.fetch;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    if (typeof init?.body === 'string' && init.body.includes('GetFeature') && !init.body.includes('resultType="hits"')) recorded.pageGetFeatures += 1;
    return nativeFetch.call(this, input, init);
  };
}

/** A district: a wobbly ring of `positions` positions (closed), lon/lat, in a grid cell of the town-like area; `scale` shrinks it, `shift` moves it east (in cells). */
function districtRing(index: number, positions: number, columns: number, { scale = 1, shift = 0 } = {}): string {
  const centreLng = 116 + (index % columns + shift) * (4 / columns);
  const centreLat = 23 + Math.floor(index / columns) * (4 / columns);
  const radius = (1.6 / columns) * scale;
  const values: string[] = [];
  for (let vertex = 0; vertex < positions - 1; vertex += 1) {
    const angle = (2 * Math.PI * vertex) / (positions - 1);
    const wobble = 1 + 0.15 * Math.sin(7 * angle + index);
    values.push(`${(centreLng + radius * wobble * Math.cos(angle)).toFixed(6)} ${(centreLat + radius * wobble * Math.sin(angle)).toFixed(6)}`);
  }
  values.push(values[0] as string);
  return values.join(' ');
}

/** The positions of {@link districtsGml}'s answer: every ring's, holes and second parts included. */
function expectedPositions(count: number, positions: number): number {
  let total = 0;
  for (let index = 0; index < count; index += 1) total += positions + (index % 7 === 0 ? 5 : 0) + (index % 11 === 0 ? 6 : 0);
  return total;
}

/** A GetFeature answer of `count` districts (MultiSurface) of `positions` positions each; every 7th has a hole, every 11th a second part. */
function districtsGml(count: number, positions: number): string {
  const columns = Math.ceil(Math.sqrt(count));
  const members = Array.from({ length: count }, (_, index) => {
    const hole = index % 7 === 0 ? `<gml:interior><gml:LinearRing><gml:posList>${districtRing(index, 5, columns, { scale: 0.3 })}</gml:posList></gml:LinearRing></gml:interior>` : '';
    const polygon = `<gml:surfaceMember><gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>${districtRing(index, positions, columns)}</gml:posList></gml:LinearRing></gml:exterior>${hole}</gml:Polygon></gml:surfaceMember>`;
    const second = index % 11 === 0 ? `<gml:surfaceMember><gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>${districtRing(index, 6, columns, { scale: 0.15, shift: 0.4 })}</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>` : '';
    return `<gml:featureMember><qgs:districts gml:id="districts.${index + 1}"><qgs:geometry><gml:MultiSurface srsName="${LON_LAT_SRS_NAME}">${polygon}${second}</gml:MultiSurface></qgs:geometry><qgs:id>${index + 1}</qgs:id><qgs:name>区 ${index + 1}</qgs:name><qgs:population>${index * 1000}</qgs:population><qgs:area_km2>${(index * 1.5).toFixed(1)}</qgs:area_km2><qgs:coastal>${index % 2 === 0}</qgs:coastal><qgs:surveyed>2020-01-${String((index % 28) + 1).padStart(2, '0')}</qgs:surveyed></qgs:districts></gml:featureMember>`;
  });
  return `<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" xmlns:qgs="http://www.qgis.org/gml">${members.join('')}</wfs:FeatureCollection>`;
}

/** A transparent 1×1 PNG for the base map's tiles. */
const EMPTY_TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=', 'base64');

/** What the stand-in WFS answers to a request: QGIS Server's captured capabilities and schemas, and `features` for every GetFeature. */
function wfsAnswer(operation: string | undefined, body: string, features: string, query = new URLSearchParams()): { status: number; text: string } {
  if (operation === 'GetCapabilities') return { status: 200, text: readQgisFixture('wfs110-GetCapabilities.xml') };
  if (operation === 'DescribeFeatureType') return { status: 200, text: readQgisFixture('wfs110-DescribeFeatureType-all.xsd') };
  // A count: posted (a view's) or by KVP (the whole layer's).
  if (operation === 'GetFeature' && (/resultType="hits"/.test(body) || /^hits$/i.test(query.get('RESULTTYPE') ?? ''))) {
    const count = (features.match(/<gml:featureMember>/g) ?? []).length;
    return { status: 200, text: `<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" numberOfFeatures="${count}"/>` };
  }
  if (operation === 'GetFeature') return { status: 200, text: features };
  return { status: 400, text: `the stand-in WFS has no answer for ${operation}` };
}

/**
 * The stand-in WFS as a real HTTP server on 127.0.0.1, so its answers reach the page through the
 * network stack as a server's do (in chunks), not handed over whole by the test's interception.
 */
async function startWfs(): Promise<{ url: string; features: { text: string }; close(): Promise<void> }> {
  const features = { text: '' };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const query = new URL(request.url ?? '/', 'http://wfs.test').searchParams;
      const operation = query.get('REQUEST') ?? /<(?:\w+:)?(\w+)/.exec(body)?.[1];
      const { status, text } = wfsAnswer(operation, body, features.text, query);
      response.writeHead(status, { 'Content-Type': 'text/xml; charset=utf-8' });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    features,
    // The browser keeps its connections alive: closed here, or `close` waits for them to time out.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let wfs: Awaited<ReturnType<typeof startWfs>>;
beforeAll(async () => {
  wfs = await startWfs();
});
afterAll(() => wfs.close());

/** Opens the feature map of the map-server build against the stand-in WFS; `block`: the answer worker cannot start. */
async function openMap(features: string, { block }: { block: boolean }): Promise<void> {
  await page.addInitScript(recorder, { block, workerName: WORKER_NAME });
  await page.route('**/config.json', (route) => route.fulfill({ json: { mode: 'map-server', wfsUrl: '/ows', wmtsUrl: '/wmts' } }));
  await page.route('**/api/auth/token', (route) =>
    route.fulfill({ json: { isOk: true, msg: '登录成功', data: { username: 'alice', displayName: '爱丽丝', token: 't-1' } } }),
  );
  wfs.features.text = features;
  await page.route('**/ows**', (route) => {
    const url = new URL(route.request().url());
    return route.continue({ url: `${wfs.url}${url.pathname}${url.search}` });
  });
  await page.route('**/wmts?**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: EMPTY_TILE }));
  await signIn(page, baseUrl, PORTAL_USER);
  await page.goto(`${baseUrl}/feature-map`);
}

const recorded = () => page.evaluate(() => (window as unknown as { gportalRecorded: Recorded }).gportalRecorded);

/** What the map shows: how many features it draws and the layer canvas's pixels. */
async function shown(count: number): Promise<{ features: string | null; pixels: string }> {
  await waitForMapReady(page, count);
  const features = await page.locator('.gportal-map').getAttribute('data-features');
  const pixels = await page.locator('.gportal-feature-canvas').evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL('image/png'));
  return { features, pixels };
}

/** The renderer main thread's tasks in a trace (times in ms of the trace clock), and when the page marked the request and the read. */
function mainThreadTasks(trace: Buffer): { tasks: Array<{ start: number; end: number; threadMs: number; wallMs: number }>; fetched: number; read: number } {
  interface TraceEvent { name: string; cat: string; ph: string; ts: number; dur?: number; tdur?: number; tid: number; pid: number }
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mark = (name: string) => events.filter((event) => event.name === name).at(-1);
  const fetched = mark('gportal:get-feature');
  const read = mark('gportal:answer-read');
  if (!fetched || !read) throw new Error('the page did not mark the request and the read');
  const tasks = events
    .filter((event) => event.name === 'RunTask' && event.pid === fetched.pid && event.tid === fetched.tid && event.dur !== undefined)
    .map((event) => ({ start: event.ts / 1000, end: (event.ts + (event.dur ?? 0)) / 1000, threadMs: (event.tdur ?? event.dur ?? 0) / 1000, wallMs: (event.dur ?? 0) / 1000 }));
  return { tasks, fetched: fetched.ts / 1000, read: read.ts / 1000 };
}

/** The longest long task starting within `[from, to]`, 0 when there is none. */
function longestWithin(tasks: Recorded['longTasks'], from: number, to: number): number {
  return Math.max(0, ...tasks.filter((task) => task.start + task.duration >= from && task.start <= to).map((task) => task.duration));
}

describe('GetFeature answers read in the worker', () => {
  // 300 districts with holes and second parts, and one whose ring holds NaN: skipped either way.
  const SMALL = districtsGml(300, 40).replace('</wfs:FeatureCollection>', `<gml:featureMember><qgs:districts gml:id="districts.broken"><qgs:geometry><gml:MultiSurface srsName="${LON_LAT_SRS_NAME}"><gml:surfaceMember><gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>117 24 NaN 24 118 25 117 24</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></qgs:geometry></qgs:districts></gml:featureMember></wfs:FeatureCollection>`);

  it('loads a layer through the worker to the same map as through the main thread (the worker blocked)', async () => {
    await openMap(SMALL, { block: false });
    const throughWorker = await shown(300);
    const inWorker = await recorded();
    expect(inWorker.workers).toContain(WORKER_NAME);
    expect(inWorker.readAt).toHaveLength(1);
    // Sent from the worker: the answer's bytes never reached the page.
    expect(inWorker.getFeatureAt).toHaveLength(1);
    expect(inWorker.pageGetFeatures).toBe(0);
    await screenshot(page, 'wfs-answer-worker-districts');

    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    await page.context().close();
    page = await freshPage(browser);
    await openMap(SMALL, { block: true });
    const onMainThread = await shown(300);
    const blocked = await recorded();
    expect(blocked.workers).not.toContain(WORKER_NAME);
    expect(blocked.readAt).toHaveLength(0);
    expect(blocked.pageGetFeatures).toBe(1);
    expect(onMainThread).toEqual(throughWorker);
  });

  it('reads 2000 districts of 500 positions each in the worker and hands the main thread the features in blocks of at most 50 000 positions', async () => {
    const LARGE = districtsGml(2000, 500);
    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    await browser.startTracing(page, { categories: ['blink.user_timing', 'disabled-by-default-devtools.timeline'] });
    await openMap(LARGE, { block: false });
    await waitForMapReady(page, 2000);
    const { longTasks, getFeatureAt, pageGetFeatures, readAt, blockPositions, workers } = await recorded();
    const painted = await page.evaluate(() => performance.now());
    const trace = mainThreadTasks(await browser.stopTracing());
    const fetched = getFeatureAt.at(-1) as number;
    const read = readAt.at(-1) as number;
    expect(workers).toContain(WORKER_NAME);
    expect(readAt).toHaveLength(1);
    expect(read).toBeGreaterThan(fetched);
    // The 22 MB answer was fetched by the worker: the page's thread never received its bytes.
    expect(pageGetFeatures).toBe(0);
    // What the main thread does with the answer is bounded by its size, not by the machine's speed:
    // every position came back from the worker, in blocks (each a message, so a task of its own) of
    // at most POSITIONS_PER_BLOCK. How long such a task takes is the benchmark's to measure.
    const positions = blockPositions.reduce((sum, count) => sum + count, 0);
    expect(positions).toBe(expectedPositions(2000, 500));
    expect(Math.max(...blockPositions)).toBeLessThanOrEqual(POSITIONS_PER_BLOCK);
    expect(blockPositions.length).toBeGreaterThanOrEqual(Math.ceil(positions / POSITIONS_PER_BLOCK));
    const reading = trace.tasks.filter((task) => task.end >= trace.fetched && task.start <= trace.read);
    expect(reading.length).toBeGreaterThan(blockPositions.length);
    console.info(
      `2000 × 500 positions (${(LARGE.length / 1e6).toFixed(1)} MB of GML): read in ${Math.round(read - fetched)} ms, ${blockPositions.length} blocks (${reading.length} main-thread tasks); ` +
        `longest main-thread task while reading: ${Math.max(...reading.map((task) => task.threadMs)).toFixed(1)} ms on the thread, ${Math.max(...reading.map((task) => task.wallMs)).toFixed(1)} ms wall; ` +
        `longtask entries while reading ${longestWithin(longTasks, fetched, read)} ms, until painted ${longestWithin(longTasks, fetched, painted)} ms`,
    );
    await screenshot(page, 'wfs-answer-worker-large');
  });
});
