import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, screenshot, signIn } from './browser.js';
import { mapElement, mapPoint, screenPixel, waitForMapReady } from './map-helpers.js';

/**
 * The embedded mode's offline base map: Natural Earth land, read and decoded in the land worker
 * once the map's layer has shown (base-layer.ts), painted under the features.
 */
const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest(async (fresh) => {
  page = fresh;
  // Every worker the page starts, and how many features the map drew when it did.
  await page.addInitScript(() => {
    const Original = window.Worker;
    const started: Array<{ url: string; features: string | undefined }> = [];
    (window as unknown as { startedWorkers: typeof started }).startedWorkers = started;
    window.Worker = class extends Original {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        started.push({ url: String(url), features: document.querySelector<HTMLElement>('.gportal-map')?.dataset.features });
      }
    };
  });
  await signIn(page, baseUrl);
});

const LAND_WORKER = /\/land\.worker-[\w-]+\.js$/;
/** The land's fill (base-layer.ts) and the sea, the map's background (map.css). */
const LAND_FILL = [0xee, 0xf0, 0xe6];
const SEA = [0xcf, 0xe3, 0xf2];
/** Fujian between the sample towns (none within 0.3°), and the Taiwan Strait off Fuzhou. */
const ON_LAND: [number, number] = [118.0, 25.8];
const AT_SEA: [number, number] = [120.3, 25.3];

const startedWorkers = () => page.evaluate(() => (window as unknown as { startedWorkers: Array<{ url: string; features: string | undefined }> }).startedWorkers);

async function colourAt([lng, lat]: [number, number]): Promise<number[]> {
  const { x, y } = await mapPoint(page, lng, lat);
  const box = await mapElement(page).boundingBox();
  // Both points are inside the view the sample layer is fitted to.
  expect(box && x > box.x && x < box.x + box.width && y > box.y && y < box.y + box.height).toBe(true);
  return screenPixel(page, x, y);
}

async function expectLandPainted(): Promise<void> {
  await expect.poll(() => colourAt(ON_LAND), { timeout: 15_000 }).toEqual(LAND_FILL);
  expect(await colourAt(AT_SEA)).toEqual(SEA);
}

describe('the offline base map', () => {
  it('reads the land in its worker once the layer has shown, and paints it under the towns', async () => {
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    await expectLandPainted();
    const land = (await startedWorkers()).filter(({ url }) => LAND_WORKER.test(url));
    // One worker, started once the layer's 8 towns were drawn: the land did not compete with the layer's opening.
    expect(land).toEqual([{ url: expect.stringMatching(LAND_WORKER), features: '8' }]);
    await screenshot(page, 'feature-map-land');
  });

  it('decodes the land on the main thread when its worker cannot load', async () => {
    await page.route(LAND_WORKER, (route) => route.abort());
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    await expectLandPainted();
    expect((await startedWorkers()).filter(({ url }) => LAND_WORKER.test(url))).toHaveLength(1);
  });

  it('says in a sentence that the base map could not be loaded when its file is missing, and the layer is still edited', async () => {
    await page.route(/\/land-50m-[\w-]+\.json$/, (route) => route.fulfill({ status: 404, body: 'not here' }));
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    await page.locator('.ant-message-notice', { hasText: '底图加载失败' }).waitFor();
    expect(await colourAt(ON_LAND)).toEqual(SEA);
    await expect(mapElement(page).getAttribute('data-features')).resolves.toBe('8');
  });
});
