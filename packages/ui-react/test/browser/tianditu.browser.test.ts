import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, freshPagePerTest, screenshot, signIn } from './browser.js';
import { mapElement, mapPoint, screenPixel, waitForMapReady, waitForMapStill } from './map-helpers.js';
import { startTiandituTileServer } from './tianditu-tile-server.js';

/**
 * 底图 with 天地图: the `c` tiles from Tianditu's hosts, answered here by a local server that checks
 * every parameter (the browser asks the real hosts, allowed by the page's policy; the test routes
 * them to 127.0.0.1). The tile under a known feature must be the one holding it, at three zooms.
 */
const baseUrl = inject('baseUrl');
const KEY = 'testkey0123456789';
/** The sample towns (sample-seed.ts): the one nearest the view's centre is the known feature probed. */
const TOWNS: Array<[number, number]> = [[119.3, 26.08], [118.09, 24.48], [118.68, 24.87], [117.65, 24.51], [119.0, 25.45], [117.02, 25.08], [117.64, 26.26], [118.18, 26.64]];
/** Fujian between the sample towns, on land (land.browser.test.ts): the land fill shows there when tiles fail. */
const ON_LAND: [number, number] = [118.0, 25.8];
const LAND_FILL = [0xee, 0xf0, 0xe6];

let tiles: Awaited<ReturnType<typeof startTiandituTileServer>>;
beforeAll(async () => {
  tiles = await startTiandituTileServer(KEY);
});
afterAll(() => tiles.stop());

let page: Page;
freshPagePerTest(async (fresh) => {
  page = fresh;
  tiles.requests.length = 0;
  tiles.problems.length = 0;
  tiles.failing = false;
  await page.route(/^https:\/\/t[0-7]\.tianditu\.gov\.cn\//, async (route) => {
    const asked = new URL(route.request().url());
    const response = await route.fetch({ url: `${tiles.url}${asked.pathname}${asked.search}`, timeout: 10_000 });
    await route.fulfill({ response });
  });
});

const serveConfig = (settings: Record<string, unknown>) => page.route('**/config.json', (route) => route.fulfill({ json: settings }));
const baseMapSelect = (name = '底图') => page.getByRole('combobox', { name });

/** The Tianditu map tile drawn at the screen point of `lng, lat`: its level, row and column, from its URL. */
async function tileAt(lng: number, lat: number): Promise<{ level: number; row: number; col: number; host: string }> {
  const { x, y } = await mapPoint(page, lng, lat);
  // Every loaded tile under the point (during a zoom, the last level's too): the deepest level's.
  const sources = await page.evaluate(
    ({ x, y }) =>
      [...document.querySelectorAll<HTMLImageElement>('.gportal-tianditu-map img.leaflet-tile-loaded')]
        .filter((tile) => {
          const box = tile.getBoundingClientRect();
          return x >= box.left && x < box.right && y >= box.top && y < box.bottom;
        })
        .map((tile) => tile.src),
    { x, y },
  );
  const src = sources.sort((a, b) => Number(new URL(b).searchParams.get('TILEMATRIX')) - Number(new URL(a).searchParams.get('TILEMATRIX')))[0];
  if (!src) throw new Error(`no Tianditu tile drawn at ${lng}, ${lat}`);
  const url = new URL(src);
  return { level: Number(url.searchParams.get('TILEMATRIX')), row: Number(url.searchParams.get('TILEROW')), col: Number(url.searchParams.get('TILECOL')), host: url.host };
}

/** The town drawn nearest the map's centre. */
async function townInView(): Promise<[number, number]> {
  const box = await mapElement(page).boundingBox();
  if (!box) throw new Error('no map');
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const distances = await Promise.all(TOWNS.map(async (town) => {
    const { x, y } = await mapPoint(page, ...town);
    return Math.hypot(x - centre.x, y - centre.y);
  }));
  return TOWNS[distances.indexOf(Math.min(...distances))] as [number, number];
}

/** Zooms in by the wheel over `lng, lat`, which stays under the pointer. */
async function zoomInAt(lng: number, lat: number): Promise<void> {
  const { x, y } = await mapPoint(page, lng, lat);
  await page.mouse.move(x, y);
  await page.mouse.wheel(0, -240);
  await waitForMapStill(page);
}

