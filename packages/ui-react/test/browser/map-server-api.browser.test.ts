import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { wfsServer, wfsServerAnswers } from '@gportal/adapters-geoserver/test-support';
import { apiScreen } from './api-screen.js';
import { freshPage, launchChromium, screenshot } from './browser.js';
import { MODEL_PATHS, serveGeoServerModel, type GeoServerModelServer } from './geoserver-model-server.js';
import { serveAppWithPolicy } from './policy.js';

/**
 * Map-server mode against servers that answer over HTTP: GeoServer's REST model (every request
 * checked against GeoServer's OpenAPI) and, for the data group, the real QGIS Server + PostGIS of
 * the WFS tests (started here when not running, and then stopped).
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;
let model: GeoServerModelServer;
let startedWfs = false;

beforeAll(async () => {
  startedWfs = !(await wfsServerAnswers());
  const wfsUrl = await wfsServer('start');
  await wfsServer('reset');
  model = await serveGeoServerModel({ wfsUrl });
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await model?.close();
  if (startedWfs) await wfsServer('stop');
}, 60_000);

afterEach(() => {
  expect(model.violations, "requests that break GeoServer's OpenAPI").toEqual([]);
  expect(model.portal.violations, "requests that break the product API's OpenAPI").toEqual([]);
});

async function signInToMapServerMode(settings: Record<string, string> = {}): Promise<void> {
  page = await freshPage(browser);
  // The model answers on an origin of its own: the deployment notes' edit of the policy.
  await serveAppWithPolicy(page, baseUrl, { 'connect-src': [model.url] });
  await page.route('**/config.json', (route) =>
    route.fulfill({
      json: {
        mode: 'map-server',
        geoserverRestUrl: `${model.url}${MODEL_PATHS.rest}`,
        wfsUrl: `${model.url}${MODEL_PATHS.wfs}`,
        portalApiUrl: `${model.url}${MODEL_PATHS.portalApi}`,
        ...settings,
      },
    }),
  );
  // The portal's sign-in, as the other map-server browser tests answer it.
  await page.route('**/api/auth/token', (route) => route.fulfill({ json: { isOk: true, msg: '登录成功', data: { username: 'alice', displayName: '爱丽丝', token: 't-1' } } }));
  await page.goto(`${baseUrl}/geoserver/api`);
  await page.locator('#username').fill('alice');
  await page.locator('#password').fill('secret');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(`${baseUrl}/geoserver/api`);
  // The header's mode tag.
  await page.locator('.ant-layout-header .ant-tag', { hasText: '地图服务器' }).waitFor();
}

