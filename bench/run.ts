/**
 * `npm run bench`: gportal's load, save, render and bundle paths against their anchors (ol,
 * Leaflet, leaflet-draw) in one headless Chromium page and one run. The report goes to
 * `bench/.build/RESULTS.md`, the targets' rows into the latest run's table of `bench/README.md`
 * (where the method is).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { build } from 'vite';
import { DEMO_USER } from '@gportal/core/memory';
import { antdSheet } from '@gportal/ui-react/antd-sheet';
import { ensureDebianPackages } from '../scripts/debian-packages.js';
import { sourceConditions } from '../vitest.shared.js';
import { DATASETS, FEATURE_COUNT, generateFeatures, toGeoJson, toGml, type DatasetName } from './data.js';
import { runLarge } from './large.js';
import { largeTargetRows } from './large-path.js';
import { listChunks } from './chunk-listing.js';
import { withChunkTable, withLatestRun, type BenchPart, type TargetRow } from './latest-run.js';
import { chunkTable, targetRows, writeResults, type Results, type Row, type Sample } from './results.js';

const BENCH = fileURLToPath(new URL('./', import.meta.url));
const REPO = fileURLToPath(new URL('../', import.meta.url));
const BUILD = join(BENCH, '.build');
const PAGE_BUILD = join(BUILD, 'page');
const APP_BUILD = join(BUILD, 'app');
const CHROMIUM = process.env.GPORTAL_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--js-flags=--expose-gc',
];
/** Timed calls per contender after one discarded warm-up round (`GPORTAL_BENCH_QUICK=1`: one, to try the harness). */
// v50 calls take a tenth of v500's: more of them for as steady a median, in a few seconds more.
const ROUNDS = process.env.GPORTAL_BENCH_QUICK === '1' ? { parse: 1, parseV50: 1, transaction: 1, render: 1 } : { parse: 9, parseV50: 25, transaction: 7, render: 5 };
/** The leak check redraws the whole layer 20 times: v50 keeps the run under 10 minutes. */
const LEAK_CHECK_DATASET: DatasetName = 'v50';
const VERTEX_DRAG = { vertices: 5000, moves: 10, rounds: process.env.GPORTAL_BENCH_QUICK === '1' ? 1 : 3 } as const;
/**
 * Which parts to run (`GPORTAL_BENCH_PARTS=parse,transaction`); all but `large` by default. A run
 * replaces the README's rows of the parts it ran; a quick run (`GPORTAL_BENCH_QUICK=1`) only tries
 * the harness and leaves the README alone. `large` (the real QGIS Server layer of 100 000 polygons,
 * `large.ts`) runs only when named, and alone it skips the app build and the other parts.
 */
const PAGE_PARTS: BenchPart[] = ['parse', 'transaction', 'heap', 'render', 'bundle'];
const PARTS = new Set((process.env.GPORTAL_BENCH_PARTS ?? PAGE_PARTS.join(',')).split(','));
const QUICK = process.env.GPORTAL_BENCH_QUICK === '1';
const LARGE_ONLY = PARTS.size === 1 && PARTS.has('large');

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** The targets of the parts that ran, into bench/README.md's table of the latest run. */
function recordLatestRun(parts: ReadonlySet<BenchPart>, rows: readonly TargetRow[], bundle?: Results['bundle']): void {
  if (QUICK) return;
  const path = join(BENCH, 'README.md');
  const readme = readFileSync(path, 'utf8');
  const latest = withLatestRun(readme, parts, rows);
  const updated = bundle && parts.has('bundle') ? withChunkTable(latest, chunkTable(bundle)) : latest;
  if (updated !== readme) writeFileSync(path, updated);
  log(`bench/README.md: the latest run's rows of ${[...parts].join(', ')} written`);
}

