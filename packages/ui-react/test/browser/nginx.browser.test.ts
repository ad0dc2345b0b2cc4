import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { wfsServer, wfsServerAnswers } from '@gportal/adapters-geoserver/test-support';
import { apiScreen } from './api-screen.js';
import { freshPage, launchChromium, screenshot } from './browser.js';
import { serveGeoServerModel, type GeoServerModelServer } from './geoserver-model-server.js';
import { clickMap, skipAttributes, waitForFeatures, waitForMapReady } from './map-helpers.js';
import { startNginx, type NginxServer } from './nginx-server.js';
import { APP_BUILD } from './paths.js';

/**
 * The production build behind Debian's nginx running `deploy/nginx.conf`, on 127.0.0.1, in front
 * of GeoServer's REST model (which passes WFS and WMTS on to the real QGIS Server + PostGIS) and
 * the product API's model. The app runs with its default URLs (/geoserver/…, /api) on nginx's
 * origin: everything the browser asks goes through nginx.
 */
let browser: Browser;
let page: Page;
let model: GeoServerModelServer;
let nginx: NginxServer;
let startedWfs = false;

const USER = { username: 'alice', password: 'secret', info: { displayName: '爱丽丝' } };

beforeAll(async () => {
  startedWfs = !(await wfsServerAnswers());
  const wfsUrl = await wfsServer('start');
  await wfsServer('reset');
  model = await serveGeoServerModel({ wfsUrl, users: [USER] });
  nginx = await startNginx({
    dist: APP_BUILD,
    settings: { mode: 'map-server', adminApi: 'portal' },
    geoserverUpstream: model.url,
    portalApiUpstream: `${model.url}/api`,
  });
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await nginx?.close();
  await model?.close();
  if (startedWfs) await wfsServer('stop');
}, 60_000);

// Each test answers for its own requests (a retried test starts clean).
afterEach(() => {
  const rest = model.violations.splice(0);
  const portal = model.portal.violations.splice(0);
  expect(rest, "requests that break GeoServer's OpenAPI").toEqual([]);
  expect(portal, "requests that break the product API's OpenAPI").toEqual([]);
});

/** The policy the header must carry: index.html's own directives, if it has a CSP meta tag, and frame-ancestors. */
const CSP =
  "default-src 'self'; script-src 'self'; worker-src 'self'; connect-src 'self'; img-src 'self' data: https://t0.tianditu.gov.cn https://t1.tianditu.gov.cn https://t2.tianditu.gov.cn https://t3.tianditu.gov.cn https://t4.tianditu.gov.cn https://t5.tianditu.gov.cn https://t6.tianditu.gov.cn https://t7.tianditu.gov.cn; style-src 'self' 'unsafe-inline'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** A policy's directives by name, whatever their order. */
const directives = (policy: string): Record<string, string> =>
  Object.fromEntries(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values.join(' ')]),
  );

/** Opens a fresh page that records every content-security-policy violation. */
async function openPage(): Promise<void> {
  page = await freshPage(browser);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
}

const cspViolations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

