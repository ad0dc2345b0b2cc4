import { CSS_PIXEL_METRES, geodesicLength, toGaussKruger } from '@gportal/core';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPerFile, screenshot, signedInOn, type Device } from './browser.js';
import { mapElement, mapPoint, waitForMapReady, waitForMapStill } from './map-helpers.js';

/**
 * The status line under the feature map: the pointer's coordinates in 经纬度, 度分秒 and
 * CGCS2000 3°带 (the zone in front of y or not), the format remembered for the user; the map's
 * scale and a metric scale bar that agree with the map; both languages, a desktop and a phone.
 */

const baseUrl = inject('baseUrl');
const chromium = chromiumPerFile();

const NAMES = {
  'zh-CN': { format: '坐标格式', decimal: '经纬度', dms: '度分秒', gaussKruger: 'CGCS2000 3°带', prefix: '加带号', zoomIn: '放大', bar: /^比例尺 (\d+(?:\.\d+)?) (m|km)$/, gaussKrugerText: /^X (\d+\.\d{2}) Y (\d+\.\d{2})（(\d+) 带）$/ },
  en: { format: 'Coordinate format', decimal: 'Decimal degrees', dms: 'DMS', gaussKruger: 'CGCS2000 3° zone', prefix: 'Zone prefix', zoomIn: 'Zoom in', bar: /^Scale bar (\d+(?:\.\d+)?) (m|km)$/, gaussKrugerText: /^X (\d+\.\d{2}) Y (\d+\.\d{2}) \(zone (\d+)\)$/ },
} as const;
type Locale = keyof typeof NAMES;

/** A spot between the sample towns (no feature takes the tap), in 3° zone 40, well inside it. */
const SPOT = { lng: 118.7, lat: 25.9 } as const;

async function signedIn(device: Device, locale: Locale): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await signedInOn(chromium.browser, baseUrl, device, locale);
  await openMap(opened.page);
  return opened;
}

const readout = (page: Page) => page.getByTestId('pointer-coordinates');

/** The feature map, its status line loaded (after the first features) and reading the map's centre. */
async function openMap(page: Page, reload = false): Promise<void> {
  if (reload) await page.reload();
  else await page.goto(`${baseUrl}/feature-map`);
  await waitForMapReady(page, 8);
  await expect.poll(() => readout(page).textContent()).not.toBe('');
}

/** Degrees one CSS pixel of the map spans east–west: how far from the spot the pointer's read-out may be. */
async function degreesPerPixel(page: Page): Promise<number> {
  const [bounds, box] = await Promise.all([mapElement(page).getAttribute('data-bounds'), mapElement(page).boundingBox()]);
  const [, west, , east] = bounds!.split(',').map(Number) as [number, number, number, number];
  return (east - west) / box!.width;
}

/** Points the pointer (a mouse, or a finger's tap) at the spot and waits for the read-out to follow. */
async function pointAt(page: Page, device: Device): Promise<void> {
  const before = await readout(page).textContent();
  const { x, y } = await mapPoint(page, SPOT.lng, SPOT.lat);
  if (device === 'phone') await page.touchscreen.tap(x, y);
  else await page.mouse.move(x, y);
  await expect.poll(() => readout(page).textContent()).not.toBe(before);
}

async function readoutText(page: Page, pattern: RegExp): Promise<RegExpExecArray> {
  await expect.poll(async () => pattern.test((await readout(page).textContent()) ?? '')).toBe(true);
  return pattern.exec((await readout(page).textContent()) ?? '')!;
}

