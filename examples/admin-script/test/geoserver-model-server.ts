import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Credentials } from '@gportal/core';
import type { MemoryMapServer } from '@gportal/core/memory';
import { createGeoServerModel, loadGeoServerApi, REST_PATH, REST_URL } from '@gportal/adapters-geoserver/test-support';
import { getResponse } from 'msw';

/** The GeoServer REST model of the adapter tests, on a real port of 127.0.0.1. */
export interface GeoServerModelServer {
  /** GeoServer's root as the command takes it: `http://127.0.0.1:port/geoserver`. */
  url: string;
  /** Requests that break GeoServer's OpenAPI, with the reasons. */
  violations: string[];
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Serves `mapServer` behind GeoServer's REST URLs and answers (the model the adapter tests use),
 * requiring HTTP Basic credentials of one of `users`; every request is checked against
 * GeoServer's OpenAPI and its problems collected.
 */
export async function serveGeoServerModel(mapServer: MemoryMapServer, users: readonly Credentials[]): Promise<GeoServerModelServer> {
  const model = createGeoServerModel(mapServer, { users });
  const validator = await loadGeoServerApi(REST_PATH);
  const violations: string[] = [];
  const restOrigin = new URL(REST_URL).origin;

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await bodyOf(request);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined && !['host', 'connection', 'content-length'].includes(name)) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const restRequest = new Request(`${restOrigin}${url.pathname}${url.search}`, {
        method: request.method ?? 'GET',
        headers,
        ...(body && body.length > 0 ? { body: new Uint8Array(body) } : {}),
      });
      violations.push(...((await validator.validate(restRequest.clone())) ?? [`${request.method} ${url.pathname}: not a REST path`]));
      const answer = (await getResponse(model.handlers, restRequest)) ?? new Response(`no model route for ${url.pathname}`, { status: 404 });
      response.statusCode = answer.status;
      answer.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) response.setHeader(name, value);
      });
      response.end(Buffer.from(await answer.arrayBuffer()));
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
    url: `http://127.0.0.1:${port}/geoserver`,
    violations,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
