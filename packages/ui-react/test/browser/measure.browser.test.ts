import { geodesicArea, geodesicLength, type Position } from '@gportal/core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, launchChromium, screenshot } from './browser.js';
import { mapPoint, readArea, readLength, waitForMapReady } from './map-helpers.js';
import type { Browser } from 'playwright-core';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const TEXTS = {
  'zh-CN': { length: '测距离', area: '测面积', finish: '完成', tools: '工具', clean: '没有未保存的修改' },
  en: { length: 'Measure distance', area: 'Measure area', finish: 'Finish', tools: 'Tools', clean: 'No unsaved changes' },
} as const;

/** A path and a triangle at known places near Fuzhou: far enough apart that the read-outs' rounding is small beside them. */
const PATH: Position[] = [[119.0, 25.8], [119.5, 26.0], [119.6, 26.3]];
const TRIANGLE: Position[] = [[119.0, 25.8], [119.6, 25.8], [119.3, 26.3]];

const DEVICES = [
  { name: 'desktop', width: 1280, height: 900, touch: false },
] as const;

describe.each(DEVICES)('测量 on the $name', (device) => {
  it.each(['zh-CN', 'en'] as const)('in %s measures a known distance and area, leaves nothing pending, and Escape clears', async (locale) => {
    const texts = TEXTS[locale];
    const context = await browser.newContext({ viewport: { width: device.width, height: device.height }, locale: 'zh-CN', hasTouch: device.touch, isMobile: device.touch });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    try {
      await page.goto(`${baseUrl}/login`);
      await page.locator('#username').fill(DEMO.username);
      await page.locator('#password').fill(DEMO.password);
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL(`${baseUrl}/test-index`);
      await page.goto(`${baseUrl}/feature-map`);
      await waitForMapReady(page, 8);
      if (locale === 'en') await page.getByRole('radio', { name: 'English' }).click();
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
        if (device.touch && (await button(texts.length).isHidden())) await press(texts.tools);
      };
      const readout = page.getByTestId('measure-readout');
      const badge = page.getByTestId('pending-badge');

      await openTools();
      await press(texts.length);
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

      await openTools();
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
