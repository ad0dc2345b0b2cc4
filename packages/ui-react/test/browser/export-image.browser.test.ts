import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPerFile, signedInOn } from './browser.js';
import { decodePng, mapElement, waitForMapReady } from './map-helpers.js';
import { SCREENSHOTS } from './paths.js';

const baseUrl = inject('baseUrl');
const chromium = chromiumPerFile();

const NAMES = {
  'zh-CN': { open: '导出图片', ok: '导出', resolution: '分辨率', double: '两倍', screen: '与屏幕相同' },
  en: { open: 'Export image', ok: 'Export', resolution: 'Resolution', double: 'Double', screen: 'As on screen' },
} as const;

/** The image's layout (export-image.ts): the title band's height, the margins, the scale bar's place. */
const BAND = 36;
const MARGIN = 10;

const dark = ([r, g, b]: readonly number[]) => r! < 90 && g! < 90 && b! < 90;

describe('导出图片: an image of the view', () => {
  it.each(['zh-CN', 'en'] as const)('in %s at 1280 px: a PNG at twice the map, with its title, its scale bar as long as the status line’s, the features and labels, and nothing left out', async (locale) => {
    const names = NAMES[locale];
    const { context, page } = await signedInOn(chromium.browser, baseUrl, 'desktop', locale);
    try {
      await page.goto(`${baseUrl}/feature-map`);
      await waitForMapReady(page, 8);
      await page.getByTestId('feature-labels').and(page.locator('[data-labels]')).waitFor({ state: 'attached' });
      const map = (await mapElement(page).boundingBox())!;
      const statusBar = (await page.getByTestId('scale-bar').locator('.gportal-scale-bar-line').boundingBox())!;
      await page.getByRole('button', { name: names.open, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: names.open });
      await dialog.getByLabel(names.resolution).selectOption({ label: names.double });
      const download = page.waitForEvent('download');
      await dialog.getByRole('button', { name: names.ok, exact: true }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.png$/);
      const bytes = await readFile((await file.path())!);
      await writeFile(`${SCREENSHOTS}/export-image-${locale}.png`, bytes);
      await dialog.waitFor({ state: 'detached' });
      const image = decodePng(bytes);
      expect([image.width, image.height]).toEqual([Math.round(map.width) * 2, (Math.round(map.height) + BAND) * 2]);

      const at = (x: number, y: number) => image.pixel(Math.round(x * 2), Math.round(y * 2));
      // The title: dark text in the band at the left.
      const title = Array.from({ length: 200 }, (_, index) => at(MARGIN + index, BAND / 2));
      expect(title.some(dark)).toBe(true);
      // The scale bar: a dark run along its row as long as the status line's bar (±1 px), light below it.
      const barY = BAND + map.height - MARGIN - 8;
      let run = 0;
      while (run < 400 && dark(at(MARGIN + run + 0.25, barY))) run += 0.5;
      expect(Math.abs(run - statusBar.width)).toBeLessThanOrEqual(1.5);
      expect(dark(at(MARGIN + run / 2, barY + 5))).toBe(false);
      // The features: their blue strokes.
      let blue = 0;
      for (let y = BAND; y < BAND + map.height; y += 2) for (let x = 0; x < map.width; x += 2) {
        const [r, g, b] = at(x, y);
        if (b > 180 && r < 90 && g < 90) blue += 1;
      }
      expect(blue).toBeGreaterThan(200);
      // A label: 福州's box holds dark text.
      const labels = JSON.parse((await page.getByTestId('feature-labels').getAttribute('data-labels')) ?? '[]') as Array<{ text: string; x: number; y: number; width: number; height: number }>;
      const fuzhou = labels.find((label) => label.text === '福州')!;
      expect(Array.from({ length: 20 }, (_, index) => at(fuzhou.x + 2 + (index * (fuzhou.width - 4)) / 20, BAND + fuzhou.y + fuzhou.height / 2)).some(dark)).toBe(true);
      // The offline base map is the app's own canvas: nothing left out, and said so.
      await page.locator('.ant-message-notice', { hasText: locale === 'en' ? 'Exported the image' : '已导出图片' }).waitFor();
      await expect(page.locator('.ant-message-notice', { hasText: locale === 'en' ? 'left out' : '未画入' }).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });
});
