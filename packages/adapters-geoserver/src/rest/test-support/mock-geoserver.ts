import { setupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { loadGeoServerApi, type GeoServerApiValidator } from './geoserver-openapi.js';
import { REST_PATH } from './geoserver-model.js';

interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  credentials: RequestCredentials;
  /** The body as text, read in the background. */
  body: Promise<string>;
}

export interface MockGeoServer {
  /** Every request that reached msw in the current test, in order. */
  requests: RecordedRequest[];
  /** Replaces the handlers for the current test (msw `use`). */
  use(...handlers: HttpHandler[]): void;
}

/**
 * An msw server for a test file. Every request that reaches it is validated against GeoServer's
 * OpenAPI (path, method, query, content type, Accept, JSON body); a violation fails the test that
 * sent it. An unhandled request is an error.
 */
export function mockGeoServer(...handlers: HttpHandler[]): MockGeoServer {
  const server = setupServer(...handlers);
  const requests: RecordedRequest[] = [];
  const checks: Array<Promise<string[] | undefined>> = [];
  let validator: GeoServerApiValidator | undefined;

  server.events.on('request:start', ({ request }) => {
    checks.push(validator!.validate(request.clone()));
    const { method, url, headers, credentials } = request;
    requests.push({ method, url: new URL(url), headers, credentials, body: request.clone().text() });
  });

  beforeAll(async () => {
    validator = await loadGeoServerApi(REST_PATH);
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(async () => {
    const problems = (await Promise.all(checks.splice(0))).flatMap((found) => found ?? []);
    requests.splice(0);
    server.resetHandlers();
    expect(problems, 'requests that break GeoServer\'s OpenAPI').toEqual([]);
  });
  afterAll(() => server.close());

  return { requests, use: (...extra) => server.use(...extra) };
}
