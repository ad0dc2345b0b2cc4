/// <reference types="leaflet-draw" />
import { geodesicArea } from '@gportal/core';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, screenshot, signIn } from './browser.js';
import { clickMap, readArea, waitForFeatures, waitForMapReady } from './map-helpers.js';

const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest(async (fresh) => {
  page = fresh;
  await signIn(page, baseUrl);
});

const button = (name: string) => page.getByRole('button', { name, exact: true });
const badge = () => page.getByTestId('pending-badge');
const readout = () => page.getByTestId('measure-readout');
const drawnVertices = () => page.locator('.leaflet-marker-pane .leaflet-editing-icon');

/** The sample multipolygon layer has 8 towns. */
async function openFeatureMap(count = 8, query = '') {
  await page.goto(`${baseUrl}/feature-map${query}`);
  await waitForMapReady(page, count);
}

describe('a delete mode and drawing that forgive (issue 20)', () => {
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
