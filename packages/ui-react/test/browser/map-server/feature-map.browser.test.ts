import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { wfsServer } from '@gportal/adapters-geoserver/test-support';
import { freshPagePerTest, screenshot, signIn, PORTAL_USER } from '../browser.js';
import { routeToMapServer } from './map-server-routes.js';
import { clickMap, mapElement, mapPoint, skipAttributes, waitForFeatures, waitForMapReady, waitForMapStill } from '../map-helpers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    wfsUrl: string;
  }
}

const baseUrl = inject('baseUrl');
const wfsUrl = inject('wfsUrl');
let page: Page;
freshPagePerTest((fresh) => {
  page = fresh;
});
beforeEach(() => wfsServer('reset'));

const button = (name: string) => page.getByRole('button', { name, exact: true });
const badge = () => page.getByTestId('pending-badge');

/** Forwards a request of the app to the real server (the page sees one origin, as behind the dev proxy). */
/**
 * GeoServer's WMTS conventions (layer `cite:vec_town`, matrices named `EPSG:4326:z`) mapped to
 * the test project's (QGIS Server serves the town polygons as `towns`, matrices named `z`).
 */
function qgisTileUrl(requested: string): string {
  const url = new URL(requested);
  const target = new URL(wfsUrl);
  for (const [key, value] of url.searchParams) target.searchParams.set(key, value);
  expect(url.searchParams.get('LAYER')).toBe('cite:vec_town');
  target.searchParams.set('LAYER', 'towns');
  target.searchParams.set('STYLE', 'default');
  target.searchParams.set('TILEMATRIX', (url.searchParams.get('TILEMATRIX') ?? '').replace(/^EPSG:4326:/, ''));
  return target.toString();
}

async function openMapServerApp(tiles: number[]) {
  // A refused save with an error page of no exception report may have committed: the next save
  // waits the window a lost save may still commit in (a second here) before sending again.
  await routeToMapServer(page, wfsUrl, { wmtsUrl: '/wmts', unknownOutcomeWindowMs: 1000 });
  await page.route('**/wmts?**', async (route) => {
    const response = await route.fetch({ url: qgisTileUrl(route.request().url()), timeout: 20_000 });
    if (response.status() === 200 && response.headers()['content-type'] === 'image/png') tiles.push(response.status());
    await route.fulfill({ response });
  });
  await signIn(page, baseUrl, PORTAL_USER);
  await page.goto(`${baseUrl}/feature-map`);
}

