/**
 * The large part of `npm run bench` (`GPORTAL_BENCH_PARTS=large`, bench/README.md): gportal's
 * feature map and OpenLayers' `VectorLayer` + `bbox` over the real QGIS Server layer of 100 000
 * polygons, each in a fresh page of its own, driven along the same scripted path (open, 20 pans
 * and zooms that load new tiles, one vertex drag). Writes `bench/.build/large.json` (both
 * contenders' medians) and `bench/.build/large-runs.json` with every run's figures, and prints the
 * targets.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import { extname, join } from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { checkTargets, medianFigures, scriptedPath, TABLE_PAGES, type LargeFigures, type LargeResult, type Step } from './large-path.js';

/** The layer the part runs on (`scripts/wfs-server.sh seed-large` fills it) and its size. */
export const LARGE_LAYER = { typeName: 'towns_large', features: 100_000 } as const;
/** Timed runs per contender (`GPORTAL_BENCH_QUICK=1`: one), alternating which goes first. */
const ROUNDS = process.env.GPORTAL_BENCH_QUICK === '1' ? 1 : 3;
const CONTENDERS = [
  { query: 'ol', name: 'ol VectorLayer + bbox', role: 'anchor' },
  { query: 'gportal', name: 'gportal FeatureMap (map-server mode)', role: 'gportal' },
] as const;

export interface LargeOptions {
  repo: string;
  build: string;
  pageBuild: string;
  chromiumPath: string;
  chromiumArgs: string[];
  log(message: string): void;
}

function wfsServer(repo: string, args: string[]): { status: number; stdout: string } {
  const result = spawnSync(join(repo, 'scripts/wfs-server.sh'), args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return { status: result.status ?? 1, stdout: result.stdout.trim() };
}

function psql(repo: string, sql: string): string {
  const result = wfsServer(repo, ['psql', '-tAc', sql]);
  if (result.status !== 0) throw new Error(`psql failed: ${sql}`);
  return result.stdout;
}

/** The layer's row count, and the extent of its middle 98 % of feature centres (a few outliers would leave views empty). */
function layerFacts(repo: string): { features: number; extent: [number, number, number, number] } {
  const table = LARGE_LAYER.typeName;
  const features = Number(psql(repo, `SELECT count(*) FROM ${table}`));
  const row = psql(
    repo,
    `SELECT percentile_cont(0.01) WITHIN GROUP (ORDER BY x), percentile_cont(0.01) WITHIN GROUP (ORDER BY y), percentile_cont(0.99) WITHIN GROUP (ORDER BY x), percentile_cont(0.99) WITHIN GROUP (ORDER BY y)
     FROM (SELECT ST_X(c) AS x, ST_Y(c) AS y FROM (SELECT ST_Centroid(geom) AS c FROM ${table}) AS centres) AS xy`,
  );
  return { features, extent: row.split('|').map(Number) as [number, number, number, number] };
}

/** The feature nearest a position: a point inside it (where a click picks it) and its first vertex. */
function featureNear(repo: string, [lng, lat]: [number, number]): { inside: [number, number]; vertex: [number, number] } {
  const row = psql(
    repo,
    `SELECT ST_X(ST_PointOnSurface(geom)), ST_Y(ST_PointOnSurface(geom)), ST_X(ST_PointN(ST_ExteriorRing(ST_GeometryN(geom, 1)), 1)), ST_Y(ST_PointN(ST_ExteriorRing(ST_GeometryN(geom, 1)), 1))
     FROM ${LARGE_LAYER.typeName} ORDER BY geom <-> ST_SetSRID(ST_MakePoint(${lng}, ${lat}), 4326) LIMIT 1`,
  );
  const [x, y, vx, vy] = row.split('|').map(Number) as [number, number, number, number];
  return { inside: [x, y], vertex: [vx, vy] };
}

const MEDIA_TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png' };

/** The GetFeature requests (hits included) the WFS was sent through the page's server since the last reset, and the bytes of their answers. */
interface WfsTraffic {
  getFeatures: number;
  bytes: number;
}

/** The page build from 127.0.0.1, with `/ows` forwarded to the WFS (one origin, as behind the app's proxy), its GetFeature traffic counted. */
function serve(root: string, wfsUrl: string): Promise<{ server: Server; url: string; traffic: WfsTraffic }> {
  const target = new URL(wfsUrl);
  const traffic: WfsTraffic = { getFeatures: 0, bytes: 0 };
  const server = createServer((incoming, response) => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/ows') {
      // A GET names the request in its query, a POST in its body (read as it is forwarded).
      let getFeature = /request=getfeature/i.test(url.search);
      const forwarded = request({ host: target.hostname, port: target.port, path: `${target.pathname}${url.search}`, method: incoming.method, headers: { ...incoming.headers, host: target.host } }, (answer) => {
        if (getFeature) traffic.getFeatures += 1;
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        if (getFeature) answer.on('data', (chunk: Buffer) => (traffic.bytes += chunk.byteLength));
        answer.pipe(response);
      });
      forwarded.on('error', (error) => response.destroy(error));
      incoming.on('data', (chunk: Buffer) => (getFeature ||= chunk.toString('latin1').includes('GetFeature')));
      incoming.pipe(forwarded);
      return;
    }
    const file = join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root) || !existsSync(file) || !extname(file)) {
      response.writeHead(404).end();
      return;
    }
    // Cross-origin isolated (everything is same-origin), so the page may measure its workers' memory too.
    response.writeHead(200, {
      'content-type': MEDIA_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
    });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, traffic });
    }),
  );
}

