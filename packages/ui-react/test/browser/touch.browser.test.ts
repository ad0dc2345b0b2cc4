import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { DEMO, launchChromium, screenshot } from './browser.js';
import { mapPoint, waitForFeatures, waitForMapReady } from './map-helpers.js';

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  // A touch screen: taps, and the compatibility mouse events a browser makes from them.
  context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: 'zh-CN', hasTouch: true });
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.locator('#username').fill(DEMO.username);
  await page.locator('#password').fill(DEMO.password);
  await page.getByRole('button', { name: /登\s*录/ }).tap();
  await page.waitForURL(`${baseUrl}/test-index`);
});

const vertices = () => page.locator('.leaflet-marker-pane .leaflet-editing-icon');

async function tapMap(lng: number, lat: number) {
  const { x, y } = await mapPoint(page, lng, lat);
  await page.touchscreen.tap(x, y);
  await page.waitForTimeout(150);
}

/** A one-finger drag, as raw touch events. */
async function swipe(from: { x: number; y: number }, by: { x: number; y: number }) {
  const cdp = await context.newCDPSession(page);
  const point = (step: number) => [{ x: from.x + (by.x * step) / 10, y: from.y + (by.y * step) / 10 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(0) });
  for (let step = 1; step <= 10; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(step) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForTimeout(300);
}

describe('drawing with touch', () => {
  it('taps add vertices, a tap on the first vertex finishes, dragging the map adds none, and the toolbar answers taps', async () => {
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    await page.getByRole('button', { name: '标绘', exact: true }).tap();
    await tapMap(118.1, 25.6);
    await tapMap(118.6, 25.6);
    await expect(vertices().count()).resolves.toBe(2);

    // Panning the map with a finger while drawing must not drop a vertex (leaflet-draw #935).
    const box = await page.locator('.gportal-map').boundingBox();
    if (!box) throw new Error('no map');
    await swipe({ x: box.x + box.width * 0.3, y: box.y + box.height * 0.7 }, { x: 80, y: -60 });
    await expect(vertices().count()).resolves.toBe(2);

    await tapMap(118.6, 26.0);
    await expect(vertices().count()).resolves.toBe(3);
    await screenshot(page, 'feature-map-touch-drawing');
    await tapMap(118.1, 25.6);
    await waitForFeatures(page, 9);
    await expect(page.getByTestId('pending-badge').textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');
    // The new feature's attribute form answers taps too.
    await page.getByRole('button', { name: '跳过', exact: true }).tap();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: '保存', exact: true }).tap();
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 1，修改 0，删除 0' }).waitFor();
  });

  it('edits a vertex by dragging it with a finger', async () => {
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    await tapMap(119.3, 26.08);
    await page.getByRole('button', { name: '编辑图形', exact: true }).tap();
    // The edited shape's handles are drawn on one canvas, not DOM markers.
    await page.locator('.gportal-vertex-handles[data-vertices="8"]').waitFor();
    await page.waitForTimeout(500);
    const before = await page.getByTestId('measure-readout').textContent();
    await swipe(await mapPoint(page, 119.2, 25.98), { x: -40, y: 30 });
    await page.waitForFunction((text) => document.querySelector('[data-testid="measure-readout"]')?.textContent !== text, before);
    await page.getByRole('button', { name: '完成', exact: true }).tap();
    await expect(page.getByTestId('pending-badge').textContent()).resolves.toBe('未保存：新增 0 · 修改 1 · 删除 0');
  });
});