/** The features of a layer straight from the server, lon/lat (GeoJSON). */
async function serverFeatures(typeName: string): Promise<Array<{ id: string; geometry: { type: string; coordinates: number[][][][] } }>> {
  const url = `${wfsUrl}?SERVICE=WFS&VERSION=1.1.0&REQUEST=GetFeature&TYPENAME=${typeName}&OUTPUTFORMAT=application/json`;
  const response = await fetch(url, { signal: AbortSignal.timeout(20_000) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { features: Array<{ id: string; geometry: { type: string; coordinates: number[][][][] } }> }).features;
}

/** A triangle in the empty lower right of the view fitted to the two districts. */
async function triangleInView(): Promise<Array<[number, number]>> {
  const bounds = await page.locator('.gportal-map').getAttribute('data-bounds');
  const [south, west, north, east] = (bounds ?? '').split(',').map(Number) as [number, number, number, number];
  const at = (x: number, y: number): [number, number] => [west + (east - west) * x, south + (north - south) * y];
  return [at(0.6, 0.15), at(0.8, 0.15), at(0.8, 0.35)];
}

async function drawTriangle(): Promise<Array<[number, number]>> {
  const triangle = await triangleInView();
  await button('标绘').click();
  for (const [lng, lat] of triangle) await clickMap(page, lng, lat);
  await clickMap(page, ...(triangle[0] as [number, number]));
  await skipAttributes(page);
  return triangle;
}

describe('feature map in map-server mode, against QGIS Server + PostGIS', () => {
  it("shows rivers under the edited districts (图层), and a vertex snapped onto a river's vertex is saved with exactly its coordinates", async () => {
    await openMapServerApp([]);
    await waitForMapReady(page, 2);
    await button('图层').click();
    await page.getByRole('region', { name: '图层', exact: true }).getByRole('checkbox', { name: 'rivers', exact: true }).check();
    await page.locator('.leaflet-pane[data-type-name="rivers"] canvas').first().waitFor({ state: 'attached' });
    await expect(mapElement(page).getAttribute('data-features')).resolves.toBe('2');
    // The Jiulong River's first vertex, outside both districts.
    const river: [number, number] = [117.2, 24.9];
    const rivers = await serverFeatures('rivers');
    expect(rivers.some((feature) => (feature.geometry.coordinates as unknown as number[][][])[0]?.[0]?.join() === river.join())).toBe(true);
    await screenshot(page, 'feature-map-map-server-rivers');
    const [, second, third] = await triangleInView();
    await button('标绘').click();
    await page.locator('.gportal-map[aria-busy]').waitFor({ state: 'detached' });
    const start = await mapPoint(page, ...river);
    await page.mouse.move(start.x + 3, start.y + 2);
    await page.mouse.click(start.x + 3, start.y + 2);
    await page.locator('.gportal-snap-marker[data-snap="vertex"]').waitFor();
    await page.waitForTimeout(150);
    await clickMap(page, ...(second as [number, number]));
    await clickMap(page, ...(third as [number, number]));
    await page.waitForTimeout(150);
    await page.mouse.click(start.x + 3, start.y + 2);
    await waitForFeatures(page, 3);
    await skipAttributes(page);
    await button('保存').click();
    // The triangle from the river reaches over a district, which the save asks about first
    // (拓扑检查's save question): saved all the same, as this test is about the snapped vertex.
    const saved = page.locator('.ant-message-notice', { hasText: '已保存：新增 1，修改 0，删除 0' });
    const ask = page.getByRole('dialog').filter({ hasText: '要保存的修改与相邻要素重叠' });
    await saved.or(ask).first().waitFor({ timeout: 20_000 });
    if (await ask.isVisible()) await ask.getByRole('button', { name: '仍然保存', exact: true }).click();
    await saved.waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await serverFeatures('districts')).length).toBe(3);
    const added = (await serverFeatures('districts')).find((feature) => !['districts.1', 'districts.2'].includes(feature.id));
    expect(added?.geometry.coordinates[0]?.[0]?.[0]).toEqual(river);
  });

  it('loads the multipolygon layer, draws, saves, and the server has the polygon in lon/lat order; the WMTS base map shows tiles', async () => {
    const tiles: number[] = [];
    await openMapServerApp(tiles);
    // The test project's multipolygon layer is `districts`, with 2 rows after a reset.
    await waitForMapReady(page, 2);
    await page.locator('.gportal-wmts img.leaflet-tile-loaded').first().waitFor();
    expect(tiles.length).toBeGreaterThan(0);
    await screenshot(page, 'feature-map-map-server');

    const triangle = await drawTriangle();
    await waitForFeatures(page, 3);
    await button('保存').click();
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 1，修改 0，删除 0' }).waitFor();
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');
    await screenshot(page, 'feature-map-map-server-saved');

    const features = await serverFeatures('districts');
    expect(features).toHaveLength(3);
    const added = features.find((feature) => feature.id === 'districts.3');
    expect(added?.geometry.type).toBe('MultiPolygon');
    const ring = added?.geometry.coordinates[0]?.[0] ?? [];
    expect(ring).toHaveLength(4);
    // Each vertex is where it was clicked, longitude first (a pixel is about 0.01° here).
    for (const [index, [lng, lat]] of triangle.entries()) {
      const [x, y] = ring[index] ?? [];
      expect(Math.abs((x ?? 0) - lng)).toBeLessThan(0.02);
      expect(Math.abs((y ?? 0) - lat)).toBeLessThan(0.02);
    }
  });

  it('吸附: a vertex snapped onto a neighbour’s vertex has exactly its coordinates on the server after the save', async () => {
    await openMapServerApp([]);
    await waitForMapReady(page, 2);
    const before = await serverFeatures('districts');
    const corner = before[0]?.geometry.coordinates[0]?.[0]?.[1] as [number, number];
    const triangle = await triangleInView();
    await button('标绘').click();
    const at = await mapPoint(page, ...corner);
    await page.mouse.click(at.x + 5, at.y - 4);
    await page.waitForTimeout(120);
    await page.locator('.gportal-snap-marker[data-snap="vertex"]').waitFor();
    for (const [lng, lat] of triangle.slice(1)) await clickMap(page, lng, lat);
    // The first point sits on the corner now: a click there finishes the polygon.
    await page.mouse.click(at.x, at.y);
    await waitForFeatures(page, 3);
    await skipAttributes(page);
    await button('保存').click();
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 1，修改 0，删除 0' }).waitFor();
    const added = (await serverFeatures('districts')).find((feature) => !before.some((old) => old.id === feature.id));
    expect(added?.geometry.coordinates[0]?.[0]?.[0]).toEqual(corner);
  });

  it('a refused save says why and keeps the drawing on the map, marked unsaved; the next save sends it once', async () => {
    await openMapServerApp([]);
    await waitForMapReady(page, 2);
    let refuse = true;
    await page.route('**/ows', async (route) => {
      if (refuse && route.request().method() === 'POST' && (route.request().postData() ?? '').includes('Transaction')) {
        refuse = false;
        await route.fulfill({ status: 500, contentType: 'text/plain', body: 'database is down' });
        return;
      }
      await route.fallback();
    });
    await drawTriangle();
    await waitForFeatures(page, 3);
    await button('保存').click();
    await page.locator('.ant-message-notice', { hasText: 'database is down' }).waitFor();
    await expect(badge().textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');
    await waitForFeatures(page, 3);
    await screenshot(page, 'feature-map-map-server-save-failed');
    await expect(serverFeatures('districts')).resolves.toHaveLength(2);

    await button('保存').click();
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 1，修改 0，删除 0' }).waitFor();
    await expect(serverFeatures('districts')).resolves.toHaveLength(3);
  });
});

