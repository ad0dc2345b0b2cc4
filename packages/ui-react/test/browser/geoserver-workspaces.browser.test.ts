import { readFileSync } from 'node:fs';
import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, screenshot, signIn, PORTAL_USER } from './browser.js';
import { waitForFeatures } from './map-helpers.js';
import { REPO_ROOT } from './paths.js';

const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest((fresh) => {
  page = fresh;
});

/**
 * Captured GeoServer WFS answers, kept with their sources in the adapters' fixtures (their
 * README.md): the GetCapabilities of a GeoServer with the workspaces tiger, sf and topp (14
 * layers), the DescribeFeatureType and GetFeature of `sf:archsites` (three points, in the
 * Spearfish data's UTM coordinates, EPSG:26713), the DescribeFeatureType of `tiger:tiger_roads`,
 * and GeoServer's exception report for the rest.
 */
const FIXTURES = `${REPO_ROOT}packages/adapters-geoserver/test/fixtures/geoserver/wfs/`;
const answer = (file: string) => readFileSync(`${FIXTURES}${file}`);
const DESCRIBED: Readonly<Record<string, string>> = {
  'sf:archsites': 'describefeaturetype-2.0.0-archsites.xsd',
  'tiger:tiger_roads': 'describefeaturetype-2.0.0.xsd',
};

/** What the app asked the WFS: the request and the layer it named. */
interface WfsCall {
  request: string;
  typeName: string | undefined;
}

/** Answers the app's WFS requests from the captured answers, and notes each one. */
async function answerWfs(route: Route, calls: WfsCall[]): Promise<void> {
  const request = route.request();
  const params = new Map([...new URL(request.url()).searchParams].map(([key, value]) => [key.toUpperCase(), value]));
  const body = request.postData() ?? '';
  const xml = (file: string, status = 200) => route.fulfill({ status, contentType: 'text/xml', body: answer(file) });
  const kind = params.get('REQUEST') ?? /^\s*<(?:\w+:)?(\w+)/.exec(body)?.[1] ?? '';
  const typeName = params.get('TYPENAME') ?? params.get('TYPENAMES') ?? /typeNames?="([^"]+)"/.exec(body)?.[1];
  calls.push({ request: kind, typeName });
  if (kind === 'GetCapabilities') return xml('getcapabilities-2.0.0.xml');
  const described = typeName ? DESCRIBED[typeName] : undefined;
  if (kind === 'DescribeFeatureType' && described) return xml(described);
  // The captured answer of the one layer with features; its count (hits) as well.
  if (kind === 'GetFeature' && typeName === 'sf:archsites') return xml('getfeature-2.0.0-gml32.xml');
  return xml('exception-report-ows-1.1.0.xml', 400);
}

/** Signs in to the app in map-server mode; the WFS is the captured GeoServer, without base map or WMS. */
async function openOnGeoServer(calls: WfsCall[]): Promise<void> {
  await page.route('**/config.json', (route) => route.fulfill({ json: { mode: 'map-server' } }));
  await page.route('**/api/auth/token', (route) =>
    route.fulfill({ json: { isOk: true, msg: '登录成功', data: { username: 'alice', displayName: '爱丽丝', token: 't-1' } } }),
  );
  await page.route('**/geoserver/wfs**', (route) => answerWfs(route, calls));
  await page.route(/\/geoserver\/(gwc|wms)/, (route) => route.fulfill({ status: 404, body: '' }));
  await signIn(page, baseUrl, PORTAL_USER);
  await page.goto(`${baseUrl}/feature-map`);
}

const selector = () => page.getByRole('combobox', { name: '图层', exact: true });

/** The selector's layers, as group, text and value. */
function selectorOptions(): Promise<Array<{ group: string | null; text: string; value: string }>> {
  return selector().evaluate((select) =>
    [...(select as HTMLSelectElement).options]
      .filter((option) => option.value !== '')
      .map((option) => ({ group: option.parentElement instanceof HTMLOptGroupElement ? option.parentElement.label : null, text: option.text, value: option.value })),
  );
}

describe('the map-server layer selector on a GeoServer with several workspaces', () => {
  it('groups the layers by workspace under their titles; the layer chosen in another workspace is the one in the URL and in the requests', async () => {
    const calls: WfsCall[] = [];
    await openOnGeoServer(calls);
    await expect.poll(() => selectorOptions().then((options) => options.length)).toBe(14);
    // The server's order and titles, one <optgroup> per workspace.
    const layer = (group: string, text: string, name: string) => ({ group, text, value: `${group}:${name}` });
    await expect(selectorOptions()).resolves.toEqual([
      layer('tiger', 'Manhattan (NY) landmarks', 'poly_landmarks'),
      layer('tiger', 'Manhattan (NY) points of interest', 'poi'),
      layer('tiger', 'Manhattan (NY) roads', 'tiger_roads'),
      layer('tiger', 'World rectangle', 'giant_polygon'),
      layer('sf', 'Spearfish archeological sites', 'archsites'),
      layer('sf', 'Spearfish bug locations', 'bugsites'),
      layer('sf', 'Spearfish restricted areas', 'restricted'),
      layer('sf', 'Spearfish roads', 'roads'),
      layer('sf', 'Spearfish streams', 'streams'),
      layer('topp', 'Tasmania cities', 'tasmania_cities'),
      layer('topp', 'Tasmania roads', 'tasmania_roads'),
      layer('topp', 'Tasmania state boundaries', 'tasmania_state_boundaries'),
      layer('topp', 'Tasmania water bodies', 'tasmania_water_bodies'),
      layer('topp', 'USA Population', 'states'),
    ]);

    // The second workspace's point layer: its exact type name goes to the URL and to the server
    // (its schema was read as the layer types were resolved; no other layer's features are asked for).
    await selector().selectOption({ label: 'Spearfish archeological sites' });
    await page.waitForURL(/[?&]layer=sf%3Aarchsites$/);
    await waitForFeatures(page, 3);
    await expect(selector().inputValue()).resolves.toBe('sf:archsites');
    expect(calls).toContainEqual({ request: 'DescribeFeatureType', typeName: 'sf:archsites' });
    const queried = calls.filter((call) => call.request === 'GetFeature').map((call) => call.typeName);
    expect(queried.length).toBeGreaterThan(0);
    expect(new Set(queried)).toEqual(new Set(['sf:archsites']));
    // Edited as the point layer it is: 画点 is the drawing tool that applies.
    await page.getByRole('button', { name: '画点', exact: true }).and(page.locator(':enabled')).waitFor();
    await expect(page.getByRole('button', { name: '标绘', exact: true }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'feature-map-geoserver-workspaces', { fullPage: false });

    // Kept over a reload.
    calls.length = 0;
    await page.reload();
    await waitForFeatures(page, 3);
    await expect(selector().inputValue()).resolves.toBe('sf:archsites');
    expect(new Set(calls.filter((call) => call.request === 'GetFeature').map((call) => call.typeName))).toEqual(new Set(['sf:archsites']));
  });
});