describe('API test screen in map-server mode (GeoServer REST model over HTTP, real WFS-T)', () => {
  it('every button group calls the server and shows its answer; no request breaks the OpenAPI', async () => {
    await signInToMapServerMode();
    const api = apiScreen(page);

    // Workspace.
    expect(await api.press('获取工作空间')).toMatch(/^获取工作空间：成功\n[\s\S]*"prefix": "store_33"/);
    await api.fill('工作空间名称', 'store_20');
    expect(await api.press('添加工作空间')).toMatch(/^添加工作空间：成功\n[\s\S]*"name": "store_20"/);
    expect(await api.press('获取工作空间')).toMatch(/"prefix": "store_20"/);
    expect(await api.press('删除工作空间')).toMatch(/^删除工作空间：成功/);
    expect(await api.press('获取工作空间')).toMatch(/^获取工作空间：失败/);
    await api.fill('工作空间名称', 'store_33');
    expect(await api.press('删除工作空间')).toMatch(/^删除工作空间：失败\n请求失败\n.+/);

    // Database (data store).
    await api.fill('数据存储名称', '');
    const sent = model.requests.length;
    expect(await api.press('创建数据库')).toBe('创建数据库：未执行\n请输入数据库名称');
    expect(model.requests.length).toBe(sent);
    await api.fill('数据存储名称', 'store_20');
    expect(await api.press('创建数据库')).toMatch(/^创建数据库：成功\n[\s\S]*"database": "store_20"/);
    expect(await api.press('获取数据库')).toMatch(/"dbtype": "postgis"/);

    // Layer, in the new store.
    await api.fill('图层名称', 'parcels');
    for (const [button, binding] of [
      ['添加点图层', 'Point'],
      ['添加线图层', 'LineString'],
      ['添加多面图层', 'MultiPolygon'],
    ] as const) {
      await api.fill('图层名称', `sample_${binding.toLowerCase()}`);
      expect(await api.press(button)).toContain(`"binding": "${binding}"`);
    }
    await api.fill('图层名称', 'parcels');
    expect(await api.press('添加面图层')).toMatch(/^添加面图层：成功/);
    expect(await api.press('获取图层')).toMatch(/^获取图层：成功\n[\s\S]*"name": "parcels"[\s\S]*"binding": "Polygon"/);
    expect(await api.press('修改图层')).toMatch(/"title": "parcels \(gportal\)"/);
    expect(await api.press('设置图层样式')).toBe('设置图层样式：成功\nstore_33:polygon');
    expect(await api.press('获取图层及样式')).toMatch(/"defaultStyle": "store_33:polygon"/);
    await page.getByLabel('坐标系（SRID）', { exact: true }).fill('3857');
    expect(await api.press('添加点图层')).toMatch(/^添加点图层：未执行/);
    await page.getByLabel('坐标系（SRID）', { exact: true }).fill('4326');
    expect(await api.press('删除图层')).toMatch(/^删除图层：成功/);
    expect(await api.press('获取图层')).toMatch(/^获取图层：失败/);
    expect(await api.press('删除数据库')).toMatch(/^删除数据库：成功/);

    // Style: the global `point`, the workspace's `polygon`, then one of our own.
    expect(await api.press('获取默认样式列表')).toMatch(/"name": "point"/);
    await api.fill('样式名称', 'point');
    expect(await api.press('获取默认样式信息')).toMatch(/^获取默认样式信息：成功\n[\s\S]*"name": "point"/);
    expect(await api.press('获取默认样式定义')).toMatch(/^获取默认样式定义：成功\n[\s\S]*StyledLayerDescriptor/);
    await api.fill('样式名称', 'polygon');
    expect(await api.press('获取自有样式列表')).toMatch(/"name": "polygon"/);
    expect(await api.press('获取自有样式信息')).toMatch(/"workspace": "store_33"/);
    expect(await api.press('获取自有样式定义')).toMatch(/StyledLayerDescriptor/);
    await api.fill('样式名称', 'roads');
    const sld = await page.getByLabel('SLD 样式定义').inputValue();
    expect(await api.press('提交样式')).toMatch(/^提交样式：成功/);
    expect(await api.press('获取自有样式定义')).toBe(`获取自有样式定义：成功\n${sld}`);
    const modified = sld.replace('#AAAAAA', '#00AA00');
    await page.getByLabel('SLD 样式定义').fill(modified);
    expect(await api.press('修改样式定义')).toBe(`修改样式定义：成功\n${modified}`);
    const beforeRefusal = model.requests.length;
    await page.getByLabel('SLD 样式定义').fill('<StyledLayerDescriptor>');
    expect(await api.press('修改样式定义')).toMatch(/^修改样式定义：未执行\nSLD 不是格式正确的 XML/);
    expect(model.requests.length).toBe(beforeRefusal);
    expect(await api.press('删除样式')).toMatch(/^删除样式：成功/);
    expect(await api.press('获取自有样式信息')).toMatch(/^获取自有样式信息：失败/);
    await screenshot(page, 'map-server-api');

    // Data: WFS-T inserts into the real server's layer of each geometry kind.
    for (const name of ['添加点数据', '添加线数据', '添加多线数据', '添加面数据', '添加多面数据']) {
      expect(await api.press(name, 25_000)).toMatch(new RegExp(`^${name}：成功\\n[\\s\\S]*"inserted": 1[\\s\\S]*"failures": \\[\\]`));
    }
    expect(model.requests.length).toBeGreaterThan(30);
  }, 180_000);

  it("portal mode (adminApi 'portal'): workspace add and delete, database create and delete, layer delete and data go through the product API, every call valid against its OpenAPI", async () => {
    await signInToMapServerMode({ adminApi: 'portal' });
    const api = apiScreen(page);
    await page.locator('.gportal-panel', { hasText: '地图服务器 API 测试' }).locator('.ant-tag', { hasText: '产品接口' }).waitFor();
    const restBefore = model.requests.length;
    const portalBefore = model.portal.requests.length;

    // A workspace of the product API is named store_ + its id, and created in srid 4490.
    await api.fill('工作空间名称', 'ws_test');
    expect(await api.press('添加工作空间')).toBe('添加工作空间：未执行\n产品接口的工作空间名称为 store_ 加编号（如 store_20），“ws_test”不是');
    await api.fill('工作空间名称', '');
    expect(await api.press('删除工作空间')).toBe('删除工作空间：未执行\n请输入工作空间名称');
    await api.fill('工作空间名称', 'store_20');
    expect(await api.press('添加工作空间')).toMatch(/^添加工作空间：成功\n[\s\S]*"id": 20,\s*"name": "store_20",\s*"srid": 4490/);
    await api.fill('数据存储名称', '');
    expect(await api.press('创建数据库')).toBe('创建数据库：未执行\n请输入数据库名称');
    await api.fill('数据存储名称', 'store_20');
    expect(await api.press('创建数据库')).toMatch(/^创建数据库：成功\n[\s\S]*"data": "store_20"/);

    // Data: InsertData with the table of the workspace's layer of each kind (QGIS Server's layers have bare names).
    const tables: string[] = [];
    for (const name of ['添加点数据', '添加线数据', '添加多线数据', '添加面数据', '添加多面数据']) {
      const result = await api.press(name, 25_000);
      expect(result).toMatch(new RegExp(`^${name}：成功\\n[\\s\\S]*"table": "\\w+",\\s*"srid": 4326`));
      tables.push(/"table": "(\w+)"/.exec(result)?.[1] ?? '');
    }
    expect(new Set(tables).size).toBe(5);
    expect([...(model.portal.portal.databases.get('store_20') ?? [])].sort()).toEqual([...tables].sort());
    await screenshot(page, 'map-server-api-portal');

    // Layer delete drops its table; a second time the backend says there is none.
    await api.fill('图层名称', tables[0]!);
    expect(await api.press('删除图层')).toMatch(/^删除图层：成功\n[\s\S]*"isOk": true/);
    expect(await api.press('删除图层')).toBe(`删除图层：失败\n地图服务器返回了错误。\n表 ${tables[0]} 不存在`);
    expect(await api.press('删除数据库')).toMatch(/^删除数据库：成功/);
    expect(await api.press('删除工作空间')).toMatch(/^删除工作空间：成功/);
    expect(await api.press('删除工作空间')).toBe('删除工作空间：失败\n请求失败\n地图服务器返回了错误。\n请求失败');

    await page.getByText('English', { exact: true }).click();
    await page.getByRole('button', { name: 'Delete workspace', exact: true }).waitFor();
    await screenshot(page, 'map-server-api-portal-en');

    // Nothing of it went to GeoServer's REST API; the product API got each call once, as the spec writes it.
    expect(model.requests.length).toBe(restBefore);
    expect(model.portal.requests.slice(portalBefore)).toEqual([
      'POST /common/CreateWorkSpace',
      'POST /Common/PostDataBase',
      ...tables.map(() => 'POST /common/InsertData'),
      `DELETE /common/deletetable?dataBaseName=store_20&tableName=${tables[0]}`,
      `DELETE /common/deletetable?dataBaseName=store_20&tableName=${tables[0]}`,
      'DELETE /Common/DeleteDataBase?dataBaseName=store_20',
      'POST /common/DeleteWorkSpace',
      'POST /common/DeleteWorkSpace',
    ]);
  }, 120_000);

  it('the upload posts file0..n and the sample fields through the portal adapter, with progress', async () => {
    await signInToMapServerMode();
    await page.getByRole('tab', { name: '文件上传测试' }).click();
    const big = Buffer.alloc(3 * 1024 * 1024, 'x');
    await page.getByLabel('选择要上传的文件').setInputFiles([
      { name: '福州.geojson', mimeType: 'application/geo+json', buffer: Buffer.from('{"type":"FeatureCollection","features":[]}') },
      { name: 'big.bin', mimeType: 'application/octet-stream', buffer: big },
    ]);
    const answer = page.getByLabel('服务器应答');
    await answer.waitFor({ timeout: 20_000 });
    expect(JSON.parse(await answer.inputValue())).toEqual({
      isOk: true,
      data: {
        files: [
          { field: 'file0', name: '福州.geojson', size: 42 },
          { field: 'file1', name: 'big.bin', size: big.length },
        ],
        fields: { id: '20', name: 'store_20', 'list[0].key': 'srid', 'list[0].value': '4490', 'list[1].key': 'databaseName', 'list[1].value': 'store_' },
      },
    });
    await expect(page.getByRole('progressbar', { name: '上传进度' }).getAttribute('aria-valuenow')).resolves.toBe('100');
    await page.getByTestId('upload-chosen').getByText('福州.geojson、big.bin').waitFor();
  }, 60_000);
});
