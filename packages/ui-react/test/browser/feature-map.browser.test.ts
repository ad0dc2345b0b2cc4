import { geodesicArea, geodesicLength } from '@gportal/core';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, screenshot, signIn } from './browser.js';
import { clickMap, mapElement, mapPoint, readArea, readLength, selectLayer, waitForFeatures, waitForMapReady } from './map-helpers.js';

const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest(async (fresh) => {
  page = fresh;
  await signIn(page, baseUrl);
});

const button = (name: string) => page.getByRole('button', { name, exact: true });
const badge = () => page.getByTestId('pending-badge');
const readout = () => page.getByTestId('measure-readout');

/** The sample multipolygon layer has 8 towns. */
async function openFeatureMap(count = 8) {
  await page.goto(`${baseUrl}/feature-map`);
  await waitForMapReady(page, count);
}

const TRIANGLE: Array<[number, number]> = [
  [118.1, 25.6],
  [118.6, 25.6],
  [118.6, 26.0],
];

async function drawPolygon(points: Array<[number, number]>) {
  await button('标绘').click();
  for (const [lng, lat] of points) await clickMap(page, lng, lat);
  const [firstLng, firstLat] = points[0] as [number, number];
  await clickMap(page, firstLng, firstLat);
}

describe('feature map (embedded default)', () => {
  it('draws a polygon by clicking points with the area read out, saves it, and finds it after a reload', async () => {
    await openFeatureMap();
    await screenshot(page, 'feature-map');
    await button('标绘').click();
    for (const [lng, lat] of TRIANGLE) await clickMap(page, lng, lat);
    const text = (await readout().textContent()) ?? '';
    expect(text).toMatch(/^面积：[\d.]+ (m²|ha|km²)$/);
    const expected = geodesicArea({ type: 'Polygon', coordinates: [[...TRIANGLE, TRIANGLE[0] as [number, number]]] });
    // The clicks land on whole pixels, a few hundred metres from the exact positions.
    expect(Math.abs(readArea(text) - expected) / expected).toBeLessThan(0.03);
    await screenshot(page, 'feature-map-drawing-polygon');

    await clickMap(page, ...(TRIANGLE[0] as [number, number]));
    await waitForFeatures(page, 9);
    await expect(badge().textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');
    await screenshot(page, 'feature-map-drawn-unsaved');

    await button('保存').click();
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 1，修改 0，删除 0' }).waitFor();
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');
    await screenshot(page, 'feature-map-saved');

    await page.reload();
    await waitForMapReady(page, 9);
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');
  });
});
