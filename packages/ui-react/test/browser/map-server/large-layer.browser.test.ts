import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { wfsServer, wfsSql } from '@gportal/adapters-geoserver/test-support';
import { freshPagePerTest, screenshot, signIn, PORTAL_USER } from '../browser.js';
import { routeToMapServer } from './map-server-routes.js';
import { clickMap, mapElement, waitForLayerPainted, waitForMapStill } from '../map-helpers.js';

/**
 * The layer of 100 000 towns (`towns_large`, `wfs-server.sh seed-large`) in map-server mode: the
 * map loads by view, never more than 2000 features a request, says when the view holds too many
 * to edit (showing the server's WMS rendering then), and saves an edit made far from where it
 * opened. The towns sit on a grid: cell (column, row) is lon 115.5 + 0.024 column, lat
 * 20.5 + 0.02 row, its town is `towns_large.<row × 250 + column + 1>`, centred in it.
 */
const baseUrl = inject('baseUrl');
const wfsUrl = inject('wfsUrl');
let page: Page;
freshPagePerTest((fresh) => {
  page = fresh;
});
// 100 000 polygons generated in SQL: about 20 s the first time, nothing when they are there.
// Names an earlier run changed are put back, so the save below is the only change.
beforeAll(async () => {
  await wfsServer('seed-large');
  await wfsSql(`UPDATE towns_large SET name = 'Town ' || id WHERE name <> 'Town ' || id`);
}, 120_000);

const LIMIT = 2000;
const button = (name: string) => page.getByRole('button', { name, exact: true });
const badge = () => page.getByTestId('pending-badge');
const notice = () => page.getByTestId('view-limit');

interface OwsRequest {
  method: string;
  url: URL;
  body: string;
}

/** Forwards a request of the app to the real server; one still in flight when the page closes (a WMS tile) is dropped. */
/** Opens the feature map on `towns_large`; every request to the map server is recorded. */
async function openLargeLayer(): Promise<OwsRequest[]> {
  const requests: OwsRequest[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/ows')) requests.push({ method: request.method(), url, body: request.postData() ?? '' });
  });
  await routeToMapServer(page, wfsUrl, { wmtsUrl: '/wmts' });
  // No base map: the test is about the layer.
  await page.route('**/wmts?**', (route) => route.fulfill({ status: 404, body: '' }));
  await signIn(page, baseUrl, PORTAL_USER);
  await page.goto(`${baseUrl}/feature-map?layer=towns_large`);
  return requests;
}

async function viewBounds(): Promise<{ south: number; west: number; north: number; east: number }> {
  const [south, west, north, east] = ((await mapElement(page).getAttribute('data-bounds')) ?? '').split(',').map(Number) as [number, number, number, number];
  return { south, west, north, east };
}

/** Waits until the view's features are loaded and drawn: no view loading, no notice, features on the map. */
async function waitForViewLoaded(): Promise<number> {
  await waitForMapStill(page);
  await page.locator('.gportal-map:not([data-loading-view])').waitFor({ timeout: 30_000 });
  await expect.poll(() => notice().count()).toBe(0);
  await waitForLayerPainted(page);
  return Number(await mapElement(page).getAttribute('data-features'));
}

/**
 * Pans the map east by about 80 % of a view, dragging it as a person does, but still before the
 * button is released (no inertia). A drag Leaflet did not take (it happens now and then under
 * load) is made again.
 */
async function panEast(): Promise<void> {
  const box = await mapElement(page).boundingBox();
  if (!box) throw new Error('no map');
  const [from, to, y] = [box.x + box.width * 0.9, box.x + box.width * 0.1, box.y + box.height / 2];
  const start = (await viewBounds()).west;
  for (let attempt = 0; attempt < 3 && (await viewBounds()).west === start; attempt++) {
    await page.mouse.move(from, y);
    await page.mouse.down();
    for (let step = 1; step <= 20; step++) await page.mouse.move(from + ((to - from) * step) / 20, y);
    await page.waitForTimeout(150);
    await page.mouse.up();
    await waitForMapStill(page);
  }
}

