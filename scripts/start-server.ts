/**
 * `npm run start:server`: the app in map-server mode against a real WFS-T server, in one command
 * (docs/deployment-server.md).
 *
 * 1. QGIS Server + PostGIS with the sample layers (`scripts/wfs-server.sh start`, an instance of
 *    its own: its own work dir and ports, so the tests' resets never touch what was drawn here).
 * 2. A local backend on 127.0.0.1 in the two places the app expects its servers:
 *    `/geoserver/wfs` is passed to QGIS Server's `/ows`, `/geoserver/gwc/service/wmts` to its WMTS
 *    (GeoWebCache's layer and matrix names mapped to QGIS Server's), and `/api` is the product
 *    API's model (the portal backend of the tests: `POST /auth/token` signs in the demo account).
 *    QGIS Server has no REST administration API, so `/geoserver/rest` answers 404.
 * 3. The Vite dev server in map-server mode, proxying `/geoserver` and `/api` to that backend
 *    (`GPORTAL_GEOSERVER_TARGET`, `GPORTAL_PORTAL_API_TARGET`), exactly as it proxies them to a
 *    real GeoServer and portal backend.
 *
 * It prints the URL and the account, and on Ctrl+C or SIGTERM stops the dev server (by its pid),
 * the backend and QGIS Server + PostgreSQL (`wfs-server.sh stop`: by their pid files).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createProductApiModel } from '@gportal/adapters-geoserver/test-support';
import { DEMO_USER } from '@gportal/core/memory';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WFS_SERVER_SCRIPT = join(ROOT, 'scripts', 'wfs-server.sh');
const UI_PACKAGE = join(ROOT, 'packages', 'ui-react');

/** Every setting of the command, with its default, in one place. */
const SETTINGS = {
  /** The app's port on 127.0.0.1. */
  appPort: Number(process.env.GPORTAL_START_PORT ?? 5173),
  /** The QGIS Server + PostGIS instance (`wfs-server.sh`'s variables); apart from the tests' instances. */
  wfsEnv: {
    GPORTAL_WFS_DIR: process.env.GPORTAL_WFS_DIR ?? join(tmpdir(), 'gportal-wfs-start'),
    GPORTAL_WFS_PG_PORT: process.env.GPORTAL_WFS_PG_PORT ?? '25437',
    GPORTAL_WFS_HTTP_PORT: process.env.GPORTAL_WFS_HTTP_PORT ?? '8915',
  },
  /** The account the portal model signs in (the embedded mode's demo account). */
  user: { username: DEMO_USER.username, password: DEMO_USER.password, info: { displayName: '演示用户' } },
  /** How long a request passed on to QGIS Server may take. */
  upstreamTimeoutMs: 30_000,
} as const;

const PATHS = { wfs: '/geoserver/wfs', wmts: '/geoserver/gwc/service/wmts', portalApi: '/api' } as const;

const run = promisify(execFile);
const log = (message: string) => process.stderr.write(`start:server: ${message}\n`);

async function wfsServer(command: 'start' | 'stop'): Promise<string> {
  const { stdout, stderr } = await run(WFS_SERVER_SCRIPT, [command], { env: { ...process.env, ...SETTINGS.wfsEnv }, timeout: 20 * 60_000, maxBuffer: 16 * 1024 * 1024 });
  if (stderr.trim()) process.stderr.write(stderr);
  return stdout.trim();
}

/**
 * A GeoWebCache WMTS tile request (layer `cite:vec_town`, matrices `EPSG:4326:z`, the app's
 * defaults) as QGIS Server answers it (the town polygons are `towns`, matrices named `z`).
 */
function qgisTileUrl(requested: URL, qgisUrl: string): URL {
  const target = new URL(qgisUrl);
  for (const [key, value] of requested.searchParams) target.searchParams.set(key, value);
  if (requested.searchParams.get('LAYER') === 'cite:vec_town') target.searchParams.set('LAYER', 'towns');
  target.searchParams.set('STYLE', 'default');
  target.searchParams.set('TILEMATRIX', (requested.searchParams.get('TILEMATRIX') ?? '').replace(/^EPSG:4326:/, ''));
  return target;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !['host', 'connection', 'content-length'].includes(name)) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

