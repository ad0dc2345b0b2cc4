import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { wfsServer, wfsServerAnswers } from '@gportal/adapters-geoserver/test-support';
import { apiScreen } from './api-screen.js';
import { freshPage, launchChromium, screenshot } from './browser.js';
import { MODEL_PATHS, serveGeoServerModel, type GeoServerModelServer } from './geoserver-model-server.js';
import { serveAppWithPolicy } from './policy.js';

/**
 * The API test screen's deleting buttons ask first, in both languages, against GeoServer's REST
 * model over HTTP (every request checked against GeoServer's OpenAPI): a cancelled question sends
 * nothing, a confirmed one sends the delete. The model's WFS side is the real QGIS Server of the
 * map-server tests (started here when not running, and then stopped).
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let model: GeoServerModelServer | undefined;
let startedWfs = false;
let wfsUrl: string;

beforeAll(async () => {
  startedWfs = !(await wfsServerAnswers());
  wfsUrl = await wfsServer('start');
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (startedWfs) await wfsServer('stop');
}, 60_000);

afterEach(async () => {
  expect(model?.violations, "requests that break GeoServer's OpenAPI").toEqual([]);
  await model?.close();
  model = undefined;
});

const WORDS = {
  'zh-CN': {
    workspace: '工作空间名称',
    layer: '图层名称',
    style: '样式名称',
    layerAdd: '添加面图层',
    layerGet: '获取图层',
    recurse: '删除时一并删除其中的数据存储、图层和样式',
    styleSubmit: '提交样式',
    done: (call: string) => `${call}：成功`,
    buttons: { workspace: '删除工作空间', database: '删除数据库', layer: '删除图层', style: '删除样式' },
    questions: {
      style: ['删除样式 roads（工作空间 store_33）？', '样式文件也一并删除'],
      layer: ['删除图层 polygon（工作空间 store_33）？', '图层及其要素类型一并删除'],
      database: ['删除数据库 store_33（工作空间 store_33）？', '其中的图层也一并删除'],
      workspace: ['删除工作空间 store_33？', '其中的数据存储、图层和样式也一并删除'],
    },
  },
  en: {
    workspace: 'Workspace name',
    layer: 'Layer name',
    style: 'Style name',
    layerAdd: 'Add polygon layer',
    layerGet: 'Get layer',
    recurse: 'Deleting also deletes its data stores, layers and styles',
    styleSubmit: 'Submit style',
    done: (call: string) => `${call}: done`,
    buttons: { workspace: 'Delete workspace', database: 'Delete database', layer: 'Delete layer', style: 'Delete style' },
    questions: {
      style: ['Delete style roads (workspace store_33)?', 'Its style file is deleted too'],
      layer: ['Delete layer polygon (workspace store_33)?', 'The layer and its feature type are deleted'],
      database: ['Delete database store_33 (workspace store_33)?', 'Its layers are deleted with it'],
      workspace: ['Delete workspace store_33?', 'Its data stores, layers and styles are deleted with it'],
    },
  },
} as const;

/** What each confirmed delete sends to GeoServer's REST API (the model logs method, path and query). */
const DELETES = {
  style: /^DELETE \/geoserver\/rest\/workspaces\/store_33\/styles\/roads\?(.*&)?recurse=true/,
  layer: /^DELETE \/geoserver\/rest\/workspaces\/store_33\/(datastores\/store_33\/featuretypes|layers)\/polygon/,
  database: /^DELETE \/geoserver\/rest\/workspaces\/store_33\/datastores\/store_33\?(.*&)?recurse=true/,
  workspace: /^DELETE \/geoserver\/rest\/workspaces\/store_33\?(.*&)?recurse=true/,
} as const;

async function openApiScreen(locale: keyof typeof WORDS): Promise<Page> {
  model = await serveGeoServerModel({ wfsUrl });
  const page = await freshPage(browser);
  await serveAppWithPolicy(page, baseUrl, { 'connect-src': [model.url] });
  await page.route('**/config.json', (route) =>
    route.fulfill({
      json: {
        mode: 'map-server',
        geoserverRestUrl: `${model?.url}${MODEL_PATHS.rest}`,
        wfsUrl: `${model?.url}${MODEL_PATHS.wfs}`,
        portalApiUrl: `${model?.url}${MODEL_PATHS.portalApi}`,
      },
    }),
  );
  await page.route('**/api/auth/token', (route) => route.fulfill({ json: { isOk: true, msg: '登录成功', data: { username: 'alice', displayName: '爱丽丝', token: 't-1' } } }));
  await page.goto(`${baseUrl}/geoserver/api`);
  await page.locator('#username').fill('alice');
  await page.locator('#password').fill('secret');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(`${baseUrl}/geoserver/api`);
  await apiScreen(page).area.waitFor();
  if (locale === 'en') {
    await page.getByRole('radio', { name: 'English', exact: true }).dispatchEvent('click');
    await page.locator('html[lang="en"]').waitFor();
  }
  return page;
}

describe.each(['zh-CN', 'en'] as const)('the deleting buttons of the API test screen ask first (%s, GeoServer REST model)', (locale) => {
  const words = WORDS[locale];

  it('style, layer, database and workspace: cancelled sends nothing, confirmed deletes; the question names what goes and what goes with it', async () => {
    const page = await openApiScreen(locale);
    const api = apiScreen(page);
    await api.fill(words.style, 'roads');
    expect(await api.press(words.styleSubmit)).toMatch(new RegExp(`^${words.done(words.styleSubmit).replace(/[()?]/g, '\\$&')}`));
    // A layer added carries the spec's attributes: the model holds what the POSTed feature type said.
    await api.fill(words.layer, 'parcels');
    await api.press(words.layerAdd);
    expect(await api.press(words.layerGet)).toMatch(/"name": "geom",\s+"binding": "Polygon"[\s\S]*"name": "name",\s+"binding": "String"/);
    await api.fill(words.layer, 'polygon');
    await page.getByLabel(words.recurse).check();

    for (const what of ['style', 'layer', 'database', 'workspace'] as const) {
      const button = words.buttons[what];
      const [title, content] = words.questions[what];
      const sent = model?.requests.length ?? 0;
      const outcomes = await api.outcomes();

      const question = await api.ask(button);
      // The question is a dialog named by its title.
      await page.getByRole('dialog', { name: title }).waitFor();
      await expect(question.textContent()).resolves.toContain(content);
      if (what === 'database') await screenshot(page, `geoserver-api-confirm-${locale}`);
      await api.answer('cancel');
      // Nothing sent, nothing shown: the result area still holds the call before.
      await page.waitForTimeout(300);
      expect(model?.requests.slice(sent)).toEqual([]);
      expect(await api.outcomes()).toBe(outcomes);

      await api.ask(button);
      await api.answer('ok');
      await expect.poll(api.outcomes).toBeGreaterThan(outcomes);
      expect(await api.area.inputValue()).toMatch(new RegExp(`^${words.done(button)}`));
      expect(model?.requests.slice(sent).filter((request) => request.startsWith('DELETE'))).toEqual([expect.stringMatching(DELETES[what])]);
    }
  }, 90_000);
});