async function expectEachFormat(page: Page, locale: Locale): Promise<void> {
  const names = NAMES[locale];
  const tolerance = 2 * (await degreesPerPixel(page));
  const select = page.getByRole('combobox', { name: names.format, exact: true });
  await expect(select.locator('option').allTextContents()).resolves.toEqual([names.decimal, names.dms, names.gaussKruger]);

  await select.selectOption({ label: names.decimal });
  const decimal = await readoutText(page, /^(\d+\.\d{6})°E (\d+\.\d{6})°N$/);
  expect(Math.abs(Number(decimal[1]) - SPOT.lng)).toBeLessThan(tolerance);
  expect(Math.abs(Number(decimal[2]) - SPOT.lat)).toBeLessThan(tolerance);
  const lon = Number(decimal[1]);
  const lat = Number(decimal[2]);

  await select.selectOption({ label: names.dms });
  const dms = await readoutText(page, /^(\d+)°(\d{2})′(\d{2}\.\d{2})″E (\d+)°(\d{2})′(\d{2}\.\d{2})″N$/);
  const [, lonD, lonM, lonS, latD, latM, latS] = dms.map(Number) as number[];
  expect(Math.abs(lonD! + lonM! / 60 + lonS! / 3600 - lon)).toBeLessThan(1e-5);
  expect(Math.abs(latD! + latM! / 60 + latS! / 3600 - lat)).toBeLessThan(1e-5);

  await select.selectOption({ label: names.gaussKruger });
  const prefix = page.getByRole('checkbox', { name: names.prefix, exact: true });
  await expect(prefix.isChecked()).resolves.toBe(true);
  const withPrefix = await readoutText(page, names.gaussKrugerText);
  const expected = toGaussKruger([lon, lat], { width: 3, zonePrefix: true });
  expect(withPrefix[3]).toBe('40');
  // The decimal read-out is rounded to a millionth of a degree: about 0.1 m.
  expect(Math.abs(Number(withPrefix[1]) - expected.x)).toBeLessThan(0.2);
  expect(Math.abs(Number(withPrefix[2]) - expected.y)).toBeLessThan(0.2);
  await prefix.click();
  const without = await readoutText(page, names.gaussKrugerText);
  expect(without[1]).toBe(withPrefix[1]);
  expect(Number(without[2])).toBeCloseTo(Number(withPrefix[2]) - 40_000_000, 2);
  expect(without[3]).toBe('40');
}

/** The scale's denominator and the bar's metres and pixels, as the status line shows them. */
async function readScale(page: Page, locale: Locale) {
  const scale = (await page.getByTestId('map-scale').textContent()) ?? '';
  expect(scale).toMatch(/^1:\d{1,3}( \d{3})*$/);
  const bar = page.getByTestId('scale-bar');
  const label = NAMES[locale].bar.exec((await bar.getAttribute('aria-label')) ?? '');
  expect(label).not.toBeNull();
  const pixels = await bar.locator('.gportal-scale-bar-line').evaluate((line) => parseFloat((line as HTMLElement).style.width));
  return { denominator: Number(scale.slice(2).replaceAll(' ', '')), metres: Number(label![1]) * (label![2] === 'km' ? 1000 : 1), pixels };
}

/** Ground metres a pixel is along the parallel through the map's centre, from the map's own bounds. */
async function mapMetresPerPixel(page: Page): Promise<number> {
  const [bounds, box] = await Promise.all([mapElement(page).getAttribute('data-bounds'), mapElement(page).boundingBox()]);
  const [south, west, north, east] = bounds!.split(',').map(Number) as [number, number, number, number];
  const lat = (south + north) / 2;
  return geodesicLength({ type: 'LineString', coordinates: [[west, lat], [east, lat]] }) / box!.width;
}

async function expectScaleOfMap(page: Page, locale: Locale): Promise<number> {
  const { denominator, metres, pixels } = await readScale(page, locale);
  const perPixel = await mapMetresPerPixel(page);
  expect(denominator * CSS_PIXEL_METRES / perPixel).toBeGreaterThan(0.99);
  expect(denominator * CSS_PIXEL_METRES / perPixel).toBeLessThan(1.01);
  expect(pixels).toBeGreaterThan(0);
  expect(pixels).toBeLessThanOrEqual(100);
  expect(metres / pixels / perPixel).toBeCloseTo(1, 2);
  expect(String(metres / 10 ** Math.floor(Math.log10(metres)))).toMatch(/^[125]$/);
  return denominator;
}

