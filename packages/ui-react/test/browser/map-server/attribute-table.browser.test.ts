import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { wfsServer, wfsSql } from '@gportal/adapters-geoserver/test-support';
import { freshPagePerTest, PORTAL_USER, screenshot, signIn } from '../browser.js';
import { routeToMapServer } from './map-server-routes.js';

/**
 * The attribute table (属性表) of the layer of 100 000 towns (`towns_large`, `wfs-server.sh
 * seed-large`) on the real QGIS Server + PostGIS: the first page, a search and a sort, each
 * answered by the server (one GetFeature of at most a page, never the whole layer) and shown, the
 * count from the server. What the rows must be is asked of PostgreSQL.
 */
const baseUrl = inject('baseUrl');
const wfsUrl = inject('wfsUrl');
let page: Page;
freshPagePerTest((fresh) => {
  page = fresh;
});
beforeAll(async () => {
  await wfsServer('seed-large');
  await wfsSql(`UPDATE towns_large SET name = 'Town ' || id WHERE name <> 'Town ' || id`);
}, 120_000);

/** Opens the feature map on `towns_large`; answers the `maxFeatures` of every sorted GetFeature the page asks (the table's). */
async function openLargeLayer(): Promise<number[]> {
  const pages: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.endsWith('/ows')) return;
    const text = `${url.search} ${request.postData() ?? ''}`;
    // The table's reads are sorted (then by id); the map's loads by view are not.
    if (!/GetFeature/i.test(text) || !/SortBy/.test(text) || /resultType="?hits/i.test(text)) return;
    const asked = /(?:maxFeatures|count)(?:=|="?)(\d+)/i.exec(text);
    pages.push(asked ? Number(asked[1]) : Number.POSITIVE_INFINITY);
  });
  await routeToMapServer(page, wfsUrl, { wmtsUrl: '/wmts' });
  await page.route('**/wmts?**', (route) => route.fulfill({ status: 404, body: '' }));
  await signIn(page, baseUrl, PORTAL_USER);
  await page.goto(`${baseUrl}/feature-map?layer=towns_large`);
  return pages;
}

const table = () => page.getByRole('region', { name: '属性表' });
/** The `name` column of the rows shown (the layer's `id` comes first). */
const names = () =>
  table()
    .locator('table')
    .evaluate((element: HTMLTableElement) => {
      const column = [...(element.tHead?.rows[0]?.cells ?? [])].findIndex((cell) => cell.textContent === 'name');
      return [...element.tBodies[0]!.rows].map((row) => row.cells[column]?.textContent ?? '');
    });
const count = () => table().getByTestId('table-count').textContent();

describe('the attribute table of 100 000 towns on QGIS Server', () => {
  it('shows the first page, a search and a sort, each one page from the server, counted by it', async () => {
    const pages = await openLargeLayer();
    await page.getByRole('button', { name: '属性表', exact: true }).and(page.locator(':enabled')).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: '属性表', exact: true }).click();

    await expect.poll(count, { timeout: 30_000 }).toBe('共 100,000 条');
    const first = (await wfsSql('SELECT name FROM towns_large ORDER BY id LIMIT 50')).split('\n');
    await expect.poll(names, { timeout: 30_000 }).toEqual(first);
    await screenshot(page, 'attribute-table-large-zh-CN');

    const search = table().getByRole('searchbox', { name: '搜索' });
    await search.fill('town 9999');
    await search.press('Enter');
    const found = (await wfsSql(`SELECT name FROM towns_large WHERE name ILIKE '%town 9999%' ORDER BY id`)).split('\n');
    expect(found).toHaveLength(11);
    await expect.poll(names, { timeout: 30_000 }).toEqual(found);
    await expect.poll(count).toBe('共 11 条');
    await search.fill('');

    await table().getByRole('button', { name: 'population' }).click();
    await table().getByRole('button', { name: 'population' }).click();
    const top = (await wfsSql('SELECT name FROM towns_large ORDER BY population DESC, id LIMIT 50')).split('\n');
    await expect.poll(names, { timeout: 30_000 }).toEqual(top);

    // Every read of the table was one page: none asked for more than 50 features.
    expect(pages.length).toBeGreaterThanOrEqual(4);
    expect(pages.every((asked) => asked <= 50)).toBe(true);
  });
});
