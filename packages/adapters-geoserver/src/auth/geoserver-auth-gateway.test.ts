import { MapServerError, NetworkError } from '@gportal/core';
import { authGatewayContract } from '@gportal/core/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGeoServerAdmin } from '../rest/create-geoserver-admin.js';
import { createGeoServerModel, GEOSERVER_URL, REST_URL } from '../rest/test-support/geoserver-model.js';
import { mockGeoServer } from '../rest/test-support/mock-geoserver.js';
import { createGeoServerAuth, GEOSERVER_LOGIN_MESSAGES, type GeoServerAuthOptions } from './geoserver-auth-gateway.js';
import { browserRedirectFetch } from './test-support/browser-redirect-fetch.js';

const ADMIN = { username: 'admin', password: 's3cret-pw' };
const gatewayFor = (options: Partial<GeoServerAuthOptions> = {}) => createGeoServerAuth({ url: GEOSERVER_URL, fetch: browserRedirectFetch, ...options });
const server = mockGeoServer();

beforeEach(() => server.use(...createGeoServerModel(undefined, { users: [ADMIN] }).handlers));

for (const mode of ['form', 'basic'] as const) {
  authGatewayContract(`GeoServer ${mode} login (msw model)`, () => ({
    gateway: gatewayFor({ mode }),
    valid: ADMIN,
    invalid: { username: 'admin', password: 'wrong' },
  }));
}

describe('form login', () => {
  it("posts GeoServer's login form with the browser's credentials and follows its redirect", async () => {
    const gateway = gatewayFor();
    expect(await gateway.login(ADMIN)).toEqual({ isOk: true, msg: '登录成功', data: { username: 'admin' } });
    const [login] = server.requests;
    expect(`${login!.method} ${login!.url.href}`).toBe(`POST ${GEOSERVER_URL}/j_spring_security_check`);
    expect(login!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(await login!.body).toBe('username=admin&password=s3cret-pw');
    expect(login!.credentials).toBe('include');
    expect(server.requests.at(-1)!.url.href).toBe(`${GEOSERVER_URL}/web/`);
    expect(gateway.authorization()).toBeUndefined();
  });
  it('reads the redirect back to the login page as wrong credentials, in Chinese', async () => {
    expect(await gatewayFor().login({ username: 'admin', password: 'x' })).toEqual({
      isOk: false,
      msg: GEOSERVER_LOGIN_MESSAGES.wrongCredentials,
    });
  });
  it('signs out through GeoServer', async () => {
    const gateway = gatewayFor({ url: `${GEOSERVER_URL}/` });
    await gateway.login(ADMIN);
    await gateway.logout();
    expect(server.requests.some((request) => request.method === 'POST' && request.url.pathname === '/geoserver/j_spring_security_logout')).toBe(true);
  });
});

describe('HTTP Basic login', () => {
  it('checks the credentials against the REST API without cookies, then lends them to the admin adapters', async () => {
    const gateway = gatewayFor({ mode: 'basic' });
    const admin = createGeoServerAdmin({ url: GEOSERVER_URL, session: gateway });
    await expect(admin.workspaces.list()).rejects.toMatchObject({ status: 401 });
    expect(await gateway.login(ADMIN)).toEqual({ isOk: true, msg: '登录成功', data: { username: 'admin' } });
    const probe = server.requests[1]!;
    expect(`${probe.method} ${probe.url.href}`).toBe(`GET ${REST_URL}/about/version`);
    expect(probe.credentials).toBe('omit');
    expect(await admin.workspaces.list()).toEqual([]);
    expect(server.requests[2]!.headers.get('authorization')).toBe(`Basic ${btoa('admin:s3cret-pw')}`);
    await gateway.logout();
    expect(gateway.authorization()).toBeUndefined();
    await expect(admin.workspaces.list()).rejects.toMatchObject({ status: 401 });
  });
  it('forgets earlier credentials when a new sign-in fails', async () => {
    const gateway = gatewayFor({ mode: 'basic' });
    await gateway.login(ADMIN);
    expect(await gateway.login({ username: 'admin', password: 'x' })).toEqual({ isOk: false, msg: '用户名或密码错误' });
    expect(gateway.authorization()).toBeUndefined();
  });
  it('tells a user without administration rights (403) apart', async () => {
    server.use(http.get(`${REST_URL}/about/version`, () => new HttpResponse('Access is denied', { status: 403 })));
    expect(await gatewayFor({ mode: 'basic' }).login(ADMIN)).toEqual({
      isOk: false,
      msg: GEOSERVER_LOGIN_MESSAGES.notAdministrator,
    });
  });
  it('throws typed errors when GeoServer fails or cannot be reached', async () => {
    server.use(http.get(`${REST_URL}/about/version`, () => new HttpResponse('boom', { status: 500 })));
    await expect(gatewayFor({ mode: 'basic' }).login(ADMIN)).rejects.toBeInstanceOf(MapServerError);
    server.use(http.get(`${REST_URL}/about/version`, () => HttpResponse.error()));
    await expect(gatewayFor({ mode: 'basic' }).login(ADMIN)).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('credentials of a GeoServer-only sign-in', () => {
  const writes: string[] = [];
  const spyStorage = (): Storage =>
    ({
      length: 0,
      clear: () => writes.push('clear'),
      getItem: () => null,
      key: () => null,
      removeItem: () => undefined,
      setItem: (key: string, value: string) => writes.push(`${key}=${value}`),
    }) as Storage;

  beforeEach(() => {
    writes.splice(0);
    vi.stubGlobal('localStorage', spyStorage());
    vi.stubGlobal('sessionStorage', spyStorage());
    vi.stubGlobal('document', {
      get cookie() {
        return '';
      },
      set cookie(value: string) {
        writes.push(`cookie ${value}`);
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each(['form', 'basic'] as const)('are never written to storage, nor readable from the %s gateway', async (mode) => {
    const gateway = gatewayFor({ mode });
    const result = await gateway.login(ADMIN);
    expect(result.isOk).toBe(true);
    // The form login's session cookie is GeoServer's (msw keeps it for the fake server); no write carries the credentials.
    expect(writes.filter((write) => write.includes(ADMIN.password) || write.includes(btoa(`admin:${ADMIN.password}`)))).toEqual([]);
    if (mode === 'basic') expect(writes).toEqual([]);
    expect(JSON.stringify(result)).not.toContain(ADMIN.password);
    expect(JSON.stringify(gateway)).not.toContain(ADMIN.password);
    expect(JSON.stringify(gateway)).not.toContain(btoa(`admin:${ADMIN.password}`));
    expect(Object.values(gateway).map(String).join()).not.toContain(btoa(`admin:${ADMIN.password}`));
  });
});