async function expectRightTileUnder([lng, lat]: [number, number], above?: number): Promise<number> {
  // Tiles arrive one by one: until the one under the point has. After a zoom Leaflet keeps the
  // last level's tiles until the new level's have loaded: until one of a level above `above` is there.
  await expect.poll(() => tileAt(lng, lat).then((tile) => above === undefined || tile.level > above, () => false), { timeout: 15_000 }).toBe(true);
  const tile = await tileAt(lng, lat);
  // Level L of `c`: tiles of 180 / 2^(L-1) degrees, from 180° W and 90° N; one level over the map's zoom.
  const size = 180 / 2 ** (tile.level - 1);
  expect(lng).toBeGreaterThanOrEqual(-180 + tile.col * size);
  expect(lng).toBeLessThan(-180 + (tile.col + 1) * size);
  expect(lat).toBeLessThanOrEqual(90 - tile.row * size);
  expect(lat).toBeGreaterThan(90 - (tile.row + 1) * size);
  expect(tile.host).toMatch(/^t[0-7]\.tianditu\.gov\.cn$/);
  return tile.level;
}

describe('底图: Tianditu over the offline land', () => {
  it('lays the vector map and its annotation exactly under the features, at three zooms, and remembers the choice', async () => {
    await serveConfig({ tiandituKey: KEY });
    await signIn(page, baseUrl);
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    await baseMapSelect().selectOption({ label: '天地图矢量' });
    await waitForMapStill(page);
    const town = await townInView();

    const levels = [await expectRightTileUnder(town)];
    for (let step = 0; step < 2; step += 1) {
      await zoomInAt(...town);
      levels.push(await expectRightTileUnder(town, levels[levels.length - 1]));
    }
    expect(new Set(levels).size).toBe(3);
    expect(tiles.problems).toEqual([]);
    expect(new Set(tiles.requests.map((request) => request.layer))).toEqual(new Set(['vec', 'cva']));
    await expect.poll(() => page.locator('.leaflet-control-attribution').textContent()).toContain('© 天地图');
    await screenshot(page, 'feature-map-tianditu-zh-CN');

    await page.reload();
    await waitForMapReady(page, 8);
    expect(await baseMapSelect().inputValue()).toBe('tianditu-vector');
  });

  it('follows the language: the English UI asks the English annotation of the imagery', async () => {
    await serveConfig({ tiandituKey: KEY, tiandituReviewNumber: 'GS(2024)0000号' });
    await signIn(page, baseUrl);
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    await page.getByRole('radio', { name: 'English' }).click();
    await baseMapSelect('Base map').selectOption({ label: 'Tianditu imagery' });
    await waitForMapStill(page);
    await expectRightTileUnder(await townInView());
    await expect.poll(() => new Set(tiles.requests.map((request) => request.layer))).toEqual(new Set(['img', 'eia']));
    expect(tiles.problems).toEqual([]);
    await expect.poll(() => page.locator('.leaflet-control-attribution').textContent()).toContain('© Tianditu, map review number GS(2024)0000号');
    await screenshot(page, 'feature-map-tianditu-en');
  });

  it('shows the land where tiles fail, and says so once', async () => {
    await serveConfig({ tiandituKey: KEY });
    tiles.failing = true;
    await signIn(page, baseUrl);
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    await baseMapSelect().selectOption({ label: '天地图矢量' });
    const notice = page.getByText('天地图瓦片加载失败，加载不到的地方显示离线地图。');
    await notice.waitFor();
    await expect.poll(async () => {
      const { x, y } = await mapPoint(page, ...ON_LAND);
      return screenPixel(page, x, y);
    }, { timeout: 15_000 }).toEqual(LAND_FILL);
    expect(tiles.requests.length).toBeGreaterThan(1);
    expect(await notice.count()).toBe(1);
  });

  it('offers no Tianditu map without a key, and says why', async () => {
    await signIn(page, baseUrl, DEMO);
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    const options = await baseMapSelect().locator('option').allTextContents();
    expect(options).toEqual(['离线地图', '天地图（需在设置中填写密钥）']);
    expect(await baseMapSelect().locator('option[disabled]').count()).toBe(1);
    expect(tiles.requests).toEqual([]);
  });
});
