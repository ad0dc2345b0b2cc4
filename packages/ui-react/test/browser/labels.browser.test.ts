import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPerFile, screenshot, signedInOn } from './browser.js';
import { mapElement, screenPixel, selectLayer, waitForMapReady } from './map-helpers.js';

const baseUrl = inject('baseUrl');
const chromium = chromiumPerFile();

interface Label {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const TOWNS = ['福州', '厦门', '泉州', '漳州', '莆田', '龙岩', '三明', '南平'];
const NAMES = {
  'zh-CN': { labels: '标注', none: '不标注', population: '标注：人口', name: '标注：名称' },
  en: { labels: 'Labels', none: 'No labels', population: 'Labels: Population', name: 'Labels: Name' },
} as const;

/** The labels drawn now, from the label canvas's record of them, once it has drawn. */
async function labelsShown(page: Page): Promise<Label[]> {
  const canvas = page.getByTestId('feature-labels');
  await expect.poll(() => canvas.getAttribute('data-labels')).not.toBeNull();
  return JSON.parse((await canvas.getAttribute('data-labels')) ?? '[]') as Label[];
}

const overlapping = (labels: Label[]) =>
  labels.flatMap((a, index) => labels.slice(index + 1).filter((b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height).map((b) => [a.text, b.text]));

describe('标注: labels on the map', () => {
  for (const width of [1024, 1280]) {
    it.each(['zh-CN', 'en'] as const)(`at ${width} px in %s: the towns' names by default, none overlapping, drawn in dark text; another field, none, and the choice remembered`, async (locale) => {
      const names = NAMES[locale];
      const { context, page } = await signedInOn(chromium.browser, baseUrl, 'desktop', locale);
      try {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${baseUrl}/feature-map`);
        await waitForMapReady(page, 8);
        const select = page.getByRole('combobox', { name: names.labels, exact: true });
        await expect(select.inputValue()).resolves.toBe('name');
        let labels = await labelsShown(page);
        expect(labels.map((label) => label.text).sort()).toEqual([...TOWNS].sort());
        expect(overlapping(labels)).toEqual([]);
        // In the UI's font, as the map inherits it.
        await expect(page.getByTestId('feature-labels').getAttribute('data-font')).resolves.toMatch(/^12px "?Noto Sans"?, "?Noto Sans CJK SC"?/);
        // Each label's middle is drawn: dark text (or its white halo), not the map beneath.
        const box = (await mapElement(page).boundingBox())!;
        const fuzhou = labels.find((label) => label.text === '福州')!;
        const pixels = await Promise.all(
          Array.from({ length: 9 }, (_, index) => screenPixel(page, box.x + fuzhou.x + 4 + index * ((fuzhou.width - 8) / 8), box.y + fuzhou.y + fuzhou.height / 2)),
        );
        expect(pixels.some(([r, g, b]) => r < 90 && g < 90 && b < 90)).toBe(true);
        await screenshot(page, `labels-${locale}-${width}`, { fullPage: false });

        // Zoomed out, the squares are too small for their names: labels that do not fit are left out, the rest still apart.
        await page.getByRole('button', { name: locale === 'en' ? 'Zoom out' : '缩小', exact: true }).click();
        await page.getByRole('button', { name: locale === 'en' ? 'Zoom out' : '缩小', exact: true }).click();
        await expect.poll(async () => (await labelsShown(page)).length).toBeLessThan(TOWNS.length);
        expect(overlapping(await labelsShown(page))).toEqual([]);
        await page.getByRole('button', { name: locale === 'en' ? 'Zoom in' : '放大', exact: true }).click();
        await page.getByRole('button', { name: locale === 'en' ? 'Zoom in' : '放大', exact: true }).click();

        await select.selectOption({ label: names.population });
        await expect.poll(async () => (await labelsShown(page)).map((label) => label.text)).toContain('8290000');
        labels = await labelsShown(page);
        expect(overlapping(labels)).toEqual([]);
        await select.selectOption({ label: names.none });
        await expect.poll(async () => (await labelsShown(page)).length).toBe(0);
        // Remembered for this layer, and the point layer (which has a name too) labels its names.
        await page.reload();
        await waitForMapReady(page, 8);
        await expect(select.inputValue()).resolves.toBe('');
        await selectLayer(page, locale === 'en' ? 'Point' : '点', locale === 'en' ? 'Layer type' : '图层类型');
        await waitForMapReady(page, 8);
        await expect(select.inputValue()).resolves.toBe('name');
        await expect.poll(async () => (await labelsShown(page)).length).toBeGreaterThan(0);
        expect(overlapping(await labelsShown(page))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
