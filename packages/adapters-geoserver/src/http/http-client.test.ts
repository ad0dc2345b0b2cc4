import { ConflictError, MapServerError, NetworkError, NotFoundError, TimeoutError } from '@gportal/core';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from './http-client.js';

const BASE = 'http://server.test/api';
const seen: Request[] = [];
const server = setupServer();
server.events.on('request:start', ({ request }) => seen.push(request.clone()));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.splice(0);
});
afterAll(() => server.close());

const get = { method: 'GET', path: '/thing', resource: 'thing' } as const;

describe('createHttpClient', () => {
  it('joins base and path, writes the query without undefined values, and sends Accept', async () => {
    server.use(http.get(`${BASE}/thing`, () => HttpResponse.json({ ok: 1 })));
    const client = createHttpClient({ baseUrl: `${BASE}/` });
    expect(await client.json({ ...get, query: { recurse: true, purge: undefined, count: 2 } })).toEqual({ ok: 1 });
    expect(seen[0]!.url).toBe(`${BASE}/thing?recurse=true&count=2`);
    expect(seen[0]!.headers.get('accept')).toBe('application/json');
  });

  it('sends HTTP Basic credentials, UTF-8 encoded, and browser credentials by default', async () => {
    server.use(http.get(`${BASE}/thing`, () => HttpResponse.json({})));
    await createHttpClient({ baseUrl: BASE, username: '管理员', password: 'geo:server' }).send(get);
    const [user, password] = new TextDecoder()
      .decode(Uint8Array.from(atob(seen[0]!.headers.get('authorization')!.slice('Basic '.length)), (char) => char.charCodeAt(0)))
      .split(/:(.*)/);
    expect([user, password]).toEqual(['管理员', 'geo:server']);
    expect(seen[0]!.credentials).toBe('include');
  });

  it('asks the authorization source before every request, over fixed credentials', async () => {
    server.use(http.get(`${BASE}/thing`, () => HttpResponse.json({})));
    let token: string | undefined = 'Basic first';
    const client = createHttpClient({ baseUrl: BASE, username: 'u', password: 'p', authorization: () => token });
    await client.send(get);
    token = undefined;
    await client.send(get);
    expect(seen[0]!.headers.get('authorization')).toBe('Basic first');
    expect(seen[1]!.headers.get('authorization')).toBe(`Basic ${btoa('u:p')}`);
  });

  it('encodes JSON, text, URL-encoded and multipart bodies with their content types', async () => {
    server.use(http.post(`${BASE}/thing`, () => new HttpResponse(null, { status: 204 })));
    const client = createHttpClient({ baseUrl: BASE });
    const form = new FormData();
    form.append('id', '20');
    await client.send({ ...get, method: 'POST', body: { json: { workspace: { name: '测试' } } } });
    await client.send({ ...get, method: 'POST', body: { text: '<sld/>', contentType: 'application/vnd.ogc.sld+xml' } });
    await client.send({ ...get, method: 'POST', body: { urlEncoded: { username: 'a b', password: 'c&d' } } });
    await client.send({ ...get, method: 'POST', body: { formData: form } });
    expect(seen.map((request) => request.headers.get('content-type')?.split(';')[0])).toEqual([
      'application/json',
      'application/vnd.ogc.sld+xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ]);
    expect(await seen[0]!.json()).toEqual({ workspace: { name: '测试' } });
    expect(await seen[2]!.text()).toBe('username=a+b&password=c%26d');
    expect((await seen[3]!.formData()).get('id')).toBe('20');
  });

  it('reads Location of a 201 without parsing its body', async () => {
    server.use(
      http.post(`${BASE}/thing`, () => new HttpResponse('acme', { status: 201, headers: { Location: '/api/thing/acme', 'Content-Type': 'text/plain' } })),
    );
    const response = await createHttpClient({ baseUrl: BASE }).send({ ...get, method: 'POST' });
    expect(response).toMatchObject({ status: 201, location: 'http://server.test/api/thing/acme', mediaType: 'text/plain', body: 'acme' });
  });

  it('throws the typed error of the table for a failed answer, and exchange returns it untouched', async () => {
    server.use(http.get(`${BASE}/thing`, () => new HttpResponse("No such thing: 'thing'", { status: 404 })));
    const client = createHttpClient({ baseUrl: BASE });
    await expect(client.send(get)).rejects.toBeInstanceOf(NotFoundError);
    expect((await client.exchange(get)).status).toBe(404);
    server.use(http.get(`${BASE}/thing`, () => new HttpResponse('Workspace not empty', { status: 403 })));
    await expect(client.send(get)).rejects.toBeInstanceOf(ConflictError);
  });

  it('refuses a 200 that is not JSON (a login page) with MapServerError', async () => {
    server.use(http.get(`${BASE}/thing`, () => HttpResponse.html('<html><title>GeoServer: Login</title></html>')));
    const error = await createHttpClient({ baseUrl: BASE }).json(get).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MapServerError);
    expect((error as MapServerError).text).toContain('expected JSON for thing, got text/html');
  });

  it('turns a refused connection into NetworkError', async () => {
    server.use(http.get(`${BASE}/thing`, () => HttpResponse.error()));
    await expect(createHttpClient({ baseUrl: BASE }).send(get)).rejects.toBeInstanceOf(NetworkError);
  });

  it('turns no answer within timeoutMs into TimeoutError', async () => {
    server.use(
      http.get(`${BASE}/thing`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const error = await createHttpClient({ baseUrl: BASE, timeoutMs: 20 }).send(get).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(20);
  });

  it("rethrows the caller's abort reason as is", async () => {
    server.use(
      http.get(`${BASE}/thing`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const reason = new Error('left the screen');
    const pending = createHttpClient({ baseUrl: BASE }).send({ ...get, signal: controller.signal });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('uses the fetch it is given', async () => {
    const calls: string[] = [];
    const client = createHttpClient({
      baseUrl: BASE,
      fetch: async (input) => {
        calls.push(String(input));
        return new Response('{"from":"custom"}', { headers: { 'Content-Type': 'application/json' } });
      },
    });
    expect(await client.json(get)).toEqual({ from: 'custom' });
    expect(calls).toEqual([`${BASE}/thing`]);
  });
});
