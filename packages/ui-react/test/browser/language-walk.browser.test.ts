import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MANAGE_MODULES, ROUTES } from '../../src/shell/routes.js';
import { apiScreen } from './api-screen.js';
import { DEMO, freshPage, launchChromium, screenshot, signIn } from './browser.js';
import { clickMap, skipAttributes, waitForMapReady } from './map-helpers.js';

/**
 * The language walk: every screen of the app in zh-CN, error states included, fails on an
 * English word shown outside data. Screens come from the app's routes, so a new screen is
 * walked without touching this file.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Latin words a Chinese screen may show: product and standard names, units, the hemisphere
 * letters and axis names of coordinates (`119°17′45.12″E 26°04′31.80″N`, `X … Y …`, as Chinese
 * maps and surveys write them), keyboard keys and the language switch's own "English". Case is
 * ignored.
 */
const ALLOWED_WORDS = new Set(
  [
    'gportal', 'GeoServer', 'Leaflet', 'WFS', 'WFS-T', 'WMTS', 'SLD', 'EPSG', 'PostGIS', 'GeoJSON', 'GML', 'XML', 'JSON', 'URL', 'API', 'ID',
    'CRS', 'SRID', 'HTTP', 'WGS', 'CGCS', 'OpenStreetMap', 'Natural', 'Earth',
    'm', 'km', 'ha', 'E', 'W', 'N', 'S', 'X', 'Y', 'English', 'Esc', 'Shift', 'Delete', 'Insert', 'Enter', 'Tab',
  ].map((word) => word.toLowerCase()),
);

/** A workspace name the walk types, refused for its space: data, quoted in the sentence. */
const NAME_WITH_SPACE = 'my ws';

/**
 * Data the walk knows it shows inside sentences: the sample layers' property names (form labels,
 * "“founded”不能为空"), the demo account shown on the sign-in page, and the names the walk types.
 */
const DATA_WORDS = new Set(
  ['name', 'population', 'area', 'is_capital', 'founded', 'length', 'kind', DEMO.username, DEMO.password, ...NAME_WITH_SPACE.split(' ')].map((word) => word.toLowerCase()),
);

/**
 * English words: runs of letters only. A token with a digit, `_`, `:` or `.` (`store_33:polygon`,
 * `EPSG:4326`, `multipolygon.3`) is an identifier, which is data.
 */
function englishWords(text: string): string[] {
  const tokens = text.match(/[A-Za-z0-9_:.'-]*[A-Za-z][A-Za-z0-9_:.'-]*/g) ?? [];
  return tokens
    .map((token) => token.replace(/^['.:-]+|['.:-]+$/g, ''))
    .filter((token) => /^[A-Za-z]+(?:[-'][A-Za-z]+)*$/.test(token))
    .filter((token) => !ALLOWED_WORDS.has(token.toLowerCase()) && !DATA_WORDS.has(token.toLowerCase()));
}

/**
 * What the user sees and hears, minus data: visible text outside elements marked `data-raw`
 * (server and user words), the placeholders of empty inputs, titles and accessible names, and
 * the read-only text areas' text minus their `data-raw` part.
 */
async function shownText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const visible = (element: Element) => (element as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true }) ?? true;
    // Data, and what neither shows nor is heard (aria-hidden). antd's icons carry their glyph's
    // name ("home", "user") as aria-label: not shown, and not a message of the table.
    const isData = (element: Element | null) => !!element?.closest('[data-raw]:not(textarea), [aria-hidden="true"], .anticon[role="img"]');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEXTAREA'].includes(parent.tagName) || isData(parent) || !visible(parent)) continue;
      const text = node.textContent?.trim();
      if (text) texts.push(text);
    }
    for (const element of document.body.querySelectorAll('[title], [aria-label], [placeholder]')) {
      if (isData(element) || !visible(element)) continue;
      for (const name of ['title', 'aria-label']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
      const placeholder = element.getAttribute('placeholder');
      if (placeholder && !(element as HTMLInputElement).value) texts.push(placeholder);
    }
    // An editable text area holds the user's words (data); a read-only one shows the app's results.
    for (const area of document.body.querySelectorAll<HTMLTextAreaElement>('textarea[readonly]')) {
      if (!visible(area)) continue;
      const raw = area.getAttribute('data-raw') ?? '';
      texts.push(raw ? area.value.replace(raw, '') : area.value);
    }
    return texts;
  });
}