async function buildPage(): Promise<void> {
  await build({
    ...sourceConditions,
    configFile: false,
    root: join(BENCH, 'page'),
    base: '/',
    logLevel: 'warn',
    // antd's prebuilt sheet cut as the app's build cuts it.
    plugins: [antdSheet()],
    build: {
      // The render tables' page, and the large part's (one contender per page load).
      rolldownOptions: {
        input: { index: join(BENCH, 'page/index.html'), large: join(BENCH, 'page/large.html') },
        // antd's modules start with "use client" (React Server Components), which a browser bundle ignores.
        onwarn: (warning, warn) => (warning.code === 'MODULE_LEVEL_DIRECTIVE' ? undefined : warn(warning)),
      },
      outDir: PAGE_BUILD,
      emptyOutDir: true,
      target: 'esnext',
      chunkSizeWarningLimit: 5000,
    },
  });
}

/** The app as it ships: a production build with none of the developer's `VITE_GPORTAL_*` settings. */
function buildApp(): number {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_GPORTAL_') && !name.startsWith('GPORTAL_')));
  const start = performance.now();
  // Hidden source maps: the chunk listing reads what each chunk holds from them, and the scripts stay byte for byte what a build without maps ships.
  const result = spawnSync(process.execPath, [join(REPO, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', APP_BUILD, '--emptyOutDir', '--sourcemap', 'hidden', '--logLevel', 'warn'], {
    cwd: join(REPO, 'packages/ui-react'),
    env: { ...env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`vite build of the app failed (exit ${result.status})`);
  return (performance.now() - start) / 1000;
}

function writeData(): Record<DatasetName, { geoJsonBytes: number; gmlBytes: number; positions: number; polygons: number }> {
  mkdirSync(join(PAGE_BUILD, 'data'), { recursive: true });
  const sizes = {} as Record<DatasetName, { geoJsonBytes: number; gmlBytes: number; positions: number; polygons: number }>;
  for (const [name, positions] of Object.entries(DATASETS) as Array<[DatasetName, number]>) {
    const features = generateFeatures(positions);
    const geoJson = toGeoJson(features);
    const gml = toGml(features);
    writeFileSync(join(PAGE_BUILD, 'data', `${name}-geojson.json`), geoJson);
    writeFileSync(join(PAGE_BUILD, 'data', `${name}-gml3.xml`), gml);
    const polygons = features.flatMap((feature) => feature.geometry.coordinates as number[][][][]);
    sizes[name] = {
      geoJsonBytes: Buffer.byteLength(geoJson),
      gmlBytes: Buffer.byteLength(gml),
      polygons: polygons.length,
      positions: polygons.reduce((sum, polygon) => sum + polygon.reduce((inner, ring) => inner + ring.length, 0), 0),
    };
  }
  return sizes;
}

const MEDIA_TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.xml': 'text/xml', '.svg': 'image/svg+xml', '.png': 'image/png' };

/** Serves a build from 127.0.0.1, falling back to its `index.html` for paths without a file (the app's routes). */
function serve(root: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    let file = join(root, path === '/' ? 'index.html' : path);
    if (!file.startsWith(root) || !existsSync(file) || !extname(file)) file = join(root, 'index.html');
    response.writeHead(200, { 'content-type': MEDIA_TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    }),
  );
}

/** Rounds of every contender, interleaved, each round in a rotated order; round 0 is the warm-up. */
async function interleaved(count: number, rounds: number, call: (index: number) => Promise<number>): Promise<number[][]> {
  const samples: number[][] = Array.from({ length: count }, () => []);
  for (let round = 0; round <= rounds; round += 1) {
    for (let offset = 0; offset < count; offset += 1) {
      const index = (round + offset) % count;
      const ms = await call(index);
      if (round > 0) samples[index]?.push(ms);
    }
  }
  return samples;
}

function sample(values: number[]): Sample {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { median, min: sorted[0] ?? NaN, max: sorted[sorted.length - 1] ?? NaN, mean: values.reduce((sum, value) => sum + value, 0) / values.length, count: values.length };
}

async function heapUsed(page: Page, cdp: CDPSession): Promise<number> {
  await page.evaluate(() => window.bench.gc());
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

async function tableRows(page: Page, row: string, dataset: DatasetName, rounds: number): Promise<Row[]> {
  const contenders = await page.evaluate((name) => window.bench.contenders(name), row);
  log(`${row} ${dataset}: ${contenders.length} contenders × (1 warm-up + ${rounds})`);
  const samples = await interleaved(contenders.length, rounds, (index) => page.evaluate(([name, data, position]) => window.bench.time(name, data, position), [row, dataset, index] as [string, DatasetName, number]));
  const rows: Row[] = [];
  for (const [index, contender] of contenders.entries()) {
    const facts = await page.evaluate(([name, data, position]) => window.bench.facts(name, data, position), [row, dataset, index] as [string, DatasetName, number]);
    rows.push({ ...contender, dataset, sample: sample(samples[index] ?? []), facts });
  }
  return rows;
}

/** Retained V8 heap of each result kept alive after a full GC, minus the same before. */
async function retainedHeap(page: Page, cdp: CDPSession, dataset: DatasetName): Promise<Record<string, number>> {
  const contenders = await page.evaluate(() => window.bench.contenders('parse'));
  const retained: Record<string, number> = {};
  for (const [index, contender] of contenders.entries()) {
    if (contender.role === 'floor' && contender.input !== 'GeoJSON text' && contender.input !== 'GeoJSON Response') continue;
    await page.evaluate(() => window.bench.release());
    const before = await heapUsed(page, cdp);
    await page.evaluate(([data, position]) => window.bench.keep('parse', data, position), [dataset, index] as [DatasetName, number]);
    const after = await heapUsed(page, cdp);
    retained[contender.name] = after - before;
    await page.evaluate(() => window.bench.release());
  }
  return retained;
}

async function renderRows(page: Page, cdp: CDPSession): Promise<Results['render']> {
  const contenders = await page.evaluate(() => window.bench.renderContenders());
  const render: Results['render'] = { contenders, first: [], steps: [], leaks: [], vertexDrag: [] };
  for (const dataset of Object.keys(DATASETS) as DatasetName[]) {
    log(`render ${dataset}: first render, ${contenders.length} contenders × (1 warm-up + ${ROUNDS.render})`);
    const samples = await interleaved(contenders.length, ROUNDS.render, async (index) => (await page.evaluate(([data, position]) => window.bench.render(data, position, false), [dataset, index] as [DatasetName, number])).firstRenderMs);
    for (const [index, contender] of contenders.entries()) {
      render.first.push({ ...contender, dataset, sample: sample(samples[index] ?? []) });
      const run = await page.evaluate(([data, position]) => window.bench.render(data, position, true), [dataset, index] as [DatasetName, number]);
      render.steps.push({ ...contender, dataset, syncMs: run.syncMs, steps: run.steps });
    }
  }
  for (const [index, contender] of contenders.entries()) {
    log(`leak check: ${contender.name}`);
    await page.evaluate(([data, position]) => window.bench.mountForLeakCheck(data, position), [LEAK_CHECK_DATASET, index] as [DatasetName, number]);
    const measure = async () => ({
      heap: await heapUsed(page, cdp),
      layers: await page.evaluate(() => window.bench.layerCount()),
      listeners: (await cdp.send('Memory.getDOMCounters')).jsEventListeners,
    });
    await page.evaluate(() => window.bench.redraw(1));
    const before = await measure();
    await page.evaluate(() => window.bench.redraw(20));
    const after = await measure();
    await page.evaluate(() => window.bench.unmount());
    render.leaks.push({ ...contender, before, after });
  }
  const dragContenders = await page.evaluate(() => window.bench.vertexDragContenders());
  for (const [index, contender] of dragContenders.entries()) {
    log(`vertex drag: ${contender.name} on a ${VERTEX_DRAG.vertices}-vertex polygon, 1 warm-up + ${VERTEX_DRAG.rounds} × ${VERTEX_DRAG.moves} moves`);
    const runs = [];
    // Round 0 warms up and is discarded, as in every other table; the page collects garbage before each mount.
    for (let round = 0; round <= VERTEX_DRAG.rounds; round += 1) {
      const run = await page.evaluate(([position, vertices, moves]) => window.bench.vertexDrag(position, vertices, moves), [index, VERTEX_DRAG.vertices, VERTEX_DRAG.moves] as [number, number, number]);
      if (round > 0) runs.push(run);
    }
    render.vertexDrag.push({
      ...contender,
      mountMs: sample(runs.map((run) => run.mountMs)).median,
      moves: sample(runs.flatMap((run) => run.moves)),
      work: sample(runs.flatMap((run) => run.work)),
    });
  }
  return render;
}

function gzipKiB(files: string[]): { raw: number; gzip: number } {
  const buffers = files.map((file) => readFileSync(file));
  return { raw: buffers.reduce((sum, buffer) => sum + buffer.length, 0) / 1024, gzip: buffers.reduce((sum, buffer) => sum + gzipSync(buffer).length, 0) / 1024 };
}

/** The scripts a page requests while `until` runs. */
async function scriptsWhile(page: Page, until: () => Promise<unknown>): Promise<string[]> {
  const scripts: string[] = [];
  const record = (request: { resourceType(): string; url(): string }) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  };
  page.on('request', record);
  await until();
  page.off('request', record);
  // Two workers of one kind request the same script: it is fetched once.
  return [...new Set(scripts)];
}

/**
 * First screen: the JavaScript Chromium loads for `/login` of the built app; map route: what
 * `/feature-map` loads, opened directly by a signed-in user (a new page of the signed-in context),
 * until its first features are drawn; whole app: every chunk, listed with what it holds.
 */
async function bundleSizes(browser: Browser, url: string): Promise<Omit<Results['bundle'], 'appBuildSeconds'>> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    const firstScreen = await scriptsWhile(page, async () => {
      await page.goto(`${url}/login`);
      await page.locator('#username').waitFor({ timeout: 30_000 });
    });
    await page.locator('#username').fill(DEMO_USER.username);
    await page.locator('#password').fill(DEMO_USER.password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((address) => address.pathname !== '/login', { timeout: 30_000 });
    const mapPage = await context.newPage();
    const mapRoute = await scriptsWhile(mapPage, async () => {
      await mapPage.goto(`${url}/feature-map`);
      await mapPage.locator('.gportal-map[data-features]:not([data-features="0"])').waitFor({ timeout: 60_000 });
    });
    const assets = join(APP_BUILD, 'assets');
    const chunks = listChunks(assets);
    return {
      firstScreen: { scripts: firstScreen, ...gzipKiB(firstScreen.map((path) => join(APP_BUILD, path))) },
      mapRoute: { scripts: mapRoute, ...gzipKiB(mapRoute.map((path) => join(APP_BUILD, path))) },
      wholeApp: { chunks: chunks.length, ...gzipKiB(chunks.map((chunk) => join(assets, chunk.file))) },
      chunks,
    };
  } finally {
    await context.close();
  }
}

function versionOf(name: string): string {
  for (const base of [join(REPO, 'node_modules'), join(BENCH, 'node_modules')]) {
    const file = join(base, name, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  return '?';
}

async function main(): Promise<void> {
  // Every part launches Chromium, `large` alone too. Debian's package is installed when nothing is
  // at the path the bench launches (`GPORTAL_CHROMIUM` may point elsewhere), before the builds
  // (a user other than root learns the apt command to run at once, not minutes later) and
  // before the clock and the load average are read, which the install is no part of.
  ensureDebianPackages([{ name: 'chromium', present: () => existsSync(CHROMIUM) }], 'the bench');
  const started = performance.now();
  const loadAtStart = loadavg()[0] as number;
  const large = async () => {
    const result = await runLarge({ repo: REPO, build: BUILD, pageBuild: PAGE_BUILD, chromiumPath: CHROMIUM, chromiumArgs: CHROMIUM_ARGS, log });
    recordLatestRun(new Set(['large']), largeTargetRows(result));
  };
  if (LARGE_ONLY) {
    log('building the bench page');
    await buildPage();
    await large();
    return;
  }
  log('building the bench page and the app');
  await buildPage();
  const appBuildSeconds = buildApp();
  const data = writeData();
  const { server, url } = await serve(PAGE_BUILD);
  const app = await serve(APP_BUILD);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.on('pageerror', (error) => log(`page error: ${error.message}`));
    await page.goto(`${url}/`);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    const parse: Row[] = [];
    const transaction: Row[] = [];
    for (const dataset of Object.keys(DATASETS) as DatasetName[]) {
      await page.evaluate((name) => window.bench.load(name), dataset);
      if (PARTS.has('parse')) parse.push(...(await tableRows(page, 'parse', dataset, dataset === 'v50' ? ROUNDS.parseV50 : ROUNDS.parse)));
      if (PARTS.has('transaction')) {
        transaction.push(...(await tableRows(page, 'transaction-changed', dataset, ROUNDS.transaction)));
        transaction.push(...(await tableRows(page, 'transaction-every', dataset, ROUNDS.transaction)));
      }
    }
    log('retained heap after loading 2000 v500 features');
    const heap = PARTS.has('heap') ? await retainedHeap(page, cdp, 'v500') : {};
    const render = PARTS.has('render') ? await renderRows(page, cdp) : { contenders: [], first: [], steps: [], leaks: [], vertexDrag: [] };
    log('bundle sizes');
    const bundle = PARTS.has('bundle') ? await bundleSizes(browser, app.url) : { firstScreen: { scripts: [], raw: NaN, gzip: NaN }, mapRoute: { scripts: [], raw: NaN, gzip: NaN }, wholeApp: { chunks: 0, raw: NaN, gzip: NaN }, chunks: [] };
    const environment = await page.evaluate(() => ({ userAgent: navigator.userAgent, cores: navigator.hardwareConcurrency, devicePixelRatio: window.devicePixelRatio }));
    const results: Results = {
      machine: {
        cpu: `${cpus()[0]?.model ?? '?'} × ${cpus().length}`,
        memoryGiB: totalmem() / 2 ** 30,
        node: process.version,
        browser: browser.version(),
        chromiumArgs: CHROMIUM_ARGS,
        page: environment,
        loadAverage: [loadAtStart, loadavg()[0] as number],
      },
      versions: Object.fromEntries(['ol', 'leaflet', 'leaflet-draw', 'react', 'react-dom', 'antd', 'vite', 'playwright-core'].map((name) => [name, versionOf(name)])),
      data: { featureCount: FEATURE_COUNT, datasets: data },
      rounds: ROUNDS,
      vertexDrag: VERTEX_DRAG,
      parse,
      transaction,
      heap,
      render,
      bundle: { ...bundle, appBuildSeconds },
      seconds: (performance.now() - started) / 1000,
    };
    writeFileSync(join(BUILD, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    const pageParts = new Set(PAGE_PARTS.filter((part) => PARTS.has(part)));
    writeFileSync(join(BUILD, 'RESULTS.md'), writeResults(results, pageParts));
    log(`bench/.build/RESULTS.md written in ${results.seconds.toFixed(0)} s`);
    recordLatestRun(pageParts, targetRows(results), results.bundle);
    if (PARTS.has('large')) await large();
  } finally {
    await browser.close();
    server.close();
    app.server.close();
  }
}

await main();