/**
 * Evaluates `expression` in the page (awaited, its value returned) through the DevTools protocol
 * alone. Playwright's own calls (`page.evaluate`, locators, `waitForFunction`, screenshots) first
 * evaluate Playwright's injected scripts in the page: one task of 50–90 ms on the page's main
 * thread, which its long-task observer counted as the contender's. The harness never uses them
 * between navigation and the last figure; its input goes through `page.mouse` (input events only).
 */
async function inPage<T>(cdp: CDPSession, expression: string): Promise<T> {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
  if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  return result.value as T;
}

/** Resolves once `condition` (an expression) holds in the page, polled every 20 ms; rejects after `timeoutMs`. */
function pageCondition(condition: string, timeoutMs: number): string {
  return `new Promise((resolve, reject) => {
    const deadline = performance.now() + ${timeoutMs};
    const check = () => (${condition}) ? resolve(true) : performance.now() > deadline ? reject(new Error(${JSON.stringify(`not within ${timeoutMs} ms: ${condition}`)})) : setTimeout(check, 20);
    check();
  })`;
}

/** A screenshot by the DevTools protocol (Playwright's would run its scripts in the page). */
async function screenshot(cdp: CDPSession, path: string): Promise<void> {
  const { data } = await cdp.send('Page.captureScreenshot', { format: 'png' });
  writeFileSync(path, Buffer.from(data, 'base64'));
}

/** One vertex drag: gportal's goes through 编辑 and a click on the feature first, as staff do; ol's Modify is always on. */
async function dragVertex(page: Page, cdp: CDPSession, contender: (typeof CONTENDERS)[number]['query'], feature: { inside: [number, number]; vertex: [number, number] }): Promise<number> {
  const pixelOf = (position: [number, number]) => inPage<{ x: number; y: number }>(cdp, `window.large.pixelOf(${JSON.stringify(position)})`);
  if (contender === 'gportal') {
    // The button named 编辑 (its accessible name is its aria-label), clicked at its middle.
    const edit = await inPage<{ x: number; y: number } | null>(
      cdp,
      `(() => { const button = [...document.querySelectorAll('button')].find((candidate) => candidate.getAttribute('aria-label') === '编辑'); const box = button?.getBoundingClientRect(); return box ? { x: box.left + box.width / 2, y: box.top + box.height / 2 } : null; })()`,
    );
    if (!edit) throw new Error('no button named 编辑');
    await page.mouse.click(edit.x, edit.y);
    const inside = await pixelOf(feature.inside);
    await page.mouse.click(inside.x, inside.y);
    await inPage(cdp, pageCondition(`document.querySelector('.gportal-vertex-handles[data-vertices]')`, 10_000));
  }
  const vertex = await pixelOf(feature.vertex);
  await page.mouse.move(vertex.x, vertex.y);
  const since = await inPage<number>(cdp, 'window.large.mark()');
  await page.mouse.down();
  await page.mouse.move(vertex.x + 12, vertex.y + 9, { steps: 6 });
  await page.mouse.up();
  return inPage<number>(cdp, `window.large.settle(${since})`);
}

