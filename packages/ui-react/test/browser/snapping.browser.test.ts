import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, screenshot, signIn } from './browser.js';
import { clickMap, mapPoint, waitForFeatures, waitForMapReady } from './map-helpers.js';

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
