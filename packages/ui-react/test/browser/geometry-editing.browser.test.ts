/// <reference types="leaflet-draw" />
import { geodesicArea } from '@gportal/core';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, screenshot, signIn } from './browser.js';
import { clickMap, mapElement, mapPoint, readArea, selectLayer, skipAttributes, toolbarRowsBottom, waitForFeatures, waitForLayerPainted, waitForMapReady, waitForMapStill } from './map-helpers.js';

const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest(async (fresh) => {
  page = fresh;
  await signIn(page, baseUrl);
});

const button = (name: string) => page.getByRole('button', { name, exact: true });
const badge = () => page.getByTestId('pending-badge');
const readout = () => page.getByTestId('measure-readout');
async function waitUntilEnabled(locator: ReturnType<typeof button>) {
  await locator.and(page.locator(':enabled')).waitFor();
}
const drawnVertices = () => page.locator('.leaflet-marker-pane .leaflet-editing-icon');

/** The sample multipolygon layer has 8 towns. */
async function openFeatureMap(count = 8, query = '') {
  await page.goto(`${baseUrl}/feature-map${query}`);
  await waitForMapReady(page, count);
}

describe('a delete mode and drawing that forgive', () => {
  it('in 删除 a second click on a marked feature unmarks it; Escape leaves 删除 and 编辑 as 取消 does', async () => {
    await openFeatureMap();
    await button('删除').click();
    await clickMap(page, 119.3, 26.08);
    await page.getByText('已选 1 个').waitFor();
    await page.locator('.gportal-map[data-marked="1"]').waitFor();
    await screenshot(page, 'feature-map-delete-marked');
    await clickMap(page, 119.3, 26.08);
    await page.getByText('已选 0 个').waitFor();
    await expect(page.locator('.gportal-map[data-marked]').count()).resolves.toBe(0);

    await clickMap(page, 119.3, 26.08);
    await page.getByText('已选 1 个').waitFor();
    await page.keyboard.press('Escape');
    await button('编辑').waitFor();
    await expect(button('取消').count()).resolves.toBe(0);
    await waitForFeatures(page, 8);
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');

    await button('编辑').click();
    await clickMap(page, 119.3, 26.08);
    await page.locator('.gportal-vertex-handles[data-vertices]').waitFor();
    await page.keyboard.press('Escape');
    await button('删除').waitFor();
    await expect(page.locator('.gportal-vertex-handles').count()).resolves.toBe(0);
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');
  });

  it('a refused crossing vertex keeps the drawing and the area read-out of what is drawn', async () => {
    await openFeatureMap();
    await button('标绘').click();
    const triangle: Array<[number, number]> = [[117.0, 25.0], [118.0, 26.0], [118.0, 25.0]];
    for (const [lng, lat] of triangle) await clickMap(page, lng, lat);
    // This edge crosses the first one: refused, and the cursor there would make lobes that cancel out.
    await clickMap(page, 117.0, 26.0);
    await page.getByRole('alert').filter({ hasText: '图形边线不能交叉' }).waitFor();
    await expect(drawnVertices().count()).resolves.toBe(3);
    const text = (await readout().textContent()) ?? '';
    const expected = geodesicArea({ type: 'Polygon', coordinates: [[...triangle, triangle[0] as [number, number]]] });
    expect(Math.abs(readArea(text) - expected) / expected).toBeLessThan(0.03);
    // The drawing goes on from where it was.
    await clickMap(page, 117.0, 25.0);
    await waitForFeatures(page, 9);
    await expect(badge().textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');
    await skipAttributes(page);
  });

  it('a crossing closing edge refuses that click only: the drawing and its read-out stay', async () => {
    await openFeatureMap();
    await button('标绘').click();
    // D → A, the closing edge, crosses B → C; no edge placed before it crosses another.
    const vertices: Array<[number, number]> = [[117.0, 25.0], [117.5, 25.8], [118.0, 25.0], [118.0, 26.0]];
    for (const [lng, lat] of vertices) await clickMap(page, lng, lat);
    await clickMap(page, 117.0, 25.0);
    await page.getByRole('alert').filter({ hasText: '图形边线不能交叉' }).waitFor();
    await screenshot(page, 'feature-map-closing-edge-refused');
    await expect(drawnVertices().count()).resolves.toBe(4);
    await expect(readout().textContent()).resolves.toMatch(/^面积：[\d.]+ (m²|ha|km²)$/);
    await expect(button('取消').count()).resolves.toBe(1);
    await waitForFeatures(page, 8);
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');
  });
});

/** `[south, west, north, east]` of the map's view. */
async function viewBounds(): Promise<[number, number, number, number]> {
  return ((await mapElement(page).getAttribute('data-bounds')) ?? '').split(',').map(Number) as [number, number, number, number];
}

describe('a layer that stays chosen', () => {
  it('keeps the chosen layer in the URL, over a reload, and asks before switching away from unsaved edits', async () => {
    await openFeatureMap(7, '?layer=store_33:line');
    const select = page.getByRole('combobox', { name: '图层类型' });
    await expect(select.inputValue()).resolves.toBe('line');

    await selectLayer(page, '多线');
    await page.waitForURL(/layer=store_33%3Amultiline$/);
    // The URL follows the layer's type name, before its features are drawn: the sample's 8 lines.
    await waitForMapReady(page, 8);
    await page.reload();
    await waitForMapReady(page, 8);
    await expect(select.inputValue()).resolves.toBe('multiline');

    await selectLayer(page, '线');
    await page.waitForURL(/layer=store_33%3Aline$/);
    await waitForMapReady(page, 7);
    await button('画线').click();
    await clickMap(page, 117.0, 25.2);
    await clickMap(page, 117.5, 25.6);
    await clickMap(page, 117.5, 25.6);
    await waitForFeatures(page, 8);
    await skipAttributes(page);

    await selectLayer(page, '多面');
    const dialog = page.getByRole('dialog');
    await dialog.locator('.ant-modal-confirm-title', { hasText: '有未保存的修改，确定切换图层？' }).waitFor();
    await screenshot(page, 'feature-map-switch-confirm');
    await dialog.getByRole('button', { name: '留下' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(select.inputValue()).resolves.toBe('line');
    await expect(badge().textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');
    expect(page.url()).toMatch(/layer=store_33%3Aline$/);

    await selectLayer(page, '多面');
    await page.getByRole('dialog').getByRole('button', { name: '切换' }).click();
    await waitForMapReady(page, 8);
    await expect(select.inputValue()).resolves.toBe('multipolygon');
    await page.waitForURL(/layer=store_33%3Amultipolygon$/);
  });

  it('after a restore the view fits the loaded features and the restored drafts', async () => {
    await openFeatureMap();
    // Far out, where the fit to the towns alone does not reach (缩小: Leaflet's zoom out, named from the table).
    await page.getByRole('button', { name: '缩小' }).click();
    await page.getByRole('button', { name: '缩小' }).click();
    await page.waitForTimeout(600);
    const [south, west, north, east] = await viewBounds();
    const at = (x: number, y: number): [number, number] => [west + (east - west) * x, north - (north - south) * y];
    const triangle = [at(0.05, 0.2), at(0.12, 0.2), at(0.12, 0.3)];
    await button('标绘').click();
    for (const [lng, lat] of triangle) await clickMap(page, lng, lat);
    await clickMap(page, ...(triangle[0] as [number, number]));
    await waitForFeatures(page, 9);
    await skipAttributes(page);

    await page.reload();
    await page.getByTestId('restored-notice').waitFor();
    await waitForMapReady(page, 9);
    // The second fit (to the drafts too) may still be zooming on a loaded machine.
    const outside = async () => {
      const [s, w, n, e] = await viewBounds();
      return triangle.filter(([lng, lat]) => !(lng > w && lng < e && lat > s && lat < n));
    };
    await expect.poll(outside, { timeout: 5000 }).toEqual([]);
    await screenshot(page, 'feature-map-restored-fit');
  });
});

describe('points', () => {
  it('画点 is enabled only on the point layer, draws a point there and saves it; the point moves in 编辑', async () => {
    await openFeatureMap();
    await expect(button('画点').isDisabled()).resolves.toBe(true);
    await selectLayer(page, '点');
    await waitForMapReady(page, 8);
    await waitUntilEnabled(button('画点'));
    await expect(button('标绘').isDisabled()).resolves.toBe(true);
    await expect(button('画线').isDisabled()).resolves.toBe(true);

    await button('画点').click();
    await page.getByText('单击地图放置点；按 Esc 取消。').waitFor();
    await clickMap(page, 117.2, 25.3);
    await waitForFeatures(page, 9);
    await expect(badge().textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');
    await skipAttributes(page);
    await expect(page.locator('.leaflet-marker-pane .gportal-marker').count()).resolves.toBe(9);
    await screenshot(page, 'feature-map-point-drawn');
    // The toolbar with 画点 at the narrowest desktop width, in the longer language.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByText('English', { exact: true }).click();
    await page.getByRole('button', { name: 'Draw point', exact: true }).waitFor();
    await screenshot(page, 'feature-map-point-toolbar-en-1024');
    await page.getByText('中文', { exact: true }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await button('保存').click();
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 1，修改 0，删除 0' }).waitFor();

    // 编辑: click the new point, drag it, keep it.
    await button('编辑').click();
    const from = await mapPoint(page, 117.2, 25.3);
    await page.mouse.click(from.x, from.y);
    const handle = page.locator('.leaflet-marker-pane .gportal-marker-unsaved.leaflet-marker-draggable');
    await handle.waitFor();
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y + 20, { steps: 5 });
    await page.mouse.up();
    await button('完成').click();
    await expect(badge().textContent()).resolves.toBe('未保存：新增 0 · 修改 1 · 删除 0');
    await page.reload();
    await waitForMapReady(page, 9);
    await expect(page.getByRole('combobox', { name: '图层类型' }).inputValue()).resolves.toBe('point');
  });

  it('画点 on the map test draws on the point layer only', async () => {
    await page.goto(`${baseUrl}/test-map`);
    await waitForMapReady(page, 8);
    await expect(button('画点').isDisabled()).resolves.toBe(true);
    await selectLayer(page, '点');
    await waitForMapReady(page, 8);
    await waitUntilEnabled(button('画点'));
    await button('画点').click();
    await clickMap(page, 117.2, 25.3);
    await waitForFeatures(page, 9);
    await expect(badge().textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');
    await skipAttributes(page);
    // Another layer with the point unsaved: asked first, as on the feature map.
    await selectLayer(page, '多面');
    await page.getByRole('dialog').getByRole('button', { name: '留下' }).click();
    await expect(page.getByRole('combobox', { name: '图层类型' }).inputValue()).resolves.toBe('point');
    await waitForFeatures(page, 9);
  });
});

describe('the loaded layer (spec section 2)', () => {
  const infoMarker = () => page.getByRole('button', { name: '图层信息' });
  const popup = () => page.locator('.leaflet-popup .gportal-layer-info');

  it('shows a marker at the centre of the loaded features with an info popup from the template, in the active language', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await openFeatureMap();
    // The view is fitted to the padded bounds of the features in the map's part below the
    // toolbar's rows: their centre is that part's centre.
    const [marker, map, top] = await Promise.all([infoMarker().boundingBox(), mapElement(page).boundingBox(), toolbarRowsBottom(page)]);
    if (!marker || !map) throw new Error('no marker or map');
    const clear = { top, bottom: map.y + map.height };
    expect(Math.abs(marker.x + marker.width / 2 - (map.x + map.width / 2))).toBeLessThan(2);
    expect(Math.abs(marker.y + marker.height / 2 - (clear.top + clear.bottom) / 2)).toBeLessThan(2);
    expect([marker.width, marker.height]).toEqual([24, 24]);

    await infoMarker().click();
    const info = (await popup().textContent()) ?? '';
    expect(info).toMatch(/^store_33:multipolygon\n要素：8 个\n范围：1\d\d\.\d{4}, 2\d\.\d{4} – 1\d\d\.\d{4}, 2\d\.\d{4}$/);
    // The marker stands at the centre of the bounds the popup gives, wherever the popup's pan left the view.
    const [west, south, east, north] = (info.split('：').at(-1) ?? '').split(/, | – /).map(Number) as [number, number, number, number];
    await waitForMapStill(page);
    const [centre, moved] = await Promise.all([mapPoint(page, (west + east) / 2, (south + north) / 2), infoMarker().boundingBox()]);
    expect(Math.abs((moved?.x ?? 0) + 12 - centre.x)).toBeLessThan(2);
    expect(Math.abs((moved?.y ?? 0) + 12 - centre.y)).toBeLessThan(2);
    await screenshot(page, 'feature-map-layer-info-zh-1024');
    await page.getByText('English', { exact: true }).click();
    await expect.poll(() => popup().textContent()).toMatch(/^store_33:multipolygon\nFeatures: 8\nBounds: /);
    await page.setViewportSize({ width: 1280, height: 800 });
    // The map's layers are redrawn for the wider element once it has stopped changing size.
    await waitForMapStill(page);
    await waitForLayerPainted(page);
    await screenshot(page, 'feature-map-layer-info-en-1280');

    // A tool hides it; another layer moves it and counts again.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Layer information' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await selectLayer(page, 'Line', 'Layer type');
    await waitForMapReady(page, 7);
    await page.getByRole('button', { name: 'Layer information' }).click();
    await expect(popup().textContent()).resolves.toMatch(/^store_33:line\nFeatures: 7\n/);
  });

  it('takes layerInfoTemplate from config.json and shows it as text', async () => {
    await page.route('**/config.json', (route) => route.fulfill({ json: { layerInfoTemplate: { 'zh-CN': '<b>{title}</b> 共 {count} 个 {north}', en: '{count} in {title}' } } }));
    await openFeatureMap();
    await infoMarker().click();
    await expect(popup().textContent()).resolves.toMatch(/^<b>store_33:multipolygon<\/b> 共 8 个 2\d\.\d{4}$/);
    await expect(popup().locator('b').count()).resolves.toBe(0);
    await page.getByText('English', { exact: true }).click();
    await expect.poll(() => popup().textContent()).toBe('8 in store_33:multipolygon');
  });
});
