import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, languageShown, launchChromium, screenshot } from './browser.js';
import { mapElement, mapPoint, NORTHMOST_SAMPLE_LAT, toolbarRowsBottom, waitForFeatures, waitForMapReady, waitForMapStill } from './map-helpers.js';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A phone and a tablet, held upright. On the phone the map is too small for the toolbar's dozen
 * buttons, which fold behind 工具; on the tablet they take two rows, under a tenth of the map,
 * and stay one tap away (folding-toolbar.tsx).
 */
const DEVICES = [
  { name: 'phone', width: 390, height: 844, folded: true },
  { name: 'tablet', width: 768, height: 1024, folded: false },
] as const;
type Device = (typeof DEVICES)[number];

const NAMES = {
  'zh-CN': { tools: '工具', menu: '菜单', draw: '标绘', drawHint: '轻触地图添加顶点；标绘时轻触第一个点完成，画线时轻触最后一个点完成，或点“完成”。', finish: '完成', cancel: '取消', skip: '跳过', undo: '撤销', navigation: '导航菜单', testMap: '地图测试' },
  en: { tools: 'Tools', menu: 'Menu', draw: 'Draw polygon', drawHint: 'Tap the map to add vertices; tap the first point to finish a polygon, the last one to finish a line, or press Finish.', finish: 'Finish', cancel: 'Cancel', skip: 'Skip', undo: 'Undo', navigation: 'Navigation', testMap: 'Map test' },
} as const;

/** A touch screen that reports itself as a mobile device: content wider than the screen would widen the page's viewport. */
async function signedInOn(device: Device): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: device.width, height: device.height }, locale: 'zh-CN', hasTouch: true, isMobile: true });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.locator('#username').fill(DEMO.username);
  await page.locator('#password').fill(DEMO.password);
  await page.getByRole('button', { name: /登\s*录/ }).tap();
  await page.waitForURL(`${baseUrl}/test-index`);
  return { context, page };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The page's width and scroll width, and where the map and its toolbar are. */
function measure(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`no ${selector}`);
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    };
    return { innerWidth, innerHeight, scrollWidth: document.scrollingElement?.scrollWidth ?? Infinity, map: box('.gportal-map'), toolbar: box('.gportal-toolbar') };
  });
}

const area = (box: Box) => box.width * box.height;

/** No sideways scroll; the map spans the screen's width and 60 % of its height; the toolbar covers a quarter of the map at most. */
async function expectMapLayout(page: Page, device: Device): Promise<void> {
  const { innerWidth, innerHeight, scrollWidth, map, toolbar } = await measure(page);
  // On a mobile device a wider page widens the viewport itself (the page is zoomed out).
  expect(innerWidth).toBe(device.width);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  expect(map.x).toBe(0);
  expect(map.width).toBe(innerWidth);
  expect(map.height).toBeGreaterThanOrEqual(0.6 * innerHeight);
  expect(area(toolbar)).toBeLessThanOrEqual(0.25 * area(map));
}

/** The button that shows the folded tools, on a folded toolbar. */
const toolsButton = (page: Page, locale: 'zh-CN' | 'en' = 'zh-CN') => page.getByRole('toolbar').getByRole('button', { name: NAMES[locale].tools, exact: true });

/** Shows the folded tools (nothing to do when they are not folded). */
async function openTools(page: Page, device: Device, locale: 'zh-CN' | 'en' = 'zh-CN'): Promise<void> {
  if (!device.folded) return;
  await expect(toolsButton(page, locale).getAttribute('aria-expanded')).resolves.toBe('false');
  await toolsButton(page, locale).tap();
  await page.locator('.gportal-tools:not([hidden])').waitFor();
}

/** Taps a tool, first showing the folded tools; a tool that starts or ends folds them again. */
async function tapTool(page: Page, device: Device, name: string, locale: 'zh-CN' | 'en' = 'zh-CN'): Promise<void> {
  await openTools(page, device, locale);
  await page.getByRole('button', { name, exact: true }).tap();
}

/**
 * Taps an action of the running mode (完成, 保存, 取消): one tap, beside 工具 on a folded
 * toolbar (by its icon), with the tools left folded.
 */