describe.each(['zh-CN', 'en'] as const)('the status line in %s', (locale) => {
  it('reads the pointer out in each format, under the map, with a scale and a bar that follow the zoom', async () => {
    const { context, page } = await signedIn('desktop', locale);
    try {
      const [map, status] = await Promise.all([mapElement(page).boundingBox(), page.getByRole('group', { name: locale === 'en' ? 'Map status' : '地图状态' }).boundingBox()]);
      expect(status!.y).toBeGreaterThanOrEqual(map!.y + map!.height - 1);
      expect(status!.width).toBeCloseTo(map!.width, 0);
      await pointAt(page, 'desktop');
      await expectEachFormat(page, locale);
      if (locale === 'zh-CN') {
        await page.getByRole('checkbox', { name: NAMES[locale].prefix, exact: true }).click();
        await readoutText(page, /Y \d{8}\.\d{2}/);
        await screenshot(page, 'feature-map-status-line', { fullPage: false });
      }
      const before = await expectScaleOfMap(page, locale);
      await page.getByRole('button', { name: NAMES[locale].zoomIn, exact: true }).click();
      await waitForMapStill(page);
      await expect.poll(async () => (await readScale(page, locale)).denominator).not.toBe(before);
      const after = await expectScaleOfMap(page, locale);
      expect(after / before).toBeGreaterThan(0.45);
      expect(after / before).toBeLessThan(0.55);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('fits a phone and reads out where a finger taps', async () => {
    const { context, page } = await signedIn('phone', locale);
    try {
      const layout = await page.evaluate(() => {
        const status = document.querySelector('.gportal-status-line')!.getBoundingClientRect();
        return { innerWidth, scrollWidth: document.scrollingElement!.scrollWidth, left: status.left, right: status.right };
      });
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
      expect(layout.left).toBeGreaterThanOrEqual(0);
      expect(layout.right).toBeLessThanOrEqual(layout.innerWidth);
      // Before any tap: the map's centre.
      await expect(readout(page).textContent()).resolves.toMatch(/^\d+\.\d{6}°E \d+\.\d{6}°N$/);
      await pointAt(page, 'phone');
      await expectEachFormat(page, locale);
      const overflowing = await page.evaluate(() => [...document.querySelectorAll('.gportal-status-line *')].filter((element) => element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflow !== 'visible').length);
      expect(overflowing).toBe(0);
      await expect(page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth)).resolves.toBe(true);
      await screenshot(page, `phone-feature-map-status-line-${locale}`, { fullPage: false });
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('the coordinate format', () => {
  it('is remembered for the user across a reload', async () => {
    const { context, page } = await signedIn('desktop', 'zh-CN');
    try {
      await page.getByRole('combobox', { name: '坐标格式' }).selectOption({ label: '度分秒' });
      await openMap(page, true);
      await expect.poll(() => page.getByRole('combobox', { name: '坐标格式' }).inputValue()).toBe('dms');
      await expect(readout(page).textContent()).resolves.toMatch(/^\d+°\d{2}′\d{2}\.\d{2}″E \d+°\d{2}′\d{2}\.\d{2}″N$/);

      await page.getByRole('combobox', { name: '坐标格式' }).selectOption({ label: 'CGCS2000 3°带' });
      await page.getByRole('checkbox', { name: '加带号' }).click();
      await openMap(page, true);
      await expect.poll(() => page.getByRole('combobox', { name: '坐标格式' }).inputValue()).toBe('gaussKruger3');
      await expect(page.getByRole('checkbox', { name: '加带号' }).isChecked()).resolves.toBe(false);
      // Without the zone in front y is the easting alone, 500 km give or take the zone's half-width.
      await expect(readout(page).textContent()).resolves.toMatch(/^X \d{7}\.\d{2} Y \d{6}\.\d{2}（\d+ 带）$/);
    } finally {
      await context.close();
    }
  }, 60_000);
});
