import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshPage, launchChromium, signIn } from './browser.js';
import { APP_BUILD, OUTPUT } from './paths.js';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;
const scripts: string[] = [];
const fonts: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  page = await freshPage(browser);
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
});
afterAll(async () => {
  await browser?.close();
});

/**
 * gzip budgets of the built app's JavaScript (zlib default level, as Vite reports it): issue 13's
 * targets. The first screen is the sign-in page alone (no router, container or adapters); the
 * whole app is every chunk. The Natural Earth land outlines are data, not JavaScript: a JSON file
 * beside the scripts, loaded by the map screens only.
 */
// The whole app's budget was 450 KiB (issue 13); undo and the conflict dialog, the second-tab
// hand-over, error sentences, keyboard drawing, holes, parts and snapping (issues 19, 20, 23, 24)
// brought it to 462 KiB, held at 470. Issue 20 asks for antd's DatePicker in the attribute form:
// the picker with dayjs and its zh-cn locale is a chunk of 36 KiB of its own, fetched when a form
// opens (never on the first screen or a map screen's load), and the WFS answer worker (issue 21, 8 KiB, fetched in map-server mode only when a layer loads)
// and issue 21's loading by view and issue 20's phone drawer bring the whole app to about
// 523 KiB, held at 530. Issue 21's painting ahead (the tiles around the view painted in the
// raster workers, which took the mean step of the large bench from 103 to 63 ms and its worst
// from 208 to 111 ms) adds 2.2 KiB to the map's chunk and the core's: about 531 KiB, now held at
// 535. The land worker (issue 21: the offline map's land read and decoded off the main thread,
// after the layer has shown) carries its own copy of the land's decoding and cutting, 3.1 KiB:
// about 536 KiB, now held at 540.
// The first screen's budget is unchanged.
const GZIP_BUDGETS_KIB = { firstScreen: 200, wholeApp: 540 } as const;
/** The date picker's chunk: loaded by the attribute form, never with a screen. */
const DATE_PICKER_CHUNK = /\/date-field-[\w-]+\.js$/;

/**
 * The app's Latin font, outside the JavaScript budget: woff2 files are compressed already and
 * fetched beside the scripts, not before them. Two weights of the latin subset.
 */
const FONT_BUDGET_KIB = 32;
const APP_FONT_FILES = /^\/assets\/noto-sans-latin-(400|600)-normal-[\w-]+\.woff2$/;

function gzipKiB(files: string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(file)).length, 0) / 1024;
}

const MAP_CHUNKS = /\/(test-map-page|feature-map-page|geoserver-page)-[\w-]+\.js$/;

describe('the gzip size budgets of the built app', () => {
  it('keeps the whole app within its budget', () => {
    const chunks = readdirSync(`${APP_BUILD}/assets`).filter((file) => file.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(1);
    expect(gzipKiB(chunks.map((file) => `${APP_BUILD}/assets/${file}`))).toBeLessThanOrEqual(GZIP_BUDGETS_KIB.wholeApp);
  });
});

describe('the first screen is lazy-split from the map screens', () => {
  it('loads no map-screen code until a map route is opened', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.locator('#username').waitFor();
    const firstScreen = [...scripts];
    expect(firstScreen.filter((path) => MAP_CHUNKS.test(path))).toEqual([]);

    // What the first screen costs, recorded for the README and held to its budget.
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    const fontKiB = fonts.reduce((sum, path) => sum + statSync(`${APP_BUILD}${path}`).size, 0) / 1024;
    const report = { scripts: firstScreen, gzipKiB: gzipKiB(firstScreen.map((path) => `${APP_BUILD}${path}`)), fonts: [...fonts], fontKiB };
    writeFileSync(`${OUTPUT}/first-screen-size.json`, `${JSON.stringify(report, null, 2)}\n`);
    expect(report.gzipKiB).toBeGreaterThan(0);
    expect(report.gzipKiB).toBeLessThanOrEqual(GZIP_BUDGETS_KIB.firstScreen);
    // Both weights of the app's font, and nothing else: no other subset, no woff fallback.
    expect(fonts.map((path) => APP_FONT_FILES.exec(path)?.[1]).sort()).toEqual(['400', '600']);
    expect(fontKiB).toBeLessThanOrEqual(FONT_BUDGET_KIB);

    await signIn(page, baseUrl);
    expect(scripts.filter((path) => MAP_CHUNKS.test(path))).toEqual([]);
    await page.goto(`${baseUrl}/test-map`);
    await page.locator('.gportal-map').waitFor();
    expect(scripts.some((path) => /\/test-map-page-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.filter((path) => DATE_PICKER_CHUNK.test(path))).toEqual([]);
  });
});
