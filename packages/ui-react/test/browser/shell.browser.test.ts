import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, launchChromium, screenshot, signIn } from './browser.js';
import { fontsLoaded, serveDejaVuAsAppFont, textWidth } from './fonts.js';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function pageAt(width: number, height = 800): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'zh-CN' });
  context.setDefaultTimeout(10_000);
  return context.newPage();
}

const MENU = {
  'zh-CN': ['首页演示', '管理模块 1', '管理模块 2', '管理模块 3', '文件上传测试', 'API 测试', '地图', '地图测试', '要素地图'],
  en: ['Index demo', 'Management module 1', 'Management module 2', 'Management module 3', 'File upload test', 'API test', 'Map', 'Map test', 'Feature map'],
} as const;

/** Every element is inside the viewport and shows its whole text. */
async function fullyShown(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const cut = element.scrollWidth > element.clientWidth + 1;
        return box.width === 0 || box.right > window.innerWidth || box.bottom > document.documentElement.scrollHeight || cut;
      })
      .map((element) => element.textContent ?? ''),
  );
}

/** The app's own Latin font, or DejaVu Sans served in its place (a machine without the app's font). */
const FONTS = { app: "the app's font", dejavu: 'DejaVu Sans' } as const;
const LONGEST_ENTRY = 'Management module 1';

/** The landing screen has loaded (its chunk comes after the shell's). */
const indexDemoShown = (page: Page, locale: 'zh-CN' | 'en') => page.getByRole('button', { name: locale === 'en' ? 'Set user cache' : '设置用户缓存' }).waitFor();

/** Signs in, switches to the language and waits for the menu in its final font. */
async function shellAt(width: number, locale: 'zh-CN' | 'en', font: keyof typeof FONTS) {
  const page = await pageAt(width);
  if (font === 'dejavu') await serveDejaVuAsAppFont(page);
  await signIn(page, baseUrl);
  if (locale === 'en') await page.getByText('English', { exact: true }).click();
  const menu = page.getByRole('navigation', { name: locale === 'en' ? 'Navigation' : '导航菜单' });
  await menu.getByRole('link', { name: MENU[locale][0], exact: true }).waitFor();
  await indexDemoShown(page, locale);
  await fontsLoaded(page);
  // The app's font family renders as that font, or exactly as DejaVu Sans when served in its place.
  const [shipped, dejavu] = await Promise.all([textWidth(page, '14px "Noto Sans"', LONGEST_ENTRY), textWidth(page, '14px "DejaVu Sans"', LONGEST_ENTRY)]);
  if (font === 'dejavu') expect(shipped).toBe(dejavu);
  else expect(shipped).toBeLessThan(dejavu - 4);
  const family = await page.locator('.gportal-nav-label').first().evaluate((element) => getComputedStyle(element).fontFamily);
  expect(family.startsWith('"Noto Sans", "Noto Sans CJK SC"')).toBe(true);
  return { page, menu };
}