async function send(response: ServerResponse, answer: Response): Promise<void> {
  response.statusCode = answer.status;
  answer.headers.forEach((value, name) => {
    if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) response.setHeader(name, value);
  });
  response.end(Buffer.from(await answer.arrayBuffer()));
}

/** The backend the dev server proxies to: QGIS Server where GeoServer would be, and the portal API's model. */
async function startBackend(qgisUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const portal = await createProductApiModel({ basePath: PATHS.portalApi, users: [SETTINGS.user] });
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await bodyOf(request);
      const init = { method: request.method ?? 'GET', headers: headersOf(request), ...(body && body.length > 0 ? { body: new Uint8Array(body) } : {}) };
      if (url.pathname === PATHS.portalApi || url.pathname.startsWith(`${PATHS.portalApi}/`)) {
        await send(response, await portal.handle(new Request(`http://127.0.0.1${url.pathname}${url.search}`, init)));
      } else if (url.pathname === PATHS.wmts) {
        await send(response, await fetch(qgisTileUrl(url, qgisUrl), { signal: AbortSignal.timeout(SETTINGS.upstreamTimeoutMs) }));
      } else if (url.pathname === PATHS.wfs) {
        const target = new URL(qgisUrl);
        target.search = url.search;
        await send(response, await fetch(target, { ...init, signal: AbortSignal.timeout(SETTINGS.upstreamTimeoutMs) }));
      } else {
        response.statusCode = 404;
        response.end(`start:server has no ${url.pathname} (QGIS Server has no GeoServer REST API)`);
      }
    })().catch((error: unknown) => {
      response.statusCode = 502;
      response.end(error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The dev server in map-server mode; resolves once it listens. */
function startApp(backendUrl: string): Promise<ChildProcess> {
  const vite = join(ROOT, 'node_modules', '.bin', 'vite');
  const child = spawn(vite, ['--host', '127.0.0.1', '--port', String(SETTINGS.appPort), '--strictPort'], {
    cwd: UI_PACKAGE,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      VITE_GPORTAL_MODE: 'map-server',
      GPORTAL_GEOSERVER_TARGET: backendUrl,
      GPORTAL_PORTAL_API_TARGET: `${backendUrl}${PATHS.portalApi}`,
    },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/Local:/.test(output)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`vite exited (${String(code)}) before it listened:\n${output}`)));
  });
}

async function main(): Promise<void> {
  const stops: Array<() => Promise<void>> = [];
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      log('stopping…');
      for (const step of stops.reverse()) await step().catch((error: unknown) => log(String(error)));
      log('stopped');
    })();
    return stopping;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stop().then(() => process.exit(0));
    });
  }
  try {
    log('starting QGIS Server + PostGIS (the first start installs the Debian packages and seeds the sample layers)…');
    stops.push(() => wfsServer('stop').then(() => undefined));
    const qgisUrl = await wfsServer('start');
    const backend = await startBackend(qgisUrl);
    stops.push(() => backend.close());
    const app = await startApp(backend.url);
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          if (app.exitCode !== null || app.pid === undefined) return resolve();
          app.once('exit', () => resolve());
          process.kill(app.pid, 'SIGTERM');
        }),
    );
    app.once('exit', (code) => {
      if (!stopping) {
        log(`the dev server exited (${String(code)})`);
        void stop().then(() => process.exit(1));
      }
    });
    const appUrl = `http://127.0.0.1:${SETTINGS.appPort}/`;
    process.stdout.write(
      [
        '',
        `  gportal in map-server mode:  ${appUrl}`,
        `  sign in as:                  ${SETTINGS.user.username} / ${SETTINGS.user.password}`,
        `  feature map:                 ${appUrl}feature-map`,
        `  WFS-T (QGIS Server):         ${qgisUrl}`,
        '',
        '  Ctrl+C stops the app, the backend, QGIS Server and PostgreSQL.',
        '',
      ].join('\n'),
    );
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    await stop();
    process.exit(1);
  }
}

await main();