/** The server's layers in the selector, as text and value, with their `<optgroup>` when any. */
function selectorOptions(): Promise<Array<{ group: string | null; text: string; value: string }>> {
  return page.getByRole('combobox', { name: '图层', exact: true }).evaluate((select) =>
    [...(select as HTMLSelectElement).options].map((option) => ({ group: option.parentElement instanceof HTMLOptGroupElement ? option.parentElement.label : null, text: option.text, value: option.value })),
  );
}

describe('the layers of the server and their required fields', () => {
  it('lists every layer of GetCapabilities by title, and edits the exact layer chosen, not the first of its kind; the URL keeps it', async () => {
    await openMapServerApp([]);
    await waitForMapReady(page, 2);
    // QGIS Server's layers have no workspace: one list, in the server's order, titled as the server titles them.
    await expect(selectorOptions()).resolves.toEqual(
      ['poi', 'roads', 'towns', 'districts', 'rivers', 'towns_cgcs2000', 'towns_large', 'stations'].map((name) => ({ group: null, text: name, value: name })),
    );
    // Two layers hold polygons: the second one, chosen, is the one edited.
    const towns = await serverFeatures('towns');
    const before = await serverFeatures('towns_cgcs2000');
    await page.getByRole('combobox', { name: '图层', exact: true }).selectOption('towns_cgcs2000');
    await page.waitForURL(/[?&]layer=towns_cgcs2000$/);
    await waitForMapReady(page, before.length);
    await drawTriangle();
    await waitForFeatures(page, before.length + 1);
    await button('保存').click();
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 1，修改 0，删除 0' }).waitFor();
    await expect(serverFeatures('towns_cgcs2000')).resolves.toHaveLength(before.length + 1);
    await expect(serverFeatures('towns')).resolves.toHaveLength(towns.length);

    await page.reload();
    await waitForMapReady(page, before.length + 1);
    await expect(page.getByRole('combobox', { name: '图层', exact: true }).inputValue()).resolves.toBe('towns_cgcs2000');
  });

  it('refuses to save a point without its required name (poi.name is NOT NULL): names the field, outlines the point and opens its form', async () => {
    await openMapServerApp([]);
    await waitForMapReady(page, 2);
    const before = await serverFeatures('poi');
    await page.getByRole('combobox', { name: '图层', exact: true }).selectOption('poi');
    await waitForMapReady(page, before.length);
    await button('画点').and(page.locator(':enabled')).waitFor();
    await button('画点').click();
    const [lng, lat] = (await triangleInView())[0] as [number, number];
    await clickMap(page, lng, lat);
    await waitForFeatures(page, before.length + 1);
    await skipAttributes(page);

    let transactions = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && (request.postData() ?? '').includes('Transaction')) transactions += 1;
    });
    await button('保存').click();
    await page.locator('.ant-message-notice', { hasText: '无法保存：必填字段 “name” 未填写，缺少的要素已在地图上标出。请填写后再保存。' }).waitFor();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('“name”不能为空').waitFor();
    await expect(mapElement(page).getAttribute('data-missing-required')).resolves.toMatch(/\S/);
    await screenshot(page, 'feature-map-required-missing', { fullPage: false });
    // Closed unfilled, the point stays outlined; the next 保存 is refused again and opens the form again.
    await dialog.getByRole('button', { name: '取消', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(mapElement(page).getAttribute('data-missing-required')).resolves.toMatch(/\S/);
    await screenshot(page, 'feature-map-required-outlined', { fullPage: false });
    await button('保存').click();
    await dialog.getByText('“name”不能为空').waitFor();
    expect(transactions).toBe(0);

    await dialog.getByRole('textbox', { name: 'name', exact: true }).fill('鼓山');
    await dialog.getByRole('button', { name: '确定', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => mapElement(page).getAttribute('data-missing-required')).toBe('');
    await button('保存').click();
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 1，修改 0，删除 0' }).waitFor();
    const after = await serverFeatures('poi');
    expect(after).toHaveLength(before.length + 1);
    const added = after.find((feature) => !before.some((old) => old.id === feature.id)) as unknown as { properties: { name: string } };
    expect(added.properties.name).toBe('鼓山');
  });

  it('on the multi-point layer (stations), 添加部分 adds a station and 删除部分 removes one; the server row holds exactly those points', async () => {
    await openMapServerApp([]);
    await waitForMapReady(page, 2);
    // Fuzhou's stations (seed.sql): west (kept) and east (removed); a third added south of them.
    const kept: [number, number] = [119.28, 26.02];
    const removed: [number, number] = [119.32, 26.11];
    const added: [number, number] = [119.34, 25.96];
    await page.getByRole('combobox', { name: '图层', exact: true }).selectOption('stations');
    await page.waitForURL(/[?&]layer=stations$/);
    // Two features of two stations each, drawn as markers, the view fitted to them.
    await expect.poll(() => page.locator('.leaflet-marker-pane .gportal-marker').count()).toBe(4);
    await waitForMapStill(page);
    const points = page.locator('.leaflet-marker-pane .gportal-marker-unsaved');
    // Fitted, Fuzhou's stations sit beside the toolbar's second row: the map takes that click, not
    // the empty part of the row (which swallowed it before).
    await clickMap(page, ...kept);
    await button('编辑图形').click();
    await expect.poll(() => points.count()).toBe(2);
    await waitForMapStill(page);
    await button('添加部分').click();
    await clickMap(page, ...added);
    await expect.poll(() => points.count()).toBe(3);
    await button('删除部分').click();
    await clickMap(page, ...removed);
    await expect.poll(() => points.count()).toBe(2);
    await button('完成').click();
    await badge().filter({ hasText: '未保存：新增 0 · 修改 1 · 删除 0' }).waitFor();
    await button('保存').click();
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 0，修改 1，删除 0' }).waitFor();

    const fuzhou = (await serverFeatures('stations')).find((feature) => feature.id === 'stations.1');
    const coordinates = fuzhou?.geometry.coordinates as unknown as Array<[number, number]>;
    expect(fuzhou?.geometry.type).toBe('MultiPoint');
    expect(coordinates).toHaveLength(2);
    // The station kept is unchanged to the last digit; the added one is where the click was (a pixel is ~0.003°).
    expect(coordinates[0]).toEqual(kept);
    expect(Math.abs((coordinates[1]?.[0] ?? 0) - added[0])).toBeLessThan(0.01);
    expect(Math.abs((coordinates[1]?.[1] ?? 0) - added[1])).toBeLessThan(0.01);
  });
});
