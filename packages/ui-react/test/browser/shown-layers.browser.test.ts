import type { Page } from 'playwright-core';
import type { Position } from '@gportal/core';
import { sampleSeed } from '@gportal/core/memory';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPerFile, screenshot, signedInOn } from './browser.js';
import { mapElement, mapPoint, skipAttributes, waitForFeatures, waitForMapReady } from './map-helpers.js';

const baseUrl = inject('baseUrl');
const chromium = chromiumPerFile();

const NAMES = {
  'zh-CN': { layers: '图层', line: '线', point: '点', edited: '多面', editing: '正在编辑', downPoint: '下移 点', opacityLine: '线 的不透明度', draw: '标绘' },
  en: { layers: 'Layers', line: 'Line', point: 'Point', edited: 'Multipolygon', editing: 'Edited', downPoint: 'Move Point down', opacityLine: 'Opacity of Line', draw: 'Draw polygon' },
} as const;

/** The shown layers' panes, from the lowest up: their type names and opacities. */
async function shownPanes(page: Page): Promise<Array<{ typeName: string; opacity: string }>> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.leaflet-pane[data-type-name]')]
      .sort((a, b) => Number(a.style.zIndex) - Number(b.style.zIndex))
      .map((pane) => ({ typeName: pane.dataset.typeName ?? '', opacity: pane.style.opacity })),
  );
}

/** The first vertex of the sample line layer's first line: a town's centre, where the line starts. */
const LINE_START = (sampleSeed().features?.['store_33:line']?.[0]?.geometry.coordinates as Position[] | undefined)?.[0] as [number, number];

describe('图层: layers shown beside the edited one', () => {
  it.each(['zh-CN', 'en'] as const)('in %s: two more layers shown under the edited one, ordered and faded, kept in the URL and for the user, and snapped to', async (locale) => {
    const names = NAMES[locale];
    const { context, page } = await signedInOn(chromium.browser, baseUrl, 'desktop', locale);
    try {
      await page.goto(`${baseUrl}/feature-map`);
      await waitForMapReady(page, 8);
      await page.getByRole('button', { name: names.layers, exact: true }).click();
      const panel = page.getByRole('region', { name: names.layers, exact: true });
      // The edited layer: marked, shown, not a choice.
      const edited = panel.getByRole('checkbox', { name: new RegExp(`^${names.edited}`) });
      await expect(edited.isChecked()).resolves.toBe(true);
      await expect(edited.isDisabled()).resolves.toBe(true);
      await panel.getByRole('checkbox', { name: names.line, exact: true }).check();
      await panel.getByRole('checkbox', { name: names.point, exact: true }).check();
      await expect.poll(() => shownPanes(page)).toEqual([
        { typeName: 'store_33:line', opacity: '1' },
        { typeName: 'store_33:point', opacity: '1' },
      ]);
      // Under the edited layer's pane (Leaflet's overlay pane, 400).
      const zIndexes = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.leaflet-pane[data-type-name]')].map((pane) => Number(pane.style.zIndex)));
      expect(Math.max(...zIndexes)).toBeLessThan(400);
      // Each drawn on a canvas of its own.
      await expect.poll(() => page.locator('.leaflet-pane[data-type-name="store_33:line"] canvas').count()).toBeGreaterThan(0);
      // Ordered by keyboard (a button per row), then faded.
      await panel.getByRole('button', { name: names.downPoint, exact: true }).click();
      await expect.poll(() => shownPanes(page)).toEqual([
        { typeName: 'store_33:point', opacity: '1' },
        { typeName: 'store_33:line', opacity: '1' },
      ]);
      await panel.getByRole('slider', { name: names.opacityLine, exact: true }).fill('50');
      await expect.poll(() => shownPanes(page)).toEqual([
        { typeName: 'store_33:point', opacity: '1' },
        { typeName: 'store_33:line', opacity: '0.5' },
      ]);
      await expect.poll(() => new URL(page.url()).searchParams.get('show')).toBe('store_33:point,store_33:line~0.5');
      await screenshot(page, `shown-layers-${locale}`, { fullPage: false });
      // Kept in the URL over a reload, and for the user without it.
      await page.reload();
      await waitForMapReady(page, 8);
      await expect.poll(() => shownPanes(page)).toEqual([
        { typeName: 'store_33:point', opacity: '1' },
        { typeName: 'store_33:line', opacity: '0.5' },
      ]);
      await page.goto(`${baseUrl}/feature-map`);
      await waitForMapReady(page, 8);
      await expect.poll(() => shownPanes(page)).toHaveLength(2);

      // A polygon drawn from the line's first vertex snaps onto it: its first vertex is exactly the line's.
      await page.getByRole('button', { name: names.draw, exact: true }).click();
      await page.locator('.gportal-map[aria-busy]').waitFor({ state: 'detached' });
      const start = await mapPoint(page, ...LINE_START);
      const box = (await mapElement(page).boundingBox())!;
      await page.mouse.move(start.x + 3, start.y - 2);
      await page.mouse.click(start.x + 3, start.y - 2);
      await page.locator('.gportal-snap-marker[data-snap="vertex"]').waitFor();
      for (const [dx, dy] of [[60, 0], [30, 50]] as const) {
        await page.waitForTimeout(150);
        await page.mouse.click(Math.min(start.x + dx, box.x + box.width - 20), start.y + dy);
      }
      await page.waitForTimeout(150);
      await page.mouse.click(start.x + 3, start.y - 2);
      await waitForFeatures(page, 9);
      await skipAttributes(page);
      const ring = await page.evaluate(() => {
        const key = Object.keys(localStorage).find((each) => each.includes(':journal-part:') && each.endsWith('/i:new-1'));
        const part = key ? JSON.parse(localStorage.getItem(key) ?? 'null') : null;
        return part?.data?.insert?.geometry?.coordinates?.[0]?.[0] as Position[] | undefined;
      });
      expect(ring?.[0]).toEqual(LINE_START);
    } finally {
      await context.close();
    }
  });
});