interface Run extends LargeFigures {
  contender: string;
  /** Each step: to the frame that shows its features (`ms`), to the frame after its last activity, background reads included (`quietMs`), and how the map showed it (gportal: from tiles painted ahead, or painted). */
  steps: Array<{ kind: Step['kind']; ms: number; quietMs: number; shownBy?: 'ahead' | 'painted' }>;
  dragMs: number;
  /** Every task over 50 ms: its start from navigation, and its length. */
  longTasks: Array<{ startMs: number; ms: number }>;
  /** Every frame over 50 ms, with the scripts that ran in it (where each long task came from). */
  longFrames: ReturnType<Window['large']['longFrames']>;
  /** When each step started, from navigation, to place the long tasks and requests. */
  stepStartsMs: number[];
  /** Every WFS request: its query, start and end, from navigation. */
  requests: Array<{ query: string; startMs: number; endMs?: number }>;
  /** The page's memory with its workers', by `performance.measureUserAgentSpecificMemory` (NaN where the browser refuses it). */
  withWorkersMB: number;
  /** Each of the attribute table's pages after the first, to the frame that shows it. */
  tablePagesMs: number[];
}

/** Runs the large part: starts (and afterwards stops) the QGIS Server unless it already ran, and seeds the layer unless it holds it. */
export async function runLarge(options: LargeOptions): Promise<LargeResult> {
  const { repo, build, pageBuild, log } = options;
  const alreadyRunning = wfsServer(repo, ['status']).status === 0;
  const started = wfsServer(repo, ['start']);
  if (started.status !== 0) throw new Error('scripts/wfs-server.sh start failed');
  const wfsUrl = started.stdout;
  try {
    // Does nothing when the layer holds its 100 000 rows already.
    if (wfsServer(repo, ['seed-large']).status !== 0) throw new Error('scripts/wfs-server.sh seed-large failed');
    const facts = layerFacts(repo);
    const path = scriptedPath({ extent: facts.extent, features: facts.features });
    const last = path.steps[path.steps.length - 1] as Step;
    const feature = featureNear(repo, last.center);
    log(`large: ${facts.features} features in ${LARGE_LAYER.typeName}, opening at zoom ${path.start.zoom}, ${path.steps.length} steps, ${ROUNDS} run(s) per contender`);
    const { server, url, traffic } = await serve(pageBuild, wfsUrl);
    const browser = await chromium.launch({ executablePath: options.chromiumPath, args: [...options.chromiumArgs, '--enable-precise-memory-info', '--enable-blink-features=ForceEagerMeasureMemory'] });
    const runs: Run[] = [];
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        const order = round % 2 === 0 ? CONTENDERS : [...CONTENDERS].reverse();
        for (const contender of order) {
          const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
          const page = await context.newPage();
          // GPORTAL_BENCH_CONSOLE=1 prints what the page logs (a probe while profiling; the figures are of a run without it).
          if (process.env.GPORTAL_BENCH_CONSOLE) page.on('console', (message) => log(`${contender.query} console: ${message.text()}`));
          page.on('pageerror', (error) => log(`page error (${contender.query}): ${error.message}`));
          const cdp = await context.newCDPSession(page);
          const query = new URLSearchParams({ contender: contender.query, typeName: LARGE_LAYER.typeName, lon: String(path.start.center[0]), lat: String(path.start.center[1]), zoom: String(path.start.zoom) });
          // GPORTAL_BENCH_PROFILE=1 samples the main thread of gportal's first run (a probe while profiling; the figures are of a run without it).
          const profiling = process.env.GPORTAL_BENCH_PROFILE === '1' && contender.query === 'gportal' && round === 0;
          if (profiling) {
            await cdp.send('Profiler.enable');
            await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
            await cdp.send('Profiler.start');
          }
          traffic.getFeatures = 0;
          traffic.bytes = 0;
          await page.goto(`${url}/large.html?${query}`);
          await inPage(cdp, pageCondition(`'large' in window`, 60_000));
          const firstFeaturesMs = await inPage<number>(cdp, 'window.large.opened()');
          await screenshot(cdp, join(build, `large-${contender.query}-open.png`));
          const steps: Run['steps'] = [];
          const stepStartsMs: number[] = [];
          for (const step of path.steps) {
            stepStartsMs.push(await inPage<number>(cdp, 'performance.now()'));
            steps.push({ kind: step.kind, ...(await inPage<Awaited<ReturnType<Window['large']['step']>>>(cdp, `window.large.step(${JSON.stringify(step)})`)) });
          }
          if (profiling) {
            // A named busy loop at a known time places the profile's clock on the page's (performance.now()).
            // A string, so the runner's transpiler adds no helpers to the function it names.
            const calibrationMs = await inPage<number>(cdp, '(function gportalBenchCalibrate() { const start = performance.now(); while (performance.now() - start < 5); return start; })()');
            const { profile } = await cdp.send('Profiler.stop');
            const tasks = await inPage<Run['longTasks']>(cdp, 'window.large.longTasks().tasks');
            writeFileSync(join(build, 'large-gportal-profile.json'), JSON.stringify({ calibrationMs, stepStartsMs, steps, longTasks: tasks, profile }));
            log('large gportal: main-thread profile written to bench/.build/large-gportal-profile.json');
          }
          // The opening's and the steps' reads, reads ahead after the last step included (the step waited for them), not the drag's.
          const { getFeatures: getFeatureRequests, bytes: getFeatureBytes } = traffic;
          // What the opening and the last step show, to look at (bench/.build/large-<contender>[-open].png).
          await screenshot(cdp, join(build, `large-${contender.query}.png`));
          // A map that did not load the feature under the last view cannot edit it: the run goes on, without a drag time.
          const dragMs = await dragVertex(page, cdp, contender.query, feature).catch((error: Error) => {
            log(`large ${contender.query}: no vertex drag (${error.message.split('\n')[0]})`);
            return NaN;
          });
          const { longestTaskMs, tasks: longTasks } = await inPage<ReturnType<Window['large']['longTasks']>>(cdp, 'window.large.longTasks()');
          await cdp.send('HeapProfiler.collectGarbage');
          const heapMB = (await cdp.send('Runtime.getHeapUsage')).usedSize / 2 ** 20;
          // The page's and its workers' memory (measureUserAgentSpecificMemory), beside the page heap of large.json.
          const withWorkersMB = await inPage<number>(cdp, 'window.large.memoryWithWorkers()');
          // Last, so that neither its reads nor its memory count in the figures above.
          const table = await inPage<Awaited<ReturnType<Window['large']['table']>>>(cdp, `window.large.table(${TABLE_PAGES})`);
          // Its rows, to look at (bench/.build/large-<contender>-table.png): the table opens beneath the 800 px map.
          await inPage(cdp, `document.querySelector('section[aria-label="属性表"], #map ~ table')?.scrollIntoView({ block: 'end' })`);
          await screenshot(cdp, join(build, `large-${contender.query}-table.png`));
          const times = steps.map((step) => step.ms);
          const run: Run = {
            contender: contender.name,
            firstFeaturesMs,
            longestTaskMs,
            panMeanMs: times.reduce((sum, ms) => sum + ms, 0) / times.length,
            panWorstMs: Math.max(...times),
            heapMB,
            getFeatureRequests,
            getFeatureMB: getFeatureBytes / 2 ** 20,
            steps,
            dragMs,
            longTasks,
            longFrames: await inPage<Run['longFrames']>(cdp, 'window.large.longFrames()'),
            stepStartsMs,
            requests: await inPage<Run['requests']>(cdp, 'window.large.requests()'),
            withWorkersMB,
            tableFirstRowsMs: table.firstRowsMs,
            tablePageMs: table.pageMs.reduce((sum, ms) => sum + ms, 0) / table.pageMs.length,
            tableLongestTaskMs: table.longestTaskMs,
            tablePagesMs: table.pageMs,
          };
          log(`large ${contender.query} run ${round + 1}: ${getFeatureRequests} GetFeature requests, ${(getFeatureBytes / 2 ** 20).toFixed(1)} MB, first features ${firstFeaturesMs.toFixed(0)} ms, longest task ${longestTaskMs.toFixed(0)} ms, steps ${run.panMeanMs.toFixed(0)} ms mean / ${run.panWorstMs.toFixed(0)} ms worst, drag ${dragMs.toFixed(0)} ms, heap ${heapMB.toFixed(1)} MB (${withWorkersMB.toFixed(1)} MB with workers), table: first rows ${table.firstRowsMs.toFixed(0)} ms, pages ${table.pageMs.map((ms) => ms.toFixed(0)).join(' / ')} ms, longest task ${table.longestTaskMs.toFixed(0)} ms`);
          runs.push(run);
          await context.close();
        }
      }
      const tenths = (value: number) => Math.round(value * 10) / 10;
      const figuresOf = (name: string): LargeFigures => {
        const median = medianFigures(runs.filter((run) => run.contender === name));
        return {
          firstFeaturesMs: tenths(median.firstFeaturesMs),
          longestTaskMs: tenths(median.longestTaskMs),
          panMeanMs: tenths(median.panMeanMs),
          panWorstMs: tenths(median.panWorstMs),
          heapMB: tenths(median.heapMB),
          getFeatureRequests: median.getFeatureRequests,
          getFeatureMB: tenths(median.getFeatureMB),
          tableFirstRowsMs: tenths(median.tableFirstRowsMs),
          tablePageMs: tenths(median.tablePageMs),
          tableLongestTaskMs: tenths(median.tableLongestTaskMs),
        };
      };
      const result: LargeResult = {
        features: facts.features,
        gportal: figuresOf(CONTENDERS[1].name),
        anchor: { name: CONTENDERS[0].name, ...figuresOf(CONTENDERS[0].name) },
      };
      writeFileSync(join(build, 'large.json'), `${JSON.stringify(result, null, 2)}\n`);
      writeFileSync(
        join(build, 'large-runs.json'),
        `${JSON.stringify(
          {
            machine: { cpu: `${cpus()[0]?.model ?? '?'} × ${cpus().length}`, memoryGiB: totalmem() / 2 ** 30, node: process.version, browser: browser.version(), loadAverage: loadavg()[0] },
            layer: { ...LARGE_LAYER, ...facts },
            path,
            dragged: feature,
            rounds: ROUNDS,
            runs,
          },
          null,
          2,
        )}\n`,
      );
      for (const verdict of checkTargets(result)) log(`large target ${verdict.target}: ${verdict.met ? 'met' : 'NOT met'} (${verdict.measured})`);
      log(`bench/.build/large.json written (Chromium ${browser.version()}, Node ${process.version}, ${cpus().length} cores)`);
      return result;
    } finally {
      await browser.close();
      server.close();
    }
  } finally {
    if (!alreadyRunning) wfsServer(repo, ['stop']);
  }
}