async function signIn(path: string): Promise<void> {
  await page.goto(`${nginx.url}${path}`);
  await page.locator('#username').fill(USER.username);
  await page.locator('#password').fill(USER.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(`${nginx.url}${path}`);
}

describe('the app behind nginx (deploy/nginx.conf)', () => {
  it('serves the build with the fallback for app paths, the security headers, no caching of index.html and config.json, immutable assets, gzip', async () => {
    const get = (path: string, headers: Record<string, string> = {}) => fetch(`${nginx.url}${path}`, { headers: { 'Accept-Encoding': 'gzip', ...headers } });
    const index = readFileSync(`${APP_BUILD}/index.html`, 'utf8');
    const entry = /src="(\/assets\/index-[\w-]+\.js)"/.exec(index)?.[1];
    expect(entry).toBeDefined();

    // The page names two scripts and a sheet: under gzip_min_length (1 KiB), it comes as it is.
    const pageEncoding = Buffer.byteLength(index) >= 1024 ? 'gzip' : null;
    for (const path of ['/', '/login', '/feature-map', '/geoserver/api', '/manage/2']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('content-encoding'), path).toBe(pageEncoding);
      expect(await response.text(), path).toBe(index);
    }
    const home = await get('/');
    expect(home.headers.get('content-security-policy')).toBe(CSP);
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    expect(home.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(home.headers.get('x-frame-options')).toBe('DENY');
    // The header and index.html's meta tag (when the build has one) say the same, but for frame-ancestors, which a meta tag cannot carry.
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/i.exec(index)?.[1];
    if (meta !== undefined) {
      const { 'frame-ancestors': frameAncestors, ...header } = directives(CSP);
      expect(frameAncestors).toBe("'none'");
      expect(directives(meta.replace(/&#39;|&apos;/g, "'"))).toEqual(header);
    }

    const config = await get('/config.json');
    expect(config.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(config.headers.get('cache-control')).toBe('no-store');
    expect(await config.json()).toEqual({ mode: 'map-server', adminApi: 'portal' });

    const script = await get(entry!);
    expect(script.status).toBe(200);
    // Debian 12's mime.types says application/javascript; newer ones text/javascript.
    expect(script.headers.get('content-type')).toMatch(/^(application|text)\/javascript; charset=utf-8$/);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.headers.get('content-encoding')).toBe('gzip');
    expect(script.headers.get('content-security-policy')).toBe(CSP);
    expect((await get(entry!, { 'Accept-Encoding': 'identity' })).headers.get('content-encoding')).toBeNull();
    // A missing asset is a 404, never the page.
    const missing = await get('/assets/index-missing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');

    // The proxies: GeoServer's REST API and WFS keep their paths, /api/x reaches the backend as /x; their answers are compressed and keep the security headers.
    const workspaces = await get('/geoserver/rest/namespaces/store_33', { Accept: 'application/json' });
    expect(workspaces.status).toBe(200);
    expect(await workspaces.json()).toMatchObject({ namespace: { prefix: 'store_33' } });
    expect(workspaces.headers.get('x-content-type-options')).toBe('nosniff');
    expect(workspaces.headers.get('cache-control')).toBeNull();
    // The towns' GeoJSON is over gzip_min_length (1 KiB); the two districts are under it, and come uncompressed.
    const towns = await get('/geoserver/wfs?SERVICE=WFS&VERSION=1.1.0&REQUEST=GetFeature&TYPENAME=towns&OUTPUTFORMAT=application/json');
    expect(towns.status).toBe(200);
    expect(towns.headers.get('content-encoding')).toBe('gzip');
    expect(((await towns.json()) as { features: unknown[] }).features.length).toBeGreaterThan(2);
    const districts = await get('/geoserver/wfs?SERVICE=WFS&VERSION=1.1.0&REQUEST=GetFeature&TYPENAME=districts&OUTPUTFORMAT=application/json');
    expect(districts.headers.get('content-encoding')).toBeNull();
    expect(Number(districts.headers.get('content-length'))).toBeLessThan(1024);
    expect(((await districts.json()) as { features: unknown[] }).features).toHaveLength(2);
    const refused = await fetch(`${nginx.url}/api/auth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'alice', password: 'wrong' }) });
    expect(await refused.json()).toEqual({ isOk: false, msg: '用户名或密码错误' });
    expect(model.portal.requests.at(-1)).toBe('POST /auth/token');
    // The file loads without a warning (a duplicate MIME type, an unknown directive …).
    expect(nginx.errorLog()).not.toMatch(/\[(emerg|alert|crit|error|warn)\]/);
  }, 60_000);

  it('signs in through the portal API, draws and saves on the feature map over WFS-T, with WMTS tiles; no CSP violation', async () => {
    await wfsServer('reset');
    await openPage();
    await signIn('/feature-map');
    // The test project's multipolygon layer is `districts`, with 2 rows after a reset.
    await waitForMapReady(page, 2);
    await page.locator('.gportal-wmts img.leaflet-tile-loaded').first().waitFor({ timeout: 20_000 });

    const bounds = await page.locator('.gportal-map').getAttribute('data-bounds');
    const [south, west, north, east] = (bounds ?? '').split(',').map(Number) as [number, number, number, number];
    const at = (x: number, y: number): [number, number] => [west + (east - west) * x, south + (north - south) * y];
    const triangle = [at(0.6, 0.15), at(0.8, 0.15), at(0.8, 0.35)];
    await page.getByRole('button', { name: '标绘', exact: true }).click();
    for (const [lng, lat] of triangle) await clickMap(page, lng, lat);
    await clickMap(page, ...triangle[0]!);
    await waitForFeatures(page, 3);
    await skipAttributes(page);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 1，修改 0，删除 0' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'nginx-feature-map-saved');

    const saved = await fetch(`${nginx.url}/geoserver/wfs?SERVICE=WFS&VERSION=1.1.0&REQUEST=GetFeature&TYPENAME=districts&OUTPUTFORMAT=application/json`);
    expect(((await saved.json()) as { features: unknown[] }).features).toHaveLength(3);
    expect(await cspViolations()).toEqual([]);
  }, 120_000);

  it("runs calls of the API screen through nginx: GeoServer's REST API and the product API; a reload of /geoserver/api is the app", async () => {
    await openPage();
    await signIn('/geoserver/api');
    const api = apiScreen(page);
    const rest = model.requests.length;
    const portal = model.portal.requests.length;

    expect(await api.press('获取工作空间')).toMatch(/^获取工作空间：成功\n[\s\S]*"prefix": "store_33"/);
    await api.fill('样式名称', 'point');
    expect(await api.press('获取默认样式定义')).toMatch(/^获取默认样式定义：成功\n[\s\S]*StyledLayerDescriptor/);
    await api.fill('工作空间名称', 'store_21');
    expect(await api.press('添加工作空间')).toMatch(/^添加工作空间：成功\n[\s\S]*"id": 21/);
    await api.fill('数据存储名称', 'store_21');
    expect(await api.press('创建数据库')).toMatch(/^创建数据库：成功/);
    expect(await api.press('添加面数据', 25_000)).toMatch(/^添加面数据：成功\n[\s\S]*"table": "\w+"/);
    expect(await api.press('删除数据库')).toMatch(/^删除数据库：成功/);
    expect(await api.press('删除工作空间')).toMatch(/^删除工作空间：成功/);
    await screenshot(page, 'nginx-geoserver-api');

    expect(model.requests.slice(rest)).toEqual(['GET /geoserver/rest/namespaces/store_33', 'GET /geoserver/rest/styles/point.sld']);
    expect(model.portal.requests.slice(portal)).toEqual([
      'POST /common/CreateWorkSpace',
      'POST /Common/PostDataBase',
      'POST /common/InsertData',
      'DELETE /Common/DeleteDataBase?dataBaseName=store_21',
      'POST /common/DeleteWorkSpace',
    ]);

    await page.reload();
    await api.area.waitFor();
    await expect(page.getByLabel('工作空间名称', { exact: true }).inputValue()).resolves.toBe('store_33');
    expect(await cspViolations()).toEqual([]);
  }, 120_000);
});
