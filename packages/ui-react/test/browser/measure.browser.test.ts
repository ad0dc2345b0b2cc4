import { geodesicArea, geodesicLength, type Position } from '@gportal/core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPerFile, screenshot, signedInOn } from './browser.js';
import { mapPoint, readArea, readLength, waitForMapReady } from './map-helpers.js';

const baseUrl = inject('baseUrl');
const chromium = chromiumPerFile();

const TEXTS = {
  'zh-CN': { measure: '测量', length: '测距离', area: '测面积', finish: '完成', tools: '工具', clean: '没有未保存的修改' },
  en: { measure: 'Measure', length: 'Measure distance', area: 'Measure area', finish: 'Finish', tools: 'Tools', clean: 'No unsaved changes' },
} as const;

/** A path and a triangle at known places near Fuzhou: far enough apart that the read-outs' rounding is small beside them. */
const PATH: Position[] = [[119.0, 25.8], [119.5, 26.0], [119.6, 26.3]];
const TRIANGLE: Position[] = [[119.0, 25.8], [119.6, 25.8], [119.3, 26.3]];

const DESKTOP = [{ name: 'desktop', touch: false }] as const;

describe.each(DESKTOP)('测量 on the $name', (device) => {
  it.each(['zh-CN', 'en'] as const)('in %s measures a known distance and area, leaves nothing pending, and Escape clears', async (locale) => {
    const texts = TEXTS[locale];
    const { context, page } = await signedInOn(chromium.browser, baseUrl, 'desktop', locale);
    try {
      await page.goto(`${baseUrl}/feature-map`);
      await waitForMapReady(page, 8);
      const button = (name: string) => page.getByRole('button', { name, exact: true });
      const press = (name: string) => (device.touch ? button(name).tap() : button(name).click());
      const put = async ([lng = 0, lat = 0]: Position) => {
        const { x, y } = await mapPoint(page, lng, lat);
        if (device.touch) await page.touchscreen.tap(x, y);
        else await page.mouse.click(x, y);
        // Two taps within Leaflet's double-tap window would be one gesture.
        await page.waitForTimeout(250);
      };
      const openTools = async () => {
        if (device.touch && (await button(texts.measure).isHidden())) await press(texts.tools);
      };
      const readout = page.getByTestId('measure-readout');
      const badge = page.getByTestId('pending-badge');

      await openTools();
      await press(texts.measure);
      await page.locator('.gportal-map[aria-busy]').waitFor({ state: 'detached' });
      for (const position of PATH) await put(position);
      await press(texts.finish);
      await expect.poll(async () => readLength((await readout.textContent()) ?? '')).toBeGreaterThan(0);
      const length = readLength((await readout.textContent()) ?? '');
      const expectedLength = geodesicLength({ type: 'LineString', coordinates: PATH });
      // Snapping may move a vertex by a few pixels onto a town's edge; the read-out rounds to 2 decimals of km.
      expect(Math.abs(length - expectedLength) / expectedLength).toBeLessThan(0.01);
      await expect(badge.textContent()).resolves.toBe(texts.clean);
      await screenshot(page, `measure-length-${device.name}-${locale}`);
      await page.keyboard.press('Escape');
      await readout.waitFor({ state: 'detached' });

      // 测量 measures a distance first; 测面积 beside 完成 switches to an area.
      await openTools();
      await press(texts.measure);
      await press(texts.area);
      for (const position of TRIANGLE) await put(position);
      await press(texts.finish);
      await expect.poll(async () => (await readout.textContent()) ?? '').toMatch(/(m²|ha|km²)$/);
      const area = readArea((await readout.textContent()) ?? '');
      const expectedArea = geodesicArea({ type: 'Polygon', coordinates: [[...TRIANGLE, TRIANGLE[0] as Position]] });
      expect(Math.abs(area - expectedArea) / expectedArea).toBeLessThan(0.02);
      await expect(badge.textContent()).resolves.toBe(texts.clean);
      await expect(page.locator('.gportal-map[data-features="8"]').count()).resolves.toBe(1);
      await screenshot(page, `measure-area-${device.name}-${locale}`);
      await page.keyboard.press('Escape');
      await readout.waitFor({ state: 'detached' });
      await expect(badge.textContent()).resolves.toBe(texts.clean);
    } finally {
      await context.close();
    }
  });
});

describe('测量 on a phone (390 × 844), by touch, of typed coordinates', () => {
  it.each(['zh-CN', 'en'] as const)('in %s reads exactly the geodesic length and area of what was typed', async (locale) => {
    const texts = { ...TEXTS[locale], ...(locale === 'en' ? { open: 'Enter coordinates', list: 'Coordinate list', listField: 'Coordinate list (one point a line, point numbers allowed)', draw: 'Draw shape' } : { open: '输入坐标', list: '坐标串', listField: '坐标串（每行一个点，可带点号）', draw: '绘制图形' }) };
    const { context, page } = await signedInOn(chromium.browser, baseUrl, 'phone', locale);
    try {
      await page.goto(`${baseUrl}/feature-map`);
      await waitForMapReady(page, 8);
      const button = (name: string) => page.getByRole('button', { name, exact: true });
      const readout = page.getByTestId('measure-readout');
      const measureTyped = async (tool: 'length' | 'area', positions: readonly Position[]) => {
        await button(texts.tools).tap();
        await button(texts.measure).tap();
        if (tool === 'area') await button(texts.area).tap();
        await page.locator('.gportal-map[aria-busy]').waitFor({ state: 'detached' });
        await button(texts.open).tap();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('radio', { name: texts.list, exact: true }).tap();
        await dialog.getByRole('textbox', { name: texts.listField, exact: true }).fill(positions.map(([lng, lat]) => `${lng} ${lat}`).join('\n'));
        await button(texts.draw).tap();
        await dialog.waitFor({ state: 'detached' });
      };

      await measureTyped('length', PATH);
      await expect.poll(async () => readLength((await readout.textContent()) ?? '')).toBeGreaterThan(0);
      // The read-out rounds to the hundredth of a kilometre: within 5 m of the geodesic length.
      const expectedLength = geodesicLength({ type: 'LineString', coordinates: PATH });
      expect(Math.abs(readLength((await readout.textContent()) ?? '') - expectedLength)).toBeLessThanOrEqual(5.000001);
      await expect(page.getByTestId('pending-badge').textContent()).resolves.toBe(texts.clean);
      await screenshot(page, `measure-length-phone-${locale}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await readout.waitFor({ state: 'detached' });

      await measureTyped('area', TRIANGLE);
      await expect.poll(async () => (await readout.textContent()) ?? '').toMatch(/km²/);
      // To the hundredth of a square kilometre: within 5 000 m².
      const expectedArea = geodesicArea({ type: 'Polygon', coordinates: [[...TRIANGLE, TRIANGLE[0] as Position]] });
      expect(Math.abs(readArea((await readout.textContent()) ?? '') - expectedArea)).toBeLessThanOrEqual(5000.001);
      await expect(page.getByTestId('pending-badge').textContent()).resolves.toBe(texts.clean);
      await expect(page.locator('.gportal-map[data-features="8"]').count()).resolves.toBe(1);
      await expect(page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth)).resolves.toBe(true);
      await screenshot(page, `measure-area-phone-${locale}`, { fullPage: false });
    } finally {
      await context.close();
    }
  }, 60_000);
});
