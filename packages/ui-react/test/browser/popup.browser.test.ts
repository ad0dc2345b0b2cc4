import { describe, expect, inject, it } from 'vitest';
import { chromiumPerFile, screenshot, signedInOn } from './browser.js';
import { clickMap, mapElement, waitForMapReady } from './map-helpers.js';

const baseUrl = inject('baseUrl');
const chromium = chromiumPerFile();

/** Towns of the sample layer at the edges of the fitted view (sample-seed.ts): under the toolbar, at the west edge, at the south. */
const TOWNS = [
  { name: '南平', at: [118.18, 26.64] },
  { name: '龙岩', at: [117.02, 25.08] },
  { name: '厦门', at: [118.09, 24.48] },
] as const;

describe('a feature popup opens where it fits, and never pans the map', () => {
  for (const width of [1024, 1280]) {
    it.each(['zh-CN', 'en'] as const)(`at ${width} px in %s: towns under the toolbar, at the west edge and at the south open their popups inside the map, the view unmoved`, async (locale) => {
      const { context, page } = await signedInOn(chromium.browser, baseUrl, 'desktop', locale);
      try {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${baseUrl}/feature-map`);
        await waitForMapReady(page, 8);
        const view = await mapElement(page).getAttribute('data-bounds');
        const map = (await mapElement(page).boundingBox())!;
        // The toolbar's buttons: no popup opens over them.
        const buttons = await page.locator('.gportal-toolbar button').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number }));
        for (const { name, at } of TOWNS) {
          await clickMap(page, at[0], at[1]);
          const dialog = page.getByRole('dialog', { name, exact: true });
          await dialog.waitFor();
          await expect(mapElement(page).getAttribute('data-bounds')).resolves.toBe(view);
          const box = (await page.locator('.gportal-popup .leaflet-popup-content-wrapper').boundingBox())!;
          expect(box.x, name).toBeGreaterThanOrEqual(map.x);
          expect(box.x + box.width, name).toBeLessThanOrEqual(map.x + map.width);
          expect(box.y, name).toBeGreaterThanOrEqual(map.y);
          const covered = buttons.filter((button) => button.width > 0 && box.x < button.x + button.width && button.x < box.x + box.width && box.y < button.y + button.height && button.y < box.y + box.height);
          expect(covered, name).toEqual([]);
          expect(box.y + box.height, name).toBeLessThanOrEqual(map.y + map.height);
          // The tip still points at the clicked town: its middle within a few pixels of the point, horizontally.
          const tip = (await page.locator('.gportal-popup .leaflet-popup-tip').boundingBox())!;
          const [west, east] = await mapElement(page)
            .getAttribute('data-bounds')
            .then((bounds) => {
              const [, w, , e] = (bounds ?? '').split(',').map(Number) as [number, number, number, number];
              return [w, e];
            });
          const pointX = map.x + ((at[0] - west!) / (east! - west!)) * map.width;
          expect(Math.abs(tip.x + tip.width / 2 - pointX), name).toBeLessThan(4);
          await screenshot(page, `popup-${locale}-${width}-${at[0]}`, { fullPage: false });
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
        }
      } finally {
        await context.close();
      }
    });
  }
});