async function tapAction(page: Page, device: Device, name: string, locale: 'zh-CN' | 'en' = 'zh-CN'): Promise<void> {
  if (device.folded) await expect(toolsButton(page, locale).getAttribute('aria-expanded')).resolves.toBe('false');
  const action = page.getByRole('toolbar').getByRole('button', { name, exact: true });
  await expect(action.isVisible()).resolves.toBe(true);
  await action.tap();
}

async function tapMap(page: Page, lng: number, lat: number): Promise<void> {
  const { x, y } = await mapPoint(page, lng, lat);
  await page.touchscreen.tap(x, y);
  await page.waitForTimeout(150);
}

/** Where a screen point is on the map (the inverse of `mapPoint`: linear in EPSG:4326). */
async function lngLatAt(page: Page, point: { x: number; y: number }): Promise<[number, number]> {
  const [bounds, box] = await Promise.all([mapElement(page).getAttribute('data-bounds'), mapElement(page).boundingBox()]);
  if (!bounds || !box) throw new Error('the map has no bounds yet');
  const [south, west, north, east] = bounds.split(',').map(Number) as [number, number, number, number];
  return [west + ((point.x - box.x) / box.width) * (east - west), north - ((point.y - box.y) / box.height) * (north - south)];
}

/** A one-finger drag, as raw touch events. */
async function swipe(context: BrowserContext, page: Page, from: { x: number; y: number }, by: { x: number; y: number }): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const point = (step: number) => [{ x: from.x + (by.x * step) / 10, y: from.y + (by.y * step) / 10 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(0) });
  for (let step = 1; step <= 10; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(step) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForTimeout(300);
}

/** Whether the edited shape's handle canvas has a handle (an opaque pixel) at each screen point. */
function handlesAt(page: Page, points: Array<{ x: number; y: number }>): Promise<boolean[]> {
  return page.locator('.gportal-vertex-handles').evaluate((canvas, at) => {
    const box = canvas.getBoundingClientRect();
    const ratio = (canvas as HTMLCanvasElement).width / box.width;
    const context = (canvas as HTMLCanvasElement).getContext('2d');
    return at.map(({ x, y }) => context?.getImageData(Math.floor((x - box.left) * ratio), Math.floor((y - box.top) * ratio), 1, 1).data[3] === 255);
  }, points);
}

/** In the sea south-east of Quanzhou: no sample feature within snapping reach of its corners (sample-seed.ts). */
const TRIANGLE: Array<[number, number]> = [
  [118.95, 24.35],
  [119.35, 24.35],
  [119.35, 24.75],
];
const INSIDE_TRIANGLE: [number, number] = [119.22, 24.48];