/** The GetFeature requests that read features (not counts), with the limit each asked for. */
function featureReads(requests: OwsRequest[]): Array<{ limit: number | undefined; body: string }> {
  return requests
    .filter((request) => /GetFeature/i.test(request.body) || /^GetFeature$/i.test(request.url.searchParams.get('REQUEST') ?? ''))
    .filter((request) => !/resultType="hits"/.test(request.body) && !/^hits$/i.test(request.url.searchParams.get('RESULTTYPE') ?? ''))
    .map((request) => {
      const limit = /\bmaxFeatures="(\d+)"/.exec(request.body)?.[1] ?? request.url.searchParams.get('MAXFEATURES') ?? undefined;
      return { limit: limit === undefined ? undefined : Number(limit), body: request.body };
    });
}

/** Waits until the tiles around the view are read and painted ahead: the requests have stopped for a second and nothing is being painted ahead. */
async function waitForPaintedAhead(requests: OwsRequest[]): Promise<void> {
  const canvas = page.locator('.gportal-feature-canvas');
  let seen = -1;
  for (let tries = 0; ; tries++) {
    const [count, ahead] = [requests.length, await canvas.getAttribute('data-ahead')];
    if (count === seen && ahead !== null) return;
    if (tries > 60) throw new Error('the tiles around the view were never all read and painted ahead');
    seen = count;
    await page.waitForTimeout(1000);
  }
}

/** Keeps in the page the canvas as it is now (composed from the tiles painted ahead). */
async function keepComposed(): Promise<void> {
  await page.locator('.gportal-feature-canvas').evaluate((element) => {
    const { width, height } = element as HTMLCanvasElement;
    (window as unknown as { composed: Uint8ClampedArray }).composed = (element as HTMLCanvasElement).getContext('2d')?.getImageData(0, 0, width, height).data ?? new Uint8ClampedArray();
  });
}

/**
 * Repaints the view whole (a town marked in delete mode is hidden, then shown again on 取消)
 * and compares its pixels with those `keepComposed` kept. Skia anti-aliases a path that crosses
 * its canvas's edge otherwise than one inside it: the outlines of towns crossing a tile's edge
 * (or the whole canvas's) differ by a few levels of alpha along their length (measured: 0.6 % of
 * the pixels, all but a few hundred by less than 32 levels, mostly within 12 px of such an edge).
 * A town missing or extra would differ by its fill's alpha (38) over a thousand pixels or more,
 * and in colour nowhere.
 */
async function expectComposedAsRepainted(): Promise<void> {
  const canvas = page.locator('.gportal-feature-canvas');
  const view = await viewBounds();
  const column = Math.floor(((view.west + view.east) / 2 - 115.5) / 0.024);
  const row = Math.floor(((view.south + view.north) / 2 - 20.5) / 0.02);
  await button('删除').click();
  await clickMap(page, 115.5 + 0.024 * (column + 0.5), 20.5 + 0.02 * (row + 0.5));
  await page.getByText('已选 1 个').waitFor();
  await button('取消').click();
  await page.locator('.gportal-feature-canvas:not([data-painting]):not([data-painted-ahead])').waitFor({ state: 'attached' });
  const compared = await canvas.evaluate((element) => {
    const { width, height } = element as HTMLCanvasElement;
    const whole = (element as HTMLCanvasElement).getContext('2d')?.getImageData(0, 0, width, height).data ?? new Uint8ClampedArray();
    const composed = (window as unknown as { composed: Uint8ClampedArray }).composed;
    let differing = 0;
    let far = 0;
    let colour = 0;
    let paintedWhole = 0;
    let paintedComposed = 0;
    for (let at = 0; at < whole.length; at += 4) {
      const [alpha, before] = [whole[at + 3] as number, composed[at + 3] as number];
      if (alpha !== 0) paintedWhole += 1;
      if (before !== 0) paintedComposed += 1;
      if (alpha !== before) differing += 1;
      if (Math.abs(alpha - before) > 32) far += 1;
      if (alpha > 8 && before > 8 && [0, 1, 2].some((channel) => whole[at + channel] !== composed[at + channel])) colour += 1;
    }
    return { differing, far, colour, painted: [paintedWhole, paintedComposed], pixels: whole.length / 4, same: composed.length === whole.length };
  });
  expect(compared.same).toBe(true);
  const [whole, composed] = compared.painted as [number, number];
  expect(whole).toBeGreaterThan(compared.pixels / 20);
  expect(Math.abs(whole - composed)).toBeLessThan(whole / 100);
  expect(compared.colour).toBe(0);
  expect(compared.differing).toBeLessThan(compared.pixels / 50);
  expect(compared.far).toBeLessThan(compared.pixels / 2000);
}

