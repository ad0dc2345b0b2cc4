import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshPage, launchChromium, signIn } from './browser.js';
import { APP_BUILD, OUTPUT } from './paths.js';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;
const scripts: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  page = await freshPage(browser);
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
});
afterAll(async () => {
  await browser?.close();
});

const MAP_CHUNKS = /\/(test-map-page|feature-map-page|geoserver-page)-[\w-]+\.js$/;

describe('the first screen is lazy-split from the map screens', () => {
  it('loads no map-screen code until a map route is opened', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.locator('#username').waitFor();
    const firstScreen = [...scripts];
    expect(firstScreen.filter((path) => MAP_CHUNKS.test(path))).toEqual([]);

    // Record what the first screen costs, for the README (measured, not asserted).
    const bytes = firstScreen.map((path) => readFileSync(`${APP_BUILD}${path}`));
    const report = {
      scripts: firstScreen,
      rawBytes: bytes.reduce((sum, file) => sum + file.length, 0),
      gzipBytes: bytes.reduce((sum, file) => sum + gzipSync(file, { level: 9 }).length, 0),
    };
    writeFileSync(`${OUTPUT}/first-screen-size.json`, `${JSON.stringify(report, null, 2)}\n`);

    await signIn(page, baseUrl);
    expect(scripts.filter((path) => MAP_CHUNKS.test(path))).toEqual([]);
    await page.goto(`${baseUrl}/test-map`);
    await page.locator('.gportal-map').waitFor();
    expect(scripts.some((path) => /\/test-map-page-[\w-]+\.js$/.test(path))).toBe(true);
  });
});
