import { SAMPLE_STYLES } from '@gportal/core/memory';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiScreen } from './api-screen.js';
import { freshPagePerTest, screenshot, signIn } from './browser.js';

const baseUrl = inject('baseUrl');
let page: Page;
let api: ReturnType<typeof apiScreen>;
freshPagePerTest(async (fresh) => {
  page = fresh;
  await signIn(page, baseUrl);
  await page.goto(`${baseUrl}/geoserver/api`);
  api = apiScreen(page);
  await api.area.waitFor();
});

const notice = (text: string) => page.locator('.ant-message-notice', { hasText: text });

describe('API test screen (embedded default)', () => {
  it('starts with the spec sample defaults', async () => {
    for (const [label, value] of [
      ['工作空间名称', 'store_33'],
      ['数据存储名称', 'store_33'],
      ['图层名称', 'polygon'],
      ['样式名称', 'polygon'],
      ['坐标系（SRID）', '4326'],
    ]) {
      await expect(page.getByLabel(label!, { exact: true }).inputValue()).resolves.toBe(value);
    }
    await expect(page.getByLabel('SLD 样式定义').inputValue()).resolves.toBe(SAMPLE_STYLES.polygon);
    await screenshot(page, 'geoserver-api');
  });

  it('workspace: add then get shows it; an empty name is refused with 请输入工作空间名称 for get, add and delete; a failed delete says 请求失败; recurse removes its children', async () => {
    await api.fill('工作空间名称', 'store_20');
    expect(await api.press('添加工作空间')).toMatch(/^添加工作空间：成功\n[\s\S]*"name": "store_20"/);
    expect(await api.press('获取工作空间')).toMatch(/^获取工作空间：成功\n[\s\S]*"prefix": "store_20"/);

    // The previous result is replaced by the refusal, never left standing.
    await api.fill('工作空间名称', '');
    for (const name of ['获取工作空间', '添加工作空间', '删除工作空间']) expect(await api.press(name)).toBe(`${name}：未执行\n请输入工作空间名称`);
    await notice('请输入工作空间名称').waitFor();
    expect(await page.locator('.ant-message-notice').count()).toBe(1);

    await api.fill('工作空间名称', 'store_33');
    expect(await api.press('删除工作空间')).toMatch(/^删除工作空间：失败\n请求失败\n.+/);
    expect(await api.press('获取数据库')).toMatch(/^获取数据库：成功/);
    await page.getByLabel('删除时一并删除其中的数据存储、图层和样式').check();
    expect(await api.press('删除工作空间')).toBe('删除工作空间：成功\n（服务器没有返回内容）');
    expect(await api.press('获取数据库')).toMatch(/^获取数据库：失败\n.*store_33/);
    expect(await api.press('获取图层')).toMatch(/^获取图层：失败/);
    await screenshot(page, 'geoserver-api-failed');
  });

  it('database: an empty name is refused with 请输入数据库名称 for get, create and delete; create, get and delete a store', async () => {
    await api.fill('数据存储名称', '');
    expect(await api.press('获取数据库')).toBe('获取数据库：未执行\n请输入数据库名称');
    expect(await api.press('创建数据库')).toBe('创建数据库：未执行\n请输入数据库名称');
    await notice('请输入数据库名称').waitFor();
    expect(await api.press('删除数据库')).toBe('删除数据库：未执行\n请输入数据库名称');
    // One notice for the same kind of event.
    expect(await page.locator('.ant-message-notice').count()).toBe(1);

    await api.fill('数据存储名称', 'store_20');
    expect(await api.press('创建数据库')).toMatch(/^创建数据库：成功\n[\s\S]*"name": "store_20"[\s\S]*"database": "store_20"/);
    expect(await api.press('获取数据库')).toMatch(/^获取数据库：成功\n[\s\S]*"dbtype": "postgis"/);
    expect(await api.press('删除数据库')).toMatch(/^删除数据库：成功/);
    expect(await api.press('获取数据库')).toMatch(/^获取数据库：失败/);
  });

  it('layer: create a store, add a polygon layer, set its style, get with style shows workspace:style; modify and delete', async () => {
    await api.fill('数据存储名称', 'store_20');
    await api.fill('图层名称', 'parcels');
    await api.fill('样式名称', 'parcels');
    await api.press('创建数据库');
    expect(await api.press('添加面图层')).toMatch(/^添加面图层：成功\n[\s\S]*"name": "parcels"[\s\S]*"binding": "Polygon"/);
    expect(await api.press('获取图层')).toMatch(/^获取图层：成功\n[\s\S]*"srs": "EPSG:4326"/);
    expect(await api.press('提交样式')).toMatch(/^提交样式：成功/);
    expect(await api.press('设置图层样式')).toBe('设置图层样式：成功\nstore_33:parcels');
    expect(await api.press('获取图层及样式')).toMatch(/^获取图层及样式：成功\n[\s\S]*"defaultStyle": "store_33:parcels"/);
    // Tall enough for every group without scrolling, so the sticky result panel sits where a user sees it.
    await page.setViewportSize({ width: 1280, height: 1560 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'geoserver-api-result', { fullPage: false });
    expect(await api.press('修改图层')).toMatch(/"title": "parcels \(gportal\)"/);
    for (const [button, binding] of [
      ['添加点图层', 'Point'],
      ['添加线图层', 'LineString'],
      ['添加多面图层', 'MultiPolygon'],
    ] as const) {
      await api.fill('图层名称', `sample_${binding.toLowerCase()}`);
      expect(await api.press(button)).toContain(`"binding": "${binding}"`);
    }
    await api.fill('图层名称', 'parcels');
    expect(await api.press('删除图层')).toMatch(/^删除图层：成功/);
    expect(await api.press('获取图层')).toMatch(/^获取图层：失败/);
  });

  it('layer: adding is refused quietly when no coordinate system matches the srid', async () => {
    await page.getByLabel('坐标系（SRID）', { exact: true }).fill('3857');
    await api.fill('图层名称', 'mercator');
    expect(await api.press('添加点图层')).toMatch(/^添加点图层：未执行\n没有与坐标系 3857 匹配的坐标系，未添加图层\n/);
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    expect(await api.press('获取图层')).toMatch(/^获取图层：失败/);
  });

  it('style: default and own lists, info and definitions; submit from the SLD area, its definition is the same SLD; modify, delete', async () => {
    expect(await api.press('获取默认样式列表')).toMatch(/"name": "polygon"/);
    expect(await api.press('获取默认样式信息')).toMatch(/^获取默认样式信息：成功\n[\s\S]*"name": "polygon"/);
    expect(await api.press('获取默认样式定义')).toBe(`获取默认样式定义：成功\n${SAMPLE_STYLES.polygon}`);
    expect(await api.press('获取自有样式列表')).toBe('获取自有样式列表：成功\n[]');

    await api.fill('样式名称', 'roads');
    await page.getByLabel('SLD 样式定义').fill(SAMPLE_STYLES.line);
    expect(await api.press('提交样式')).toMatch(/^提交样式：成功\n[\s\S]*"workspace": "store_33"/);
    expect(await api.press('获取自有样式定义')).toBe(`获取自有样式定义：成功\n${SAMPLE_STYLES.line}`);
    expect(await api.press('获取自有样式信息')).toMatch(/"name": "roads"/);
    expect(await api.press('获取自有样式列表')).toMatch(/"name": "roads"/);

    await page.getByLabel('SLD 样式定义').fill('<StyledLayerDescriptor><NamedLayer></StyledLayerDescriptor>');
    expect(await api.press('修改样式定义')).toMatch(/^修改样式定义：未执行\nSLD 不是格式正确的 XML，未发送。\n.+/);
    await notice('SLD 不是格式正确的 XML').waitFor();
    expect(await api.press('获取自有样式定义')).toBe(`获取自有样式定义：成功\n${SAMPLE_STYLES.line}`);
    await screenshot(page, 'geoserver-api-sld-refused');

    await page.getByLabel('SLD 样式定义').fill(SAMPLE_STYLES.point);
    expect(await api.press('修改样式定义')).toBe(`修改样式定义：成功\n${SAMPLE_STYLES.point}`);
    expect(await api.press('删除样式')).toMatch(/^删除样式：成功/);
    expect(await api.press('获取自有样式信息')).toMatch(/^获取自有样式信息：失败/);
  });

  it('data: each button inserts a sample feature into the matching layer', async () => {
    for (const name of ['添加点数据', '添加线数据', '添加多线数据', '添加面数据', '添加多面数据']) {
      expect(await api.press(name)).toMatch(new RegExp(`^${name}：成功\\n[\\s\\S]*"inserted": 1[\\s\\S]*"failures": \\[\\]`));
    }
    await page.getByRole('button', { name: '在地图中缩放到图层', exact: true }).click();
    await page.waitForURL(`${baseUrl}/geoserver/map`);
    // The eight sample towns and the sample polygon just added.
    await expect.poll(() => page.getByTestId('layer-map-count').textContent()).toBe('9 个要素');
  });

  it('data goes into the workspace typed: ws_test with its layers gets each insert; a kind ws_test has no layer of is refused with a message', async () => {
    await api.fill('工作空间名称', 'ws_test');
    await api.fill('数据存储名称', 'ws_test');
    await api.press('添加工作空间');
    await api.press('创建数据库');
    for (const [button, layer] of [
      ['添加点图层', 'ws_point'],
      ['添加线图层', 'ws_line'],
      ['添加面图层', 'ws_polygon'],
      ['添加多面图层', 'ws_multipolygon'],
    ] as const) {
      await api.fill('图层名称', layer);
      expect(await api.press(button)).toMatch(/：成功/);
    }
    for (const name of ['添加点数据', '添加线数据', '添加面数据', '添加多面数据']) {
      expect(await api.press(name)).toMatch(new RegExp(`^${name}：成功\\n[\\s\\S]*"id": "ws_test:ws_[a-z]+\\.1"[\\s\\S]*"inserted": 1`));
    }
    expect(await api.press('添加多线数据')).toBe('添加多线数据：未执行\n工作空间 ws_test 中没有多线图层，未添加数据');
    await notice('工作空间 ws_test 中没有多线图层').waitFor();
    await screenshot(page, 'geoserver-api-no-layer-of-kind');
    // store_33's layers got nothing: the map of its point layer still shows the eight sample towns.
    await api.fill('工作空间名称', 'store_33');
    await api.fill('图层名称', 'point');
    await page.getByRole('button', { name: '在地图中缩放到图层', exact: true }).click();
    await expect.poll(() => page.getByTestId('layer-map-count').textContent()).toBe('8 个要素');
  });

  it('the map zoom button opens the map part zoomed to the chosen layer', async () => {
    await api.fill('图层名称', 'point');
    await page.getByRole('button', { name: '在地图中缩放到图层', exact: true }).click();
    await page.waitForURL(`${baseUrl}/geoserver/map`);
    await expect.poll(() => page.getByTestId('layer-map-count').textContent()).toBe('8 个要素');
    await page.getByText('图层：store_33:point').waitFor();
    // Zoomed to the towns (lng 117.02–119.3, lat 24.48–26.64): the view holds them all and is centred on them.
    const view = async () => (await page.getByTestId('layer-map').getAttribute('data-bounds'))?.split(',').map(Number) ?? [];
    await expect
      .poll(view)
      .toSatisfy(
        ([west, south, east, north]: number[]) =>
          west! <= 117.02 && south! <= 24.48 && east! >= 119.3 && north! >= 26.64 && Math.abs((west! + east!) / 2 - 118.16) < 0.3 && Math.abs((south! + north!) / 2 - 25.56) < 0.3,
      );
    await page.locator('.leaflet-container canvas').first().waitFor();
    await screenshot(page, 'geoserver-map');
    await page.getByRole('tab', { name: 'API 测试' }).click();
    await expect(page.getByLabel('图层名称', { exact: true }).inputValue()).resolves.toBe('point');
  });

  it('a failing call shows its error, named after the call', async () => {
    await api.fill('图层名称', 'nowhere');
    expect(await api.press('获取图层及样式')).toMatch(/^获取图层及样式：失败\n.*nowhere/);
    await expect(page.locator('.gportal-panel', { hasText: '结果' }).locator('.ant-tag-error').textContent()).resolves.toBe('获取图层及样式');
  });

  it('every button has its own loading state and a slow call never locks the rest', async () => {
    await page.route('**/config.json', (route) => route.fulfill({ json: { embeddedLatencyMs: 1500 } }));
    await page.reload();
    await api.area.waitFor();
    const slow = page.getByRole('button', { name: '获取默认样式列表', exact: true });
    await slow.click();
    await slow.and(page.locator('[aria-busy="true"]')).waitFor();
    await api.fill('工作空间名称', 'store_33');
    const other = page.getByRole('button', { name: '获取工作空间', exact: true });
    await other.click();
    await other.and(page.locator('[aria-busy="true"]')).waitFor();
    expect(await page.locator('button[aria-busy="true"]').count()).toBe(2);
    await screenshot(page, 'geoserver-api-loading');
    await expect.poll(() => page.locator('button[aria-busy="true"]').count(), { timeout: 5000 }).toBe(0);
    expect(await api.area.inputValue()).toMatch(/^获取工作空间：成功/);
  });
});

describe('file upload test (embedded default)', () => {
  it('posts the chosen files with the sample fields, shows progress and the answer (names and sizes, isOk)', async () => {
    await page.getByRole('tab', { name: '文件上传测试' }).click();
    await page.waitForURL(`${baseUrl}/geoserver/upload`);
    await page.getByLabel('选择要上传的文件').setInputFiles([
      { name: '福州.geojson', mimeType: 'application/geo+json', buffer: Buffer.from('{"type":"FeatureCollection","features":[]}') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.alloc(2048, 'a') },
    ]);
    const answer = page.getByLabel('服务器应答');
    await answer.waitFor();
    const parsed = JSON.parse(await answer.inputValue()) as unknown;
    expect(parsed).toEqual({ isOk: true, data: [{ name: '福州.geojson', size: 42 }, { name: 'notes.txt', size: 2048 }] });
    await expect(page.getByRole('progressbar', { name: '上传进度' }).getAttribute('aria-valuenow')).resolves.toBe('100');
    await page.getByTestId('upload-chosen').getByText('福州.geojson、notes.txt').waitFor();
    await screenshot(page, 'geoserver-upload');
  });
});
