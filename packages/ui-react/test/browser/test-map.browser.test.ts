import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, screenshot, signIn } from './browser.js';
import { clickMap, mapElement, selectLayer, skipAttributes, waitForFeatures, waitForMapReady } from './map-helpers.js';

const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest(async (fresh) => {
  page = fresh;
  await signIn(page, baseUrl);
});

const button = (name: string) => page.getByRole('button', { name, exact: true });

/** The sample layers (sample-seed.ts): 8 towns, 7 lines between neighbours, each town's two stations. */
const LAYERS: Array<{ label: string; kind: string; count: number; markers?: number }> = [
  { label: '点', kind: 'point', count: 8 },
  { label: '线', kind: 'line', count: 7 },
  { label: '面', kind: 'polygon', count: 8 },
  { label: '多面', kind: 'multipolygon', count: 8 },
  { label: '多线', kind: 'multiline', count: 8 },
  { label: '多点', kind: 'multipoint', count: 8, markers: 16 },
];

describe('map test (/test-map)', () => {
  it('is a 500 × 500 map whose layer-type dropdown redraws it with each layer', async () => {
    await page.goto(`${baseUrl}/test-map`);
    await waitForMapReady(page, 8);
    const box = await mapElement(page).boundingBox();
    expect([box?.width, box?.height]).toEqual([500, 500]);
    for (const { label, kind, count, markers: points } of LAYERS) {
      await selectLayer(page, label);
      await waitForMapReady(page, count);
      // Points are 24 × 24 markers (a multi-point's, one each); the other kinds are drawn on the one canvas.
      const markers = page.locator('.leaflet-marker-pane .gportal-marker');
      // Polled: after the multi-line layer the map already holds 8 features as the points arrive.
      await expect.poll(() => markers.count()).toBe(kind === 'point' ? count : (points ?? 0));
      if (kind === 'point') expect((await markers.first().boundingBox())?.width).toBe(24);
      await expect(page.locator('.leaflet-overlay-pane canvas').count()).resolves.toBeGreaterThan(0);
      await screenshot(page, `test-map-${kind}`);
    }
  });

  it('saves what was drawn with the submit-map-data button', async () => {
    await page.goto(`${baseUrl}/test-map`);
    await waitForMapReady(page, 8);
    await button('标绘').click();
    for (const [lng, lat] of [
      [118.0, 25.2],
      [118.4, 25.2],
      [118.4, 25.6],
      [118.0, 25.2],
    ] as const) {
      await clickMap(page, lng, lat);
    }
    await waitForFeatures(page, 9);
    await skipAttributes(page);
    await button('提交地图数据').click();
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 1，修改 0，删除 0' }).waitFor();
    await page.reload();
    await waitForMapReady(page, 9);
  });

  it.each([
    ['zh-CN', '提交地图数据', '没有需要保存的修改。'],
    ['en', 'Submit map data', 'There is nothing to save: no changes are pending.'],
  ] as const)('(%s) with nothing pending, the submit-map-data button says there is nothing to save, not that zero changes were saved', async (locale, submit, nothing) => {
    await page.goto(`${baseUrl}/test-map`);
    await waitForMapReady(page, 8);
    if (locale === 'en') await page.getByRole('radio', { name: 'English', exact: true }).dispatchEvent('click');
    await page.locator(`html[lang="${locale}"]`).waitFor();
    await button(submit).click();
    await page.locator('.ant-message-notice', { hasText: nothing }).waitFor();
    expect(await page.locator('.ant-message-notice', { hasText: /已保存|Saved:/ }).count()).toBe(0);
  });
});
