import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { clickMap, freshPage, launchChromium, screenshot, waitForFeatures, waitForMapReady } from '@gportal/ui-react/testing';
import type { Browser, Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const EXAMPLE = fileURLToPath(new URL('..', import.meta.url));
const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const OUT = `${REPO}test-output/examples/embed-map`;

/** The production build, as `npm run build -w examples/embed-map` makes it, without the test's NODE_ENV or VITE_* variables. */
function buildExample(): void {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')));
  const result = spawnSync(process.execPath, [`${REPO}node_modules/vite/bin/vite.js`, 'build', '--outDir', OUT, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: EXAMPLE,
    env: { ...env, NODE_ENV: 'production' },
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

let server: PreviewServer | undefined;
let browser: Browser | undefined;
let baseUrl = '';

beforeAll(async () => {
  buildExample();
  server = await preview({ root: EXAMPLE, logLevel: 'warn', build: { outDir: OUT }, preview: { host: '127.0.0.1', port: await freePort(), strictPort: true } });
  baseUrl = server.resolvedUrls?.local[0] ?? '';
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A triangle north-west of Fuzhou, inside the sample towns' view, touching none. */
const TRIANGLE: Array<[number, number]> = [
  [118.1, 25.6],
  [118.6, 25.6],
  [118.6, 26.0],
];

describe('examples/embed-map: FeatureMap in another Vite + React app (production build, real Chromium)', () => {
  it('shows the sample towns, draws a polygon and saves it into its own container\'s adapters', async () => {
    if (!browser) throw new Error('Chromium did not start');
    const page: Page = await freshPage(browser);
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    const badge = page.getByTestId('pending-badge');

    await page.goto(baseUrl);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('城镇编辑');
    // The sample's multipolygon layer: eight towns.
    await waitForMapReady(page, 8);
    await screenshot(page, 'example-embed-map');

    await button('标绘').click();
    for (const [lng, lat] of [...TRIANGLE, TRIANGLE[0] as [number, number]]) await clickMap(page, lng, lat);
    await waitForFeatures(page, 9);
    await expect(badge.textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');

    await button('保存').click();
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 1，修改 0，删除 0' }).waitFor();
    await expect(badge.textContent()).resolves.toBe('没有未保存的修改');
    await screenshot(page, 'example-embed-map-saved');

    // 重绘 reloads the layer from the container's FeatureSource: the saved town is there.
    await button('重绘').click();
    await waitForMapReady(page, 9);
    await expect(badge.textContent()).resolves.toBe('没有未保存的修改');
    await page.context().close();
  });
});