describe.each(DEVICES)('the feature map on a $name ($width × $height), by touch', (device) => {
  it.each(['zh-CN', 'en'] as const)('fits the screen in %s: no sideways scroll, a full-width map, the tools folded where the map is small, the menu in a drawer', async (locale) => {
    const { context, page } = await signedInOn(device);
    const names = NAMES[locale];
    if (locale === 'en') {
      await page.getByText('English', { exact: true }).tap();
      await languageShown(page, 'en');
    }
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    await expect(page.locator('.ant-layout-sider').count()).resolves.toBe(0);
    await expect(toolsButton(page, locale).count()).resolves.toBe(device.folded ? 1 : 0);
    await expect(page.getByRole('button', { name: names.draw, exact: true }).isVisible()).resolves.toBe(!device.folded);
    await expectMapLayout(page, device);
    // The fit leaves the toolbar's rows clear (the folded row, the tablet's two): the northmost town lies below them.
    expect((await mapPoint(page, 118.18, NORTHMOST_SAMPLE_LAT)).y).toBeGreaterThan(await toolbarRowsBottom(page));
    await screenshot(page, `phone-tablet-${device.width}-${locale}-tools-${device.folded ? 'folded' : 'shown'}`, { fullPage: false });

    if (device.folded) {
      await expect(toolsButton(page, locale).getAttribute('aria-expanded')).resolves.toBe('false');
      await openTools(page, device, locale);
      await expect(toolsButton(page, locale).getAttribute('aria-expanded')).resolves.toBe('true');
      // The open tools stay inside the map and the screen.
      const [{ map }, panel] = await Promise.all([measure(page), page.locator('.gportal-tools').boundingBox()]);
      expect(panel && panel.x >= map.x && panel.x + panel.width <= map.x + map.width && panel.y + panel.height <= map.y + map.height).toBe(true);
      await screenshot(page, `phone-tablet-${device.width}-${locale}-tools-open`, { fullPage: false });
      // A tap on the map folds them again.
      const { x, y } = await mapPoint(page, 117.3, 24.0);
      await page.touchscreen.tap(x, y);
      await page.locator('.gportal-tools[hidden]').waitFor({ state: 'attached' });
      await expect(toolsButton(page, locale).getAttribute('aria-expanded')).resolves.toBe('false');
    }

    // While drawing, the hint is shown under the tools, 完成 and 取消 beside them: still at most a quarter of the map.
    await tapTool(page, device, names.draw, locale);
    await page.locator('.gportal-hint:not(.gportal-keys)').waitFor();
    // A touch screen's hint speaks of taps, and of no Esc key.
    await expect(page.locator('.gportal-hint:not(.gportal-keys)').textContent()).resolves.toBe(names.drawHint);
    await expectMapLayout(page, device);
    // Every one of the tool's own buttons lies inside the map, in either language: beside 工具, the
    // English ones once ran off its left edge.
    const { map: drawingMap } = await measure(page);
    const actionBoxes = await page.locator('.gportal-toolbar-actions .ant-btn').evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().toJSON() as { x: number; width: number }));
    expect(actionBoxes.length).toBeGreaterThanOrEqual(3);
    for (const box of actionBoxes) expect(box.x >= drawingMap.x && box.x + box.width <= drawingMap.x + drawingMap.width, JSON.stringify(box)).toBe(true);
    const finish = page.getByRole('toolbar').getByRole('button', { name: names.finish, exact: true });
    await expect(finish.isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('toolbar').getByRole('button', { name: names.cancel, exact: true }).isVisible()).resolves.toBe(true);
    // The keyboard's crosshair stays hidden after a tap: in the middle of the map it would look like a target.
    await expect(page.getByTestId('draw-crosshair').evaluate((mark) => mark.classList.contains('gportal-crosshair-shown'))).resolves.toBe(false);
    await screenshot(page, `phone-tablet-${device.width}-${locale}-drawing`, { fullPage: false });
    // 完成 finishes the shape once it has its three points, as a tap on the first one does.
    for (const [lng, lat] of TRIANGLE) await tapMap(page, lng, lat);
    await expectMapLayout(page, device);
    await screenshot(page, `phone-tablet-${device.width}-${locale}-drawing-finish`, { fullPage: false });
    await tapAction(page, device, names.finish, locale);
    await page.getByRole('button', { name: names.skip, exact: true }).tap();
    await waitForFeatures(page, 9);
    // Taken back, so the screen can be left without the unsaved-edits question.
    await tapTool(page, device, names.undo, locale);
    await waitForFeatures(page, 8);

    // The side menu is a drawer: it opens from the header and goes to another screen.
    await page.getByRole('button', { name: names.menu, exact: true }).tap();
    const menu = page.getByRole('navigation', { name: names.navigation });
    await menu.getByRole('link', { name: names.testMap, exact: true }).tap();
    await page.waitForURL(`${baseUrl}/test-map`);
    await menu.waitFor({ state: 'hidden' });
    // The map test's 500 px map narrows to the screen rather than widen the page.
    await waitForMapReady(page, 8);
    const testMap = await measure(page);
    expect(testMap.innerWidth).toBe(device.width);
    expect(testMap.scrollWidth).toBeLessThanOrEqual(testMap.innerWidth);
    expect(testMap.map.x + testMap.map.width).toBeLessThanOrEqual(testMap.innerWidth);
    expect(testMap.map.width).toBe(Math.min(500, testMap.innerWidth - 24));
    expect(area(testMap.toolbar)).toBeLessThanOrEqual(0.25 * area(testMap.map));
    await screenshot(page, `phone-tablet-${device.width}-${locale}-test-map`, { fullPage: false });
    await context.close();
  });

  // The test taps at a brisk pace, about 200 ms apart: Leaflet would take two taps as a double tap
  // and zoom mid-drawing, were that zoom not off while a tool draws (use-draw-tool.ts).
  it('draws, edits a vertex, deletes and saves by touch; the saved state is there after a reload', async () => {
    const { context, page } = await signedInOn(device);
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    const badge = page.getByTestId('pending-badge');

    // Draw: tap the corners, then the first corner again.
    await tapTool(page, device, '标绘');
    if (device.folded) await expect(toolsButton(page).getAttribute('aria-expanded')).resolves.toBe('false');
    const view = await mapElement(page).getAttribute('data-bounds');
    for (const [lng, lat] of TRIANGLE) await tapMap(page, lng, lat);
    await tapMap(page, ...(TRIANGLE[0] as [number, number]));
    // The new feature's attribute form opens; a tap skips it.
    await page.getByRole('button', { name: '跳过', exact: true }).tap();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await waitForFeatures(page, 9);
    // No two taps made a double-tap zoom: the view is the one drawn on.
    await expect(mapElement(page).getAttribute('data-bounds')).resolves.toBe(view);
    await expect(badge.textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');
    await tapTool(page, device, '保存');
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 1，修改 0，删除 0' }).waitFor();

    // Edit: pick the triangle, drag its north-east corner with a finger, keep the shape.
    await tapTool(page, device, '编辑');
    await tapMap(page, ...INSIDE_TRIANGLE);
    await page.locator('.gportal-vertex-handles[data-vertices="3"]').waitFor();
    await page.waitForTimeout(300);
    const corner = await mapPoint(page, ...(TRIANGLE[2] as [number, number]));
    const before = await page.getByTestId('measure-readout').textContent();
    await swipe(context, page, corner, { x: -30, y: 30 });
    await page.waitForFunction((text) => document.querySelector('[data-testid="measure-readout"]')?.textContent !== text, before);
    const moved = await lngLatAt(page, { x: corner.x - 30, y: corner.y + 30 });
    await expectMapLayout(page, device);
    await screenshot(page, `phone-tablet-${device.width}-zh-CN-editing`, { fullPage: false });
    await tapAction(page, device, '完成');
    await expect(badge.textContent()).resolves.toBe('未保存：新增 0 · 修改 1 · 删除 0');

    // Delete: mark Xiamen's larger square, keep the mark.
    await tapTool(page, device, '删除');
    await tapMap(page, 118.09, 24.48);
    await page.getByText('已选 1 个').waitFor();
    await expectMapLayout(page, device);
    await screenshot(page, `phone-tablet-${device.width}-zh-CN-deleting`, { fullPage: false });
    await tapAction(page, device, '完成');
    await waitForFeatures(page, 8);
    await expect(badge.textContent()).resolves.toBe('未保存：新增 0 · 修改 1 · 删除 1');

    await tapTool(page, device, '保存');
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 0，修改 1，删除 1' }).waitFor();
    await expect(badge.textContent()).resolves.toBe('没有未保存的修改');

    // After a reload: 8 features (Xiamen gone, the triangle there), its corner where the finger left it.
    await page.reload();
    await waitForMapReady(page, 8);
    await expect(badge.textContent()).resolves.toBe('没有未保存的修改');
    await tapMap(page, ...INSIDE_TRIANGLE);
    await page.getByRole('button', { name: '编辑图形', exact: true }).tap();
    await page.locator('.gportal-vertex-handles[data-vertices="3"]').waitFor();
    await waitForMapStill(page);
    const [now, old] = await Promise.all([mapPoint(page, ...moved), mapPoint(page, ...(TRIANGLE[2] as [number, number]))]);
    expect(await handlesAt(page, [now, old])).toEqual([true, false]);
    await tapAction(page, device, '取消');
    await tapMap(page, 118.09, 24.48);
    await expect(page.getByTestId('feature-properties').count()).resolves.toBe(0);
    await context.close();
    // Some thirty taps, two saves and a reload: longer than one test's default time on a loaded machine.
  }, 60_000);
});