/** Fails, naming the screen, the words and where they stand, when English is shown outside data. */
async function expectNoEnglish(page: Page, where: string): Promise<void> {
  const found = (await shownText(page)).flatMap((text) => englishWords(text).map((word) => `${word} in "${text.slice(0, 120)}"`));
  expect(found.join('\n'), `English words on ${where}`).toBe('');
  // An empty placeholder shows as a doubled space or empty quotes.
  const holes = (await shownText(page)).filter((text) => /“”|""|\{\w+\}/.test(text));
  expect(holes.join('\n'), `empty or unfilled placeholders on ${where}`).toBe('');
}

/** Every path of the app's routes; a route with a number takes each of its values. */
function routePaths(): string[] {
  const paths = Object.values(ROUTES).flatMap((route) => (typeof route === 'string' ? [route] : MANAGE_MODULES.map((n) => route(n))));
  return [...paths, '/no-such-page'];
}

/** Waits until the screen has settled: its lazy chunk loaded, nothing spinning, maps drawn. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, [aria-busy="true"]'));
  await page.waitForTimeout(400);
}

const notice = (page: Page, text: string) => page.locator('.ant-notification-notice, .ant-message-notice, .ant-alert', { hasText: text });

async function switchTo(page: Page, locale: 'zh-CN' | 'en'): Promise<void> {
  // A notice may lie over the switch; the user would close it first, the walk need not.
  await page.getByRole('radio', { name: locale === 'en' ? 'English' : '中文', exact: true }).dispatchEvent('click');
  await page.locator(`html[lang="${locale}"]`).waitFor();
}

describe('the language walk (embedded default, zh-CN)', () => {
  it('shows no English outside data on any screen of the routes', async () => {
    const page = await freshPage(browser);
    await signIn(page, baseUrl);
    const paths = routePaths();
    expect(paths).toContain(ROUTES.featureMap);
    for (const path of paths) {
      await page.goto(`${baseUrl}${path}`);
      await settle(page);
      if (path === ROUTES.featureMap) await waitForMapReady(page, 8);
      await expectNoEnglish(page, path);
    }
    // The sign-in page, signed out.
    const signedOut = await freshPage(browser);
    await signedOut.goto(`${baseUrl}${ROUTES.login}`);
    await settle(signedOut);
    await expectNoEnglish(signedOut, ROUTES.login);
    // Every screen, some with maps, on a loaded two-core machine.
  }, 120_000);

  it('a wrong password: a Chinese sentence, the server words beneath; in English the sentence is English', async () => {
    const page = await freshPage(browser);
    await page.goto(`${baseUrl}/login`);
    await page.locator('#username').fill(DEMO.username);
    await page.locator('#password').fill('wrong password');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    const refused = page.locator('.ant-notification-notice');
    await refused.getByText('服务器没有接受这次登录。').waitFor();
    await expect(refused.getByTestId('error-detail').count()).resolves.toBe(1);
    await expectNoEnglish(page, 'the refused sign-in');
    await screenshot(page, 'language-login-refused-zh-CN', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'language-login-refused-zh-CN-390', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });

    await switchTo(page, 'en');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // The first notice may have timed out and still be leaving as this one opens: the English one is read.
    const english = refused.filter({ hasText: 'The server did not accept the sign-in.' });
    await english.waitFor();
    await expect(english.locator('[data-raw]').textContent()).resolves.not.toMatch(/^Sign-in failed/);
    await screenshot(page, 'language-login-refused-en', { fullPage: false });
  });

  it('the API test screen: invalid and missing names, empty fields, a malformed SLD, a missing layer on the map', async () => {
    const page = await freshPage(browser);
    await signIn(page, baseUrl);
    await page.goto(`${baseUrl}${ROUTES.geoserverApi}`);
    const api = apiScreen(page);

    await api.fill('工作空间名称', NAME_WITH_SPACE);
    expect(await api.press('获取工作空间')).toMatch(/^获取工作空间：未执行\n工作空间名称“my ws”无效：名称只能由字母、数字、_、- 和 \. 组成，并以字母、数字或 _ 开头。\ninvalid workspace: "my ws"$/);
    await notice(page, '工作空间名称“my ws”无效').waitFor();
    await expectNoEnglish(page, 'an invalid workspace name');
    await screenshot(page, 'language-api-invalid-workspace-zh-CN');

    await api.fill('工作空间名称', 'ws_test');
    expect(await api.press('获取工作空间')).toBe("获取工作空间：失败\n工作空间“ws_test”不存在。\nNo such workspace: 'ws_test'");
    await expectNoEnglish(page, 'a missing workspace');

    await api.fill('工作空间名称', 'store_33');
    await api.fill('图层名称', '');
    // A blank input is refused by the screen before any request, in the active language alone.
    expect(await api.press('获取图层')).toBe('获取图层：未执行\n请输入图层名称');
    await expectNoEnglish(page, 'an empty feature type');
    await screenshot(page, 'language-api-empty-feature-type-zh-CN');

    // An emptied coordinate system asks for one: never "没有与坐标系 匹配的坐标系".
    await page.getByLabel('坐标系（SRID）', { exact: true }).fill('');
    await api.fill('图层名称', 'towns');
    expect(await api.press('添加点图层')).toBe('添加点图层：未执行\n请输入坐标系（SRID）');
    await expectNoEnglish(page, 'an empty coordinate system');

    await api.fill('数据存储名称', '');
    expect(await api.press('创建数据库')).toBe('创建数据库：未执行\n请输入数据库名称');
    await page.getByLabel('SLD 样式定义').fill('<StyledLayerDescriptor><NamedLayer></StyledLayerDescriptor>');
    expect(await api.press('修改样式定义')).toMatch(/^修改样式定义：未执行\nSLD 不是格式正确的 XML，未发送。\n.+/);
    await expectNoEnglish(page, 'a malformed SLD');

    await switchTo(page, 'en');
    await page.getByLabel('Workspace name', { exact: true }).fill(NAME_WITH_SPACE);
    expect(await api.press('Get workspace')).toMatch(/^Get workspace: not sent\nWorkspace name "my ws" is not valid: a name is made of letters/);
    await screenshot(page, 'language-api-invalid-workspace-en');
    await page.setViewportSize({ width: 1024, height: 800 });
    await screenshot(page, 'language-api-invalid-workspace-en-1024', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });
    await switchTo(page, 'zh-CN');

    await page.getByLabel('工作空间名称', { exact: true }).fill('store_33');
    await api.fill('图层名称', 'nowhere');
    await page.getByRole('tab', { name: '地图' }).click();
    await notice(page, '无法加载图层 store_33:nowhere').waitFor();
    await notice(page, '图层“store_33:nowhere”不存在。').waitFor();
    await expectNoEnglish(page, 'a missing layer on the layer map');
    await screenshot(page, 'language-layer-map-missing-zh-CN');
  });

  it('the feature map: zoom buttons, the date field, a journal that cannot be written', async () => {
    const page = await freshPage(browser);
    await signIn(page, baseUrl);
    await page.goto(`${baseUrl}${ROUTES.featureMap}`);
    await waitForMapReady(page, 8);
    await expect(page.locator('.leaflet-control-zoom-in').getAttribute('title')).resolves.toBe('放大');
    await expect(page.locator('.leaflet-control-zoom-out').getAttribute('title')).resolves.toBe('缩小');

    // The attribute form's date field speaks Chinese: its hint, its calendar's month and weekday
    // names and its buttons (a native date input would speak the browser's language).
    await clickMap(page, 119.3, 26.08);
    await page.getByRole('button', { name: '编辑属性', exact: true }).click();
    const founded = page.getByRole('textbox', { name: '建立日期' });
    const chooseDate = page.getByRole('button', { name: '选择日期', exact: true });
    await chooseDate.waitFor();
    await expect(founded.inputValue()).resolves.toBe('1949-08-17');
    await expect(founded.getAttribute('placeholder')).resolves.toBe('年-月-日');
    await chooseDate.click();
    const calendar = page.getByRole('dialog', { name: '选择日期' });
    const grid = calendar.getByRole('grid', { name: '1949年8月' });
    await grid.waitFor();
    await expect(grid.getByRole('columnheader').allTextContents()).resolves.toEqual(['一', '二', '三', '四', '五', '六', '日']);
    for (const name of ['上一年', '上个月', '下个月', '下一年', '今天']) await calendar.getByRole('button', { name, exact: true }).waitFor();
    await expectNoEnglish(page, 'the attribute form with its calendar open');
    await screenshot(page, 'language-date-field-zh-CN', { fullPage: false });
    // A click beside the calendar closes it, and it alone.
    await page.locator('.ant-modal-title').click();
    await calendar.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /取\s*消/ }).click();

    // Fill the origin's storage, so the journal cannot be written.
    await page.evaluate(() => {
      let index = 0;
      for (let size = 1024 * 1024; size >= 1; size = Math.floor(size / 2)) {
        const chunk = 'x'.repeat(size);
        for (;;) {
          try {
            localStorage.setItem(`filler-${index++}`, chunk);
          } catch {
            break;
          }
        }
      }
    });
    await page.getByRole('button', { name: '标绘', exact: true }).click();
    for (const [lng, lat] of [[118.1, 25.6], [118.6, 25.6], [118.6, 26.0], [118.1, 25.6]] as const) await clickMap(page, lng, lat);
    // Full storage is told as such, in Chinese; that the save still goes through is the feature-map test's.
    await notice(page, '浏览器存储空间已满').waitFor();
    await skipAttributes(page);
    await expectNoEnglish(page, 'a journal that cannot be written');
    await screenshot(page, 'language-feature-map-journal-full-zh-CN', { fullPage: false });

    await switchTo(page, 'en');
    await expect(page.locator('.leaflet-control-zoom-in').getAttribute('title')).resolves.toBe('Zoom in');
    await page.locator('.ant-notification-notice-close').click();
    await page.getByRole('button', { name: 'Redraw', exact: true }).click();
    await page.getByText('1 change is not saved; redrawing discards it.', { exact: true }).waitFor();
    await screenshot(page, 'language-feature-map-redraw-one-change-en', { fullPage: false });
  }, 60_000);
});

describe('the language walk (map server unreachable, zh-CN)', () => {
  it('says the network failed, in Chinese, on the API test, the upload, the layer map and the feature map', async () => {
    const page = await freshPage(browser);
    const unreachable = `${baseUrl}/unreachable`;
    await page.route('**/config.json', (route) =>
      route.fulfill({ json: { mode: 'map-server', geoserverRestUrl: `${unreachable}/rest`, wfsUrl: `${unreachable}/wfs`, wmtsUrl: `${unreachable}/wmts`, portalApiUrl: `${unreachable}/api` } }),
    );
    await page.route('**/unreachable/api/auth/token', (route) => route.fulfill({ json: { isOk: true, msg: '登录成功', data: { username: 'alice', displayName: '爱丽丝', token: 't-1' } } }));
    await page.route(/\/unreachable\/(?!api\/auth\/token)/, (route) => route.abort('connectionrefused'));
    await page.goto(`${baseUrl}/login`);
    await page.locator('#username').fill('alice');
    await page.locator('#password').fill('secret');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/test-index$/);

    await page.goto(`${baseUrl}${ROUTES.geoserverApi}`);
    expect(await apiScreen(page).press('获取工作空间')).toMatch(/^获取工作空间：失败\n无法连接服务器，请检查网络后重试。\n/);
    await expectNoEnglish(page, 'the API test without a server');

    await page.goto(`${baseUrl}${ROUTES.geoserverUpload}`);
    await page.getByLabel('选择要上传的文件').setInputFiles({ name: 'towns.csv', mimeType: 'text/csv', buffer: Buffer.from('name\n福州\n') });
    await notice(page, '上传失败：无法连接服务器').waitFor();
    await expectNoEnglish(page, 'a failed upload');
    await screenshot(page, 'language-upload-failed-zh-CN');

    await page.goto(`${baseUrl}${ROUTES.featureMap}`);
    await notice(page, '图层加载失败：无法连接服务器，请检查网络后重试。').waitFor();
    await settle(page);
    await expectNoEnglish(page, 'the feature map without a server');
    await screenshot(page, 'language-feature-map-unreachable-zh-CN', { fullPage: false });
    await switchTo(page, 'en');
    await notice(page, 'The layer could not be loaded. The server cannot be reached; check the network and try again.').waitFor();
    await screenshot(page, 'language-feature-map-unreachable-en', { fullPage: false });
  });
});
