import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, screenshot, signIn } from './browser.js';
import { clickMap, mapPoint, waitForFeatures, waitForMapReady, waitForMapStill } from './map-helpers.js';

const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest(async (fresh) => {
  page = fresh;
  await signIn(page, baseUrl);
});

const button = (name: string) => page.getByRole('button', { name, exact: true });
const snapMarker = () => page.locator('.gportal-snap-marker');

async function openFeatureMap() {
  await page.goto(`${baseUrl}/feature-map`);
  await waitForMapReady(page, 8);
}

/** A click `dx`, `dy` pixels away from a lon/lat position. */
async function clickNear(lng: number, lat: number, dx: number, dy: number) {
  const { x, y } = await mapPoint(page, lng, lat);
  await page.mouse.click(x + dx, y + dy);
  await page.waitForTimeout(120);
}

describe('吸附 (snapping)', () => {
  it('is on by default: a vertex placed near a neighbour’s vertex lands on it and the marker shows where', async () => {
    await openFeatureMap();
    await expect(button('吸附').getAttribute('aria-pressed')).resolves.toBe('true');
    await button('标绘').click();
    // Xiamen's larger square has a corner at 118.19, 24.58 (sample-seed.ts).
    await clickNear(118.19, 24.58, 5, -4);
    await snapMarker().and(page.locator('[data-snap="vertex"]')).waitFor();
    const [marker, corner] = await Promise.all([snapMarker().boundingBox(), mapPoint(page, 118.19, 24.58)]);
    expect(Math.abs((marker?.x ?? 0) + (marker?.width ?? 0) / 2 - corner.x)).toBeLessThan(1);
    expect(Math.abs((marker?.y ?? 0) + (marker?.height ?? 0) / 2 - corner.y)).toBeLessThan(1);
    // The drawing's first point is on the corner, not where the click was.
    const first = await page.locator('.leaflet-marker-pane .leaflet-editing-icon').first().boundingBox();
    expect(Math.abs((first?.x ?? 0) + (first?.width ?? 0) / 2 - corner.x)).toBeLessThan(1);
    await screenshot(page, 'feature-map-snap-zh', { fullPage: false });
    // Far from every feature: no snapping, the marker goes.
    await clickMap(page, 118.6, 24.3);
    await snapMarker().waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await page.getByText('English', { exact: true }).click();
    await button('Snap').waitFor();
    await screenshot(page, 'feature-map-snap-en', { fullPage: false });
  });

  it('snaps a dragged vertex of a shape edit onto a neighbour’s vertex', async () => {
    await openFeatureMap();
    await clickMap(page, 119.3, 26.08);
    await button('编辑图形').click();
    await page.locator('.gportal-vertex-handles[data-vertices="8"]').waitFor();
    await waitForMapStill(page);
    // Fuzhou's south-west corner, dragged to 4 px beside Putian's north-east corner (119.1, 25.55).
    const [from, target] = await Promise.all([mapPoint(page, 119.2, 25.98), mapPoint(page, 119.1, 25.55)]);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(target.x + 4, target.y - 3, { steps: 10 });
    await snapMarker().and(page.locator('[data-snap="vertex"]')).waitFor();
    const marker = await snapMarker().boundingBox();
    expect(Math.abs((marker?.x ?? 0) + (marker?.width ?? 0) / 2 - target.x)).toBeLessThan(1);
    expect(Math.abs((marker?.y ?? 0) + (marker?.height ?? 0) / 2 - target.y)).toBeLessThan(1);
    await page.mouse.up();
    await screenshot(page, 'feature-map-snap-drag-zh', { fullPage: false });
    await button('完成').click();
    await page.getByTestId('pending-badge').filter({ hasText: '未保存：新增 0 · 修改 1 · 删除 0' }).waitFor();
  });

  it('turned off, places the vertex where it was clicked, and stays off over a reload', async () => {
    await openFeatureMap();
    await button('吸附').click();
    await expect(button('吸附').getAttribute('aria-pressed')).resolves.toBe('false');
    await page.reload();
    await waitForMapReady(page, 8);
    await expect(button('吸附').getAttribute('aria-pressed')).resolves.toBe('false');
    await button('标绘').click();
    await clickNear(118.19, 24.58, 5, -4);
    const [first, corner] = await Promise.all([page.locator('.leaflet-marker-pane .leaflet-editing-icon').first().boundingBox(), mapPoint(page, 118.19, 24.58)]);
    expect(Math.abs((first?.x ?? 0) + (first?.width ?? 0) / 2 - (corner.x + 5))).toBeLessThan(1.5);
    await expect(snapMarker().count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await waitForFeatures(page, 8);
  });
});
