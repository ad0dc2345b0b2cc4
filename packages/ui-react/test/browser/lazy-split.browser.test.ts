import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BUNDLE_BUDGETS_KIB } from '../../bundle-budgets.js';
import { freshPage, launchChromium, signIn } from './browser.js';
import { clickMap, waitForFeatures, waitForMapReady } from './map-helpers.js';
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

// The budgets and the targets are the package's `bundle-budgets.ts`, which the bench reads too.
// The first screen is the sign-in page alone (no router, container or adapters); the map route is
// what `/feature-map` loads, opened directly, until its first features are drawn; the whole app
// is every chunk. The Natural Earth land outlines are data, not JavaScript: a JSON file beside the
// scripts, loaded by the map screens only.
// The whole app holds the editor with undo, conflicts, the tab hand-over, keyboard drawing, holes,
// parts and snapping, the date field's calendar (a chunk of its own, fetched when an attribute form
// opens: never on the first screen or a map screen's load), the WFS answer worker (fetched in map-server
// mode only), loading by view, painting ahead and the land worker.
/** The date field's chunk: loaded by the attribute form, never with a screen. */
const DATE_FIELD_CHUNK = /\/date-field-[\w-]+\.js$/;
/** The conflict dialog's chunk: loaded by the first save that meets a conflict. */
const CONFLICT_DIALOG_CHUNK = /\/conflict-list-[\w-]+\.js$/;
/** leaflet-draw's chunk: loaded by the first drawing tool (`src/map/leaflet/leaflet-draw.ts`). */
const LEAFLET_DRAW_CHUNK = /\/leaflet\.draw-[\w-]+\.js$/;
/** Split, merge, 避免重叠, the topology check and the polygon algebra under them: fetched on their first use. */
const TOPOLOGY_CHUNK = /\/topology-edits-[\w-]+\.js$/;

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
    expect(gzipKiB(chunks.map((file) => `${APP_BUILD}/assets/${file}`))).toBeLessThanOrEqual(BUNDLE_BUDGETS_KIB.wholeApp);
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
    expect(report.gzipKiB).toBeLessThanOrEqual(BUNDLE_BUDGETS_KIB.firstScreen);
    // Both weights of the app's font, and nothing else: no other subset, no woff fallback.
    expect(fonts.map((path) => APP_FONT_FILES.exec(path)?.[1]).sort()).toEqual(['400', '600']);
    expect(fontKiB).toBeLessThanOrEqual(FONT_BUDGET_KIB);

    await signIn(page, baseUrl);
    expect(scripts.filter((path) => MAP_CHUNKS.test(path))).toEqual([]);
    await page.goto(`${baseUrl}/test-map`);
    await page.locator('.gportal-map').waitFor();
    expect(scripts.some((path) => /\/test-map-page-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.filter((path) => DATE_FIELD_CHUNK.test(path))).toEqual([]);
  });
});

describe('the map route opened directly', () => {
  it('loads what draws the first features within its budget, and nothing it loads on use', async () => {
    // Signed in on one page; the route is opened by a new page of the same context, which keeps the session.
    const signedIn = await freshPage(browser);
    await signIn(signedIn, baseUrl);
    const mapPage = await signedIn.context().newPage();
    const loaded: string[] = [];
    mapPage.on('request', (request) => {
      if (request.resourceType() === 'script') loaded.push(new URL(request.url()).pathname);
    });
    await mapPage.goto(`${baseUrl}/feature-map`);
    await mapPage.locator('.gportal-map[data-features]:not([data-features="0"])').waitFor();
    // Each of the two raster workers requests the same script: it is fetched once.
    const mapRoute = [...new Set(loaded)];

    const report = { scripts: mapRoute, gzipKiB: gzipKiB(mapRoute.map((path) => `${APP_BUILD}${path}`)) };
    writeFileSync(`${OUTPUT}/map-route-size.json`, `${JSON.stringify(report, null, 2)}\n`);
    expect(mapRoute.some((path) => /\/feature-map-page-[\w-]+\.js$/.test(path))).toBe(true);
    expect(mapRoute.filter((path) => DATE_FIELD_CHUNK.test(path) || CONFLICT_DIALOG_CHUNK.test(path) || LEAFLET_DRAW_CHUNK.test(path) || TOPOLOGY_CHUNK.test(path))).toEqual([]);
    expect(report.gzipKiB).toBeLessThanOrEqual(BUNDLE_BUDGETS_KIB.mapRoute);

    // The first drawing tool fetches leaflet-draw and then draws: its first clicks place the
    // polygon's vertices, and the closing click adds the feature.
    await waitForMapReady(mapPage, 8);
    await mapPage.getByRole('button', { name: '标绘', exact: true }).click();
    for (const [lng, lat] of [[118.1, 25.6], [118.6, 25.6], [118.6, 26.0], [118.1, 25.6]] as const) await clickMap(mapPage, lng, lat);
    await waitForFeatures(mapPage, 9);
    await expect(mapPage.getByTestId('pending-badge').textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');
    expect(loaded.filter((path) => LEAFLET_DRAW_CHUNK.test(path))).toHaveLength(1);
    await signedIn.context().close();
  });
});
