import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { wfsServer, wfsServerAnswers } from '@gportal/adapters-geoserver/test-support';
import { clickMap, freshPage, launchChromium, screenshot, waitForFeatures, waitForMapReady } from '@gportal/ui-react/test-support';
import type { Browser, Page, Route } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const EXAMPLE = fileURLToPath(new URL('..', import.meta.url));
const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const OUTPUT = `${REPO}test-output/examples/embed-map`;

/**
 * The production build, as `npm run build -w examples/embed-map` makes it, with these settings
 * only: not the test's NODE_ENV, nor VITE_* variables of the shell.
 */
function buildExample(outDir: string, settings: Record<string, string>): void {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')));
  const result = spawnSync(process.execPath, [`${REPO}node_modules/vite/bin/vite.js`, 'build', '--configLoader', 'runner', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: EXAMPLE,
    env: { ...env, ...settings, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`vite build of examples/embed-map failed (exit ${result.status})`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Builds the example with `settings` and serves it with `vite preview` on 127.0.0.1. */
async function serveBuild(name: string, settings: Record<string, string>): Promise<{ url: string; close: () => Promise<void> }> {
  const outDir = `${OUTPUT}/${name}`;
  buildExample(outDir, settings);
  const server: PreviewServer = await preview({ root: EXAMPLE, configLoader: 'runner', logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: await freePort(), strictPort: true } });
  return { url: server.resolvedUrls?.local[0] ?? '', close: () => server.close() };
}

let browser: Browser | undefined;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(): Promise<Page> {
  if (!browser) throw new Error('Chromium did not start');
  return freshPage(browser);
}

/** Draws a polygon through `points` (closing it on the first) with the editor's 标绘 tool, and skips the new feature's attribute form. */
async function drawPolygon(page: Page, points: Array<[number, number]>): Promise<void> {
  await page.getByRole('button', { name: '标绘', exact: true }).click();
  for (const [lng, lat] of [...points, points[0] as [number, number]]) await clickMap(page, lng, lat);
  await page.getByRole('button', { name: '跳过', exact: true }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

/** Saves with the editor's 保存 button and waits for its report. */
async function save(page: Page, inserted: number): Promise<void> {
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await page.locator('.ant-message-notice', { hasText: `已保存：新增 ${inserted}，修改 0，删除 0` }).waitFor();
}

describe('examples/embed-map: FeatureMap in another Vite + React app (production build, real Chromium)', () => {
  describe('embedded: its container binds the in-memory adapters', () => {
    let app: { url: string; close: () => Promise<void> } | undefined;
    beforeAll(async () => {
      app = await serveBuild('embedded', {});
    });
    afterAll(() => app?.close());

    it("shows the sample towns, draws a polygon and saves it into the container's adapters", async () => {
      const page = await newPage();
      const badge = page.getByTestId('pending-badge');

      await page.goto(app?.url ?? '');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('城镇编辑');
      // The sample's multipolygon layer: eight towns.
      await waitForMapReady(page, 8);
      await screenshot(page, 'example-embed-map');

      // North-west of Fuzhou, inside the sample towns' view, touching none.
      await drawPolygon(page, [[118.1, 25.6], [118.6, 25.6], [118.6, 26.0]]);
      await waitForFeatures(page, 9);
      await expect(badge.textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');
      await save(page, 1);
      await expect(badge.textContent()).resolves.toBe('没有未保存的修改');
      await screenshot(page, 'example-embed-map-saved');

      // 重绘 reloads the layer from the container's FeatureSource: the saved town is there.
      await page.getByRole('button', { name: '重绘', exact: true }).click();
      await waitForMapReady(page, 9);
      await expect(badge.textContent()).resolves.toBe('没有未保存的修改');
      await page.context().close();
    });

    it("ships antd's sheet cut by the UI package's Vite plugin (antdSheet in its vite.config.ts), and the editor's components styled by it", async () => {
      const assets = `${OUTPUT}/embedded/assets`;
      const sheets = readdirSync(assets).filter((name) => name.endsWith('.css')).map((name) => readFileSync(`${assets}/${name}`, 'utf8'));
      const css = sheets.join('\n');
      expect(css).toContain('.ant-btn{');
      expect(css).not.toMatch(/\.ant-table(?![\w-])[^:{]*\{/);
      expect(css).not.toMatch(/\.ant-select(?![\w-])[^:{]*\{/);
      // Without the plugin, antd's whole sheet is 0.98 MB; cut, under half of it.
      expect(sheets.find((sheet) => sheet.includes('.ant-btn{'))?.length).toBeLessThan(500_000);
      const page = await newPage();
      await page.goto(app?.url ?? '');
      await waitForMapReady(page, 8);
      // The primary button's blue and the disabled grey come from the cut sheet and the app's theme.
      const background = (name: string) => page.getByRole('button', { name, exact: true }).evaluate((element) => getComputedStyle(element).backgroundColor);
      // 吸附 is on from the start: a primary button.
      await expect.poll(() => background('吸附')).toBe('rgb(9, 88, 217)');
      await expect.poll(() => background('保存')).toBe('rgb(245, 245, 245)');
      await page.context().close();
    });
  });

  describe('VITE_EMBED_WFS_URL: its container binds the WFS-T adapters (real QGIS Server + PostGIS)', () => {
    let app: { url: string; close: () => Promise<void> } | undefined;
    let wfsUrl = '';
    let startedHere = false;
    beforeAll(async () => {
      startedHere = !(await wfsServerAnswers());
      wfsUrl = await wfsServer('start');
      await wfsServer('reset');
      // The page asks its own origin for /ows (as behind a proxy); the test forwards it to QGIS Server.
      app = await serveBuild('wfs', { VITE_EMBED_WFS_URL: '/ows' });
    });
    afterAll(async () => {
      await app?.close();
      await wfsServer('reset');
      if (startedHere) await wfsServer('stop');
    });

    /** The features of a layer straight from the server (GeoJSON, lon/lat). */
    async function serverFeatures(typeName: string): Promise<Array<{ id: string; geometry: { type: string; coordinates: number[][][][] } }>> {
      const response = await fetch(`${wfsUrl}?SERVICE=WFS&VERSION=1.1.0&REQUEST=GetFeature&TYPENAME=${typeName}&OUTPUTFORMAT=application/json`, { signal: AbortSignal.timeout(20_000) });
      expect(response.status).toBe(200);
      return ((await response.json()) as { features: Array<{ id: string; geometry: { type: string; coordinates: number[][][][] } }> }).features;
    }

    it('draws a polygon on the server\'s multipolygon layer and saves it there in one WFS-T transaction', async () => {
      const page = await newPage();
      const forward = async (route: Route) => {
        const response = await route.fetch({ url: `${wfsUrl}${new URL(route.request().url()).search}`, timeout: 20_000 });
        await route.fulfill({ response });
      };
      await page.route('**/ows', forward);
      await page.route('**/ows?**', forward);

      await page.goto(app?.url ?? '');
      // QGIS Server's `districts` (MultiPolygon): two after a reset.
      await waitForMapReady(page, 2);
      const bounds = await page.locator('.gportal-map').getAttribute('data-bounds');
      const [south, west, north, east] = (bounds ?? '').split(',').map(Number) as [number, number, number, number];
      const at = (x: number, y: number): [number, number] => [west + (east - west) * x, south + (north - south) * y];
      const triangle = [at(0.6, 0.15), at(0.8, 0.15), at(0.8, 0.35)];

      await drawPolygon(page, triangle);
      await waitForFeatures(page, 3);
      await save(page, 1);
      await screenshot(page, 'example-embed-map-wfs-saved');

      const features = await serverFeatures('districts');
      expect(features).toHaveLength(3);
      const added = features.find((feature) => feature.id === 'districts.3');
      const [lng, lat] = added?.geometry.coordinates[0]?.[0]?.[0] ?? [];
      // The clicks land on whole pixels: within a pixel's worth of degrees of the intended corner.
      expect(Math.abs((lng ?? NaN) - triangle[0]![0])).toBeLessThan((east - west) / 200);
      expect(Math.abs((lat ?? NaN) - triangle[0]![1])).toBeLessThan((north - south) / 200);
      await page.context().close();
    });
  });
});