/** Nothing on the page is wider than the viewport: no sideways scroll. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('the workbench shell', () => {
  for (const font of ['app', 'dejavu'] as const) {
    for (const width of [1024, 1280]) {
      for (const locale of ['zh-CN', 'en'] as const) {
        it(`shows every menu entry and the whole header at ${width} px in ${locale}, in ${FONTS[font]}`, async () => {
          const { page, menu } = await shellAt(width, locale, font);
          const names = await menu.getByRole('link').allTextContents();
          expect(names).toEqual(MENU[locale]);
          for (const name of MENU[locale]) await expect(menu.getByRole('link', { name, exact: true }).isVisible()).resolves.toBe(true);
          expect(await fullyShown(page, '.gportal-nav-label, .gportal-nav-group-title')).toEqual([]);
          expect(await fullyShown(page, '.ant-layout-header strong, .ant-layout-header .ant-space-item')).toEqual([]);
          // The title keeps one line: the controls move below it rather than squeeze it.
          await expect(page.locator('.ant-layout-header strong').evaluate((element) => element.getBoundingClientRect().height)).resolves.toBe(22);
          await expect(page.getByRole('button', { name: locale === 'en' ? 'Sign out' : '退出登录' }).isVisible()).resolves.toBe(true);
          expect(await pageWidth(page)).toBe(width);
          await screenshot(page, `shell-${font}-${locale}-${width}`);
          await page.goto(`${baseUrl}/geoserver/api`);
          await page.getByTestId('api-result').waitFor();
          await fontsLoaded(page);
          expect(await fullyShown(page, '.gportal-nav-label')).toEqual([]);
          // The auto-sizing SLD area shows the whole sample style, without a scroll bar.
          const sld = page.getByLabel(locale === 'en' ? 'SLD style definition' : 'SLD 样式定义', { exact: true });
          await expect(sld.evaluate((element) => element.scrollHeight - element.clientHeight)).resolves.toBeLessThanOrEqual(1);
          if (font === 'app') await screenshot(page, `geoserver-api-${locale}-${width}`);
          await page.context().close();
        });
      }
    }

    for (const locale of ['zh-CN', 'en'] as const) {
      it(`on a phone (390 px) in ${locale}, in ${FONTS[font]}: the menu is a drawer, the header wraps, nothing scrolls sideways`, async () => {
        const page = await pageAt(390);
        if (font === 'dejavu') await serveDejaVuAsAppFont(page);
        await signIn(page, baseUrl);
        if (locale === 'en') await page.getByText('English', { exact: true }).click();
        const openMenu = page.getByRole('button', { name: locale === 'en' ? 'Menu' : '菜单', exact: true });
        await openMenu.waitFor();
        await expect(page.locator('.ant-layout-sider').count()).resolves.toBe(0);
        await indexDemoShown(page, locale);
        await fontsLoaded(page);
        expect(await fullyShown(page, '.ant-layout-header strong, .ant-layout-header .ant-space-item')).toEqual([]);
        expect(await pageWidth(page)).toBe(390);
        await screenshot(page, `shell-${font}-${locale}-390`);
        // The drawer shows every entry whole, and closes on the screen chosen.
        await openMenu.click();
        const menu = page.getByRole('navigation', { name: locale === 'en' ? 'Navigation' : '导航菜单' });
        await menu.getByRole('link', { name: MENU[locale][0], exact: true }).waitFor();
        await expect(menu.getByRole('link').allTextContents()).resolves.toEqual(MENU[locale]);
        expect(await fullyShown(page, '.gportal-menu-sheet .gportal-nav-label, .gportal-menu-sheet .gportal-nav-group-title')).toEqual([]);
        await screenshot(page, `shell-${font}-${locale}-390-menu`, { fullPage: false });
        // Escape closes it, the focus back on the button that opened it; so does a tap beside it.
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'hidden' });
        await expect(openMenu.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
        await openMenu.click();
        await menu.waitFor();
        await page.mouse.click(370, 400);
        await menu.waitFor({ state: 'hidden' });
        await openMenu.click();
        await menu.getByRole('link', { name: MENU[locale][7], exact: true }).click();
        await page.waitForURL(`${baseUrl}/test-map`);
        await menu.waitFor({ state: 'hidden' });
        expect(await pageWidth(page)).toBe(390);
        await page.context().close();
      });
    }
  }

  it('the side menu collapses to icons and opens every screen', async () => {
    const page = await pageAt(1280);
    await signIn(page, baseUrl);
    const menu = page.getByRole('navigation', { name: '导航菜单' });
    await menu.getByRole('link', { name: 'API 测试' }).click();
    await page.waitForURL(`${baseUrl}/geoserver/api`);
    await menu.getByRole('link', { name: '要素地图' }).click();
    await page.waitForURL(`${baseUrl}/feature-map`);
    await page.getByRole('button', { name: '收起菜单' }).click();
    await page.getByRole('button', { name: '展开菜单' }).waitFor();
    await expect.poll(() => page.locator('.ant-layout-sider').evaluate((element) => element.getBoundingClientRect().width)).toBeLessThan(100);
    // Icons only, each link still named by its whole text; the current page's marked as such.
    await expect(menu.getByRole('link').allTextContents()).resolves.toEqual(MENU['zh-CN']);
    await expect(menu.locator('[aria-current="page"]').allTextContents()).resolves.toEqual(['要素地图']);
    await expect(menu.getByText('演示', { exact: true }).count()).resolves.toBe(0);
    await screenshot(page, 'shell-collapsed');
    await menu.getByRole('link', { name: '管理模块 2' }).click();
    await page.waitForURL(`${baseUrl}/manage/2`);
    await expect.poll(() => menu.locator('[aria-current="page"]').allTextContents()).toEqual(['管理模块 2']);
    await screenshot(page, 'manage-collapsed');
    await page.context().close();
  });

  it('one notice at a time: refused sign-ins replace their notice, and it is gone once signed in', async () => {
    const page = await pageAt(1280);
    await page.goto(`${baseUrl}/login`);
    await page.locator('#username').fill(DEMO.username);
    for (const attempt of ['wrong-1', 'wrong-2', 'wrong-3']) {
      await page.locator('#password').fill(attempt);
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.locator('.ant-notification-notice', { hasText: '用户名或密码错误' }).first().waitFor();
    }
    await page.waitForTimeout(300);
    expect(await page.locator('.ant-notification-notice').count()).toBe(1);
    await page.locator('#password').fill(DEMO.password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(`${baseUrl}/test-index`);
    await expect.poll(() => page.locator('.ant-notification-notice').count()).toBe(0);
    await screenshot(page, 'shell-signed-in-no-notice');
    await page.context().close();
  });

  it('after sign-in the user lands on the page they asked for, else on the landing route', async () => {
    const page = await pageAt(1280);
    await page.goto(`${baseUrl}/feature-map?layer=multipolygon#top`);
    await page.waitForURL(`${baseUrl}/login`);
    await page.locator('#username').fill(DEMO.username);
    await page.locator('#password').fill(DEMO.password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(`${baseUrl}/feature-map?layer=multipolygon#top`);
    // Signing out on purpose asks for nothing: the next sign-in lands on the landing route.
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await signIn(page, baseUrl);
    await page.context().close();
  });

  it('signing out in one tab signs out every tab', async () => {
    const first = await pageAt(1280);
    await signIn(first, baseUrl);
    const second = await first.context().newPage();
    await second.goto(`${baseUrl}/manage/2`);
    await second.getByText('这里是管理模块 2 的内容。').waitFor();
    await first.getByRole('button', { name: '退出登录' }).click();
    await first.waitForURL(`${baseUrl}/login`);
    await second.waitForURL(`${baseUrl}/login`);
    await second.locator('.ant-message-notice', { hasText: '已在其他标签页退出登录' }).waitFor();
    // Signing back in there returns to the page that tab was on.
    await second.locator('#username').fill(DEMO.username);
    await second.locator('#password').fill(DEMO.password);
    await second.getByRole('button', { name: /登\s*录/ }).click();
    await second.waitForURL(`${baseUrl}/manage/2`);
    await first.context().close();
  });
});

describe('the user cache belongs to the signed-in user (map-server sign-in answered by the test)', () => {
  it('another user signing in on the same browser never sees it', async () => {
    const page = await pageAt(1280);
    await page.route('**/config.json', (route) => route.fulfill({ json: { mode: 'map-server' } }));
    await page.route('**/api/auth/token', async (route) => {
      const { username } = route.request().postDataJSON() as { username: string };
      await route.fulfill({ json: { isOk: true, msg: '登录成功', data: { username, token: `t-${username}` } } });
    });
    const input = page.getByPlaceholder('请输入要缓存的值');
    const signInAs = async (username: string) => {
      await page.goto(`${baseUrl}/login`);
      await page.locator('#username').fill(username);
      await page.locator('#password').fill('secret');
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL(`${baseUrl}/test-index`);
    };
    const signOut = async () => {
      await page.getByRole('button', { name: '退出登录' }).click();
      await page.waitForURL(`${baseUrl}/login`);
    };

    await signInAs('alice');
    await input.fill('alice 的值');
    await page.getByRole('button', { name: '设置用户缓存' }).click();
    await page.locator('.ant-message-notice', { hasText: '已缓存' }).waitFor();
    await signOut();

    await signInAs('bob');
    await page.getByRole('button', { name: '获取用户缓存' }).click();
    await page.locator('.ant-message-notice', { hasText: '没有缓存的值' }).waitFor();
    await expect(input.inputValue()).resolves.toBe('');
    await input.fill('bob 的值');
    await page.getByRole('button', { name: '设置用户缓存' }).click();
    await page.getByRole('button', { name: '清除用户缓存' }).click();
    await page.locator('.ant-message-notice', { hasText: '已清除用户缓存' }).waitFor();
    // Clearing empties the input too.
    await expect(input.inputValue()).resolves.toBe('');
    expect(await page.locator('.ant-message-notice').count()).toBe(1);
    await signOut();

    await signInAs('alice');
    await page.getByRole('button', { name: '获取用户缓存' }).click();
    await expect.poll(() => input.inputValue()).toBe('alice 的值');
    await page.context().close();
  });
});
