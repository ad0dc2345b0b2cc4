import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MemoryUser } from '@gportal/core/memory';
import { getResponse } from 'msw';
import { createGeoServerModel, createProductApiModel, loadGeoServerApi, REST_PATH, REST_URL, seededMapServer, type ProductApiModel } from '@gportal/adapters-geoserver/test-support';

/** Where the app finds the stand-ins: GeoServer's paths and the portal API below `url`. */
export const MODEL_PATHS = { rest: REST_PATH, wfs: '/geoserver/wfs', wmts: '/geoserver/gwc/service/wmts', portalApi: '/api' } as const;

/**
 * A GeoWebCache WMTS tile request (layer `cite:vec_town`, matrices `EPSG:4326:z`) as the QGIS
 * Server of the tests answers it (the town polygons are `towns`, matrices named `z`).
 */
function qgisTileUrl(requested: URL, qgisUrl: string): URL {
  const target = new URL(qgisUrl);
  for (const [key, value] of requested.searchParams) target.searchParams.set(key, value);
  if (requested.searchParams.get('LAYER') === 'cite:vec_town') target.searchParams.set('LAYER', 'towns');
  target.searchParams.set('STYLE', 'default');
  target.searchParams.set('TILEMATRIX', (requested.searchParams.get('TILEMATRIX') ?? '').replace(/^EPSG:4326:/, ''));
  return target;
}

export interface GeoServerModelServer {
  /** `http://127.0.0.1:port` */
  url: string;
  /** Every REST request, as `METHOD path?query`. */
  requests: string[];
  /** Requests that break GeoServer's OpenAPI, with the reasons. */
  violations: string[];
  /** The product API below `/api`: its calls, state and OpenAPI violations. */
  portal: ProductApiModel;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 8 * 1024 * 1024;
const WFS_TIMEOUT_MS = 20_000;

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error(`request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The app runs on another origin and sends credentials: answer CORS for exactly that origin. */
function allowOrigin(request: IncomingMessage, response: ServerResponse): void {
  const origin = request.headers.origin;
  if (!origin) return;
  response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Access-Control-Allow-Credentials', 'true');
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
  response.setHeader('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? 'Content-Type, Accept, Authorization');
  response.setHeader('Access-Control-Expose-Headers', 'Location');
  response.setHeader('Vary', 'Origin');
}

async function send(response: ServerResponse, answer: Response): Promise<void> {
  response.statusCode = answer.status;
  answer.headers.forEach((value, name) => {
    if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) response.setHeader(name, value);
  });
  response.end(Buffer.from(await answer.arrayBuffer()));
}

function requestHeaders(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !['host', 'connection', 'content-length', 'origin', 'referer'].includes(name)) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/**
 * GeoServer's REST model (the one the adapter tests use: a `MemoryMapServer` with the spec's sample
 * catalogue behind GeoServer's URLs and quirks) as a real HTTP server on 127.0.0.1. Every REST
 * request is checked against GeoServer's OpenAPI and its problems collected; `/geoserver/wfs` is
 * passed to the real WFS-T server at `wfsUrl`, and the WMTS tiles to the same QGIS Server;
 * `/api/*` is the product API's model (every request checked against its OpenAPI document;
 * `users` may sign in). Stop it with `close()`.
 */
export async function serveGeoServerModel({ wfsUrl, users = [] }: { wfsUrl: string; users?: MemoryUser[] }): Promise<GeoServerModelServer> {
  const model = createGeoServerModel(seededMapServer());
  const portal = await createProductApiModel({ basePath: MODEL_PATHS.portalApi, users });
  const validator = await loadGeoServerApi(REST_PATH);
  const requests: string[] = [];
  const violations: string[] = [];
  const restOrigin = new URL(REST_URL).origin;

  const server = createServer((request, response) => {
    void (async () => {
      allowOrigin(request, response);
      if (request.method === 'OPTIONS') {
        response.statusCode = 204;
        response.end();
        return;
      }
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await bodyOf(request);
      const init = { method: request.method ?? 'GET', headers: requestHeaders(request), ...(body && body.length > 0 ? { body: new Uint8Array(body) } : {}) };

      if (url.pathname.startsWith(`${REST_PATH}/`)) {
        const restRequest = new Request(`${restOrigin}${url.pathname}${url.search}`, init);
        requests.push(`${restRequest.method} ${url.pathname}${url.search}`);
        violations.push(...((await validator.validate(restRequest.clone())) ?? []));
        const answer = await getResponse(model.handlers, restRequest);
        await send(response, answer ?? new Response(`no model route for ${url.pathname}`, { status: 404 }));
        return;
      }
      if (url.pathname.startsWith(`${MODEL_PATHS.portalApi}/`)) {
        await send(response, await portal.handle(new Request(`http://127.0.0.1${url.pathname}${url.search}`, init)));
        return;
      }
      if (url.pathname === MODEL_PATHS.wmts) {
        await send(response, await fetch(qgisTileUrl(url, wfsUrl), { signal: AbortSignal.timeout(WFS_TIMEOUT_MS) }));
        return;
      }
      if (url.pathname === MODEL_PATHS.wfs) {
        const target = new URL(wfsUrl);
        target.search = url.search;
        await send(response, await fetch(target, { ...init, signal: AbortSignal.timeout(WFS_TIMEOUT_MS) }));
        return;
      }
      response.statusCode = 404;
      response.end();
    })().catch((error: unknown) => {
      response.statusCode = 500;
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
    requests,
    violations,
    portal,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