describe('a layer of 100 000 polygons on QGIS Server', () => {
  it('loads by view: too many to edit at first (the server draws them), then pans across it, edits a town far away and saves it; no request asks for more than 2000', async () => {
    const requests = await openLargeLayer();
    page.on('pageerror', (error) => console.log('PAGEERROR', error.message));
    // The first view holds the whole layer: nothing is loaded, the server's rendering stands in.
    await notice().getByText('缩放以编辑：视图内有 100,000 个要素', { exact: true }).waitFor({ timeout: 30_000 });
    await page.locator('.gportal-server-rendering img.leaflet-tile-loaded').first().waitFor({ timeout: 30_000 });
    // Leaflet writes the WMS parameters in lower case.
    expect(requests.some((request) => request.url.searchParams.get('request') === 'GetMap' && request.url.searchParams.get('layers') === 'towns_large')).toBe(true);
    await expect(button('编辑').isDisabled()).resolves.toBe(true);
    await expect(button('标绘').isDisabled()).resolves.toBe(true);
    expect(Number(await mapElement(page).getAttribute('data-features'))).toBe(0);
    await screenshot(page, 'large-layer-too-many');

    // Zoomed in about 16 times (0.6 square degrees, about 1300 towns), the view loads.
    for (let zoom = 0; zoom < 4; zoom++) {
      await button('放大').click();
      await waitForMapStill(page);
    }
    const first = await viewBounds();
    const loadedFirst = await waitForViewLoaded();
    expect(loadedFirst).toBeGreaterThan(500);
    await expect(page.locator('.gportal-server-rendering').count()).resolves.toBe(0);
    await expect(button('编辑').isDisabled()).resolves.toBe(false);
    await screenshot(page, 'large-layer-view-loaded');

    // Three pans east, each loading the tiles that came into view.
    let loaded = loadedFirst;
    for (let pan = 0; pan < 3; pan++) {
      const reads = featureReads(requests).length;
      const before = await viewBounds();
      await panEast();
      const now = await waitForViewLoaded();
      expect((await viewBounds()).west).toBeGreaterThan(before.west + 0.5 * (before.east - before.west));
      expect(now).toBeGreaterThan(loaded);
      expect(featureReads(requests).length).toBeGreaterThan(reads);
      loaded = now;
    }
    const far = await viewBounds();
    expect(far.west).toBeGreaterThan(first.east);

    // The town nearest the middle of the view, far from the first one.
    const column = Math.floor(((far.west + far.east) / 2 - 115.5) / 0.024);
    const row = Math.floor(((far.south + far.north) / 2 - 20.5) / 0.02);
    const id = row * 250 + column + 1;
    await clickMap(page, 115.5 + 0.024 * (column + 0.5), 20.5 + 0.02 * (row + 0.5));
    await page.getByTestId('feature-properties').getByText(`Town ${id}`, { exact: true }).waitFor();
    await button('编辑属性').click();
    const name = page.getByRole('textbox', { name: 'name' });
    await name.fill('');
    await name.fill(`远处的镇 ${id}`);
    await button('确定').click();
    await expect(badge().textContent()).resolves.toBe('未保存：新增 0 · 修改 1 · 删除 0');
    await button('保存').click();
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 0，修改 1，删除 0' }).waitFor({ timeout: 30_000 });
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');
    await expect(wfsSql(`SELECT name FROM towns_large WHERE id = ${id}`)).resolves.toBe(`远处的镇 ${id}`);
    // Nothing else changed: one town renamed, the geometry of it untouched.
    await expect(wfsSql(`SELECT count(*) FROM towns_large WHERE name <> 'Town ' || id`)).resolves.toBe('1');
    await screenshot(page, 'large-layer-saved');

    const reads = featureReads(requests);
    expect(reads.length).toBeGreaterThan(4);
    for (const read of reads) {
      expect(read.limit, read.body.slice(0, 300)).toBeDefined();
      expect(read.limit as number).toBeLessThanOrEqual(LIMIT);
    }
    // Every read of the view carried a BBOX (the reads by id are the save's).
    for (const read of reads.filter((candidate) => !/FeatureId/.test(candidate.body))) expect(read.body).toContain('BBOX');
  });

  it('paints the tiles around the view ahead: a second pan the same way, then a zoom out, show their towns from them at once, as a whole repaint paints them but for anti-aliasing', async () => {
    const requests = await openLargeLayer();
    await notice().getByText('缩放以编辑：视图内有 100,000 个要素', { exact: true }).waitFor({ timeout: 30_000 });
    // About 300 towns a view.
    for (let zoom = 0; zoom < 5; zoom++) {
      await button('放大').click();
      await waitForMapStill(page);
    }
    await waitForViewLoaded();
    await panEast();
    await waitForViewLoaded();
    const canvas = page.locator('.gportal-feature-canvas');
    // No view shown from tiles painted ahead yet: the first pan had no way to expect.
    await expect(canvas.getAttribute('data-painted-ahead')).resolves.toBeNull();
    // The tiles around the view read ahead, then painted ahead toward the east.
    await waitForPaintedAhead(requests);
    expect(Number(await canvas.getAttribute('data-ahead'))).toBeGreaterThan(10);

    await panEast();
    const shown = await waitForViewLoaded();
    expect(shown).toBeGreaterThan(300);
    await expect(canvas.getAttribute('data-painted-ahead')).resolves.toBe('');
    await keepComposed();
    await screenshot(page, 'large-layer-painted-ahead');
    await expectComposedAsRepainted();

    // A zoom out (the zoom control's, about the view's centre): its tiles were painted ahead too, one zoom out.
    await waitForPaintedAhead(requests);
    await button('缩小').click();
    expect(await waitForViewLoaded()).toBeGreaterThan(shown);
    await expect(canvas.getAttribute('data-painted-ahead')).resolves.toBe('');
    await keepComposed();
    await screenshot(page, 'large-layer-zoomed-out-ahead');
    await expectComposedAsRepainted();
  });

  it('says in English too, at 1024 px and on a phone, that the view holds too many features to edit', async () => {
    await openLargeLayer();
    await notice().getByText('缩放以编辑：视图内有 100,000 个要素', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('radio', { name: 'English' }).click();
    await notice().getByText('Zoom in to edit: 100,000 features in view', { exact: true }).waitFor();
    await expect(button('Edit').isDisabled()).resolves.toBe(true);
    await page.setViewportSize({ width: 1024, height: 768 });
    await waitForMapStill(page);
    await page.locator('.gportal-server-rendering img.leaflet-tile-loaded').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'large-layer-too-many-en-1024');
    await page.setViewportSize({ width: 390, height: 844 });
    await notice().waitFor();
    // The notice stays inside the map on a phone: no sideways scroll.
    const [map, box] = await Promise.all([mapElement(page).boundingBox(), notice().boundingBox()]);
    expect(box && map && box.x >= map.x && box.x + box.width <= map.x + map.width).toBe(true);
    await screenshot(page, 'large-layer-too-many-en-390');
  });
});
