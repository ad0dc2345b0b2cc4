import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot, signIn } from './browser.js';
import { clickMap, skipAttributes, waitForFeatures, waitForMapReady } from './map-helpers.js';

/**
 * The feature map open in two tabs (pages of one browser context: one profile, one localStorage)
 * on the same layer: the second tab is read-only and says so before
 * any edit; `在此编辑` takes the layer over, with the first tab's unsaved drawing, and a drawing
 * made there is saved. With Web Locks (127.0.0.1 is a secure context) and without them, as on
 * any plain-HTTP address.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const TRIANGLE: Array<[number, number]> = [
  [118.1, 25.6],
  [118.6, 25.6],
  [118.6, 26.0],
];
const SECOND_TRIANGLE: Array<[number, number]> = [
  [117.2, 25.6],
  [117.6, 25.6],
  [117.6, 25.9],
];

async function drawPolygon(page: Page, points: Array<[number, number]>): Promise<void> {
  await page.getByRole('button', { name: '标绘', exact: true }).click();
  for (const [lng, lat] of points) await clickMap(page, lng, lat);
  await clickMap(page, ...(points[0] as [number, number]));
  await skipAttributes(page);
}

async function openTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/feature-map`);
  await waitForMapReady(page, 8);
  return page;
}

const notice = (page: Page) => page.getByTestId('editing-elsewhere');
const badge = (page: Page) => page.getByTestId('pending-badge');
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

describe.each([
  ['with Web Locks', false],
  ['without Web Locks (plain HTTP)', true],
])('two tabs editing one layer, %s', (_name, withoutLocks) => {
  it('the second tab is read-only and says so; 在此编辑 takes the layer over with the first tab`s drawing, and a drawing made there is saved', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    context.setDefaultTimeout(10_000);
    if (withoutLocks) {
      await context.addInitScript(() => {
        // What a plain-HTTP page sees: Web Locks exist only in secure contexts.
        delete (Navigator.prototype as { locks?: unknown }).locks;
      });
    }
    const login = await context.newPage();
    await signIn(login, baseUrl);
    await login.close();

    const first = await openTab(context);
    await expect(first.evaluate(() => 'locks' in navigator)).resolves.toBe(!withoutLocks);
    await expect(notice(first).count()).resolves.toBe(0);
    await drawPolygon(first, TRIANGLE);
    await waitForFeatures(first, 9);
    await expect(badge(first).textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');

    // Before any edit, the second tab says it only shows the layer, and offers to take it over.
    const second = await openTab(context);
    await expect(notice(second).textContent()).resolves.toBe('此图层正在另一个标签页中编辑，这里只能查看。在此编辑');
    await expect(button(second, '标绘').isDisabled()).resolves.toBe(true);
    await expect(button(second, '编辑').isDisabled()).resolves.toBe(true);
    await screenshot(second, `editing-tabs-read-only${withoutLocks ? '-no-locks' : ''}`);
    if (!withoutLocks) {
      // The same notice in English, on a 1024 px screen and on a phone.
      // English shows once its message table has been fetched (the first screen carries Chinese only).
      await second.getByText('English', { exact: true }).click();
      await expect.poll(() => notice(second).textContent(), { timeout: 5000 }).toBe('This layer is being edited in another tab; here you can only view it.Edit here');
      await second.setViewportSize({ width: 1024, height: 768 });
      await screenshot(second, 'editing-tabs-read-only-en-1024');
      await second.setViewportSize({ width: 390, height: 844 });
      await screenshot(second, 'editing-tabs-read-only-en-390');
      await second.setViewportSize({ width: 1280, height: 800 });
      await second.getByText('中文', { exact: true }).click();
    }

    // Taking over: the first tab hands over its unsaved drawing and becomes read-only, saying so.
    await button(second, '在此编辑').click();
    await second.getByTestId('restored-notice').waitFor();
    await waitForFeatures(second, 9);
    await expect(notice(second).count()).resolves.toBe(0);
    await expect(badge(second).textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');
    await expect(notice(first).textContent()).resolves.toBe('此图层已转到另一个标签页编辑，未保存的修改也已一并转过去；这里只能查看。在此编辑');
    await expect(button(first, '标绘').isDisabled()).resolves.toBe(true);
    await screenshot(first, `editing-tabs-handed-over${withoutLocks ? '-no-locks' : ''}`);

    // A drawing made in the second tab is journaled and saved, with the handed-over one.
    await drawPolygon(second, SECOND_TRIANGLE);
    await waitForFeatures(second, 10);
    await expect(badge(second).textContent()).resolves.toBe('未保存：新增 2 · 修改 0 · 删除 0');
    await expect(second.locator('.ant-notification-notice').count()).resolves.toBe(0);
    await button(second, '保存').click();
    await second.locator('.ant-message-notice', { hasText: '已保存：新增 2，修改 0，删除 0' }).waitFor();
    await expect(badge(second).textContent()).resolves.toBe('没有未保存的修改');
    // No notice in either tab mixes in English.
    for (const page of [first, second]) {
      const texts = await page.locator('.ant-alert, .ant-notification-notice, .ant-message-notice').allTextContents();
      expect(texts.join(' ')).not.toMatch(/[A-Za-z]{3,}/);
    }
    await context.close();
  });
});
