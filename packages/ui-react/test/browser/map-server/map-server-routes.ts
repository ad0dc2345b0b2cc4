import type { Page, Route } from 'playwright-core';

/**
 * Forwards a request of the app to the real map server at `url`. A request still in flight when
 * the page closes is dropped: the test is over, and its answer can no longer be given.
 */
export async function forward(page: Page, route: Route, url: string, timeoutMs = 30_000): Promise<void> {
  try {
    const response = await route.fetch({ url, timeout: timeoutMs });
    await route.fulfill({ response });
  } catch (error) {
    if (!page.isClosed()) throw error;
  }
}

/**
 * Routes the app of `page` to the real QGIS Server at `wfsUrl`: `config.json` in map-server mode
 * with its WFS at `/ows` (and `config` over it), the portal's sign-in answered for alice, and
 * every `/ows` request, GET or POST, forwarded to the server. A test adds its own WMTS route.
 */
export async function routeToMapServer(page: Page, wfsUrl: string, config: Record<string, unknown> = {}): Promise<void> {
  await page.route('**/config.json', (route) => route.fulfill({ json: { mode: 'map-server', wfsUrl: '/ows', ...config } }));
  await page.route('**/api/auth/token', (route) =>
    route.fulfill({ json: { isOk: true, msg: '登录成功', data: { username: 'alice', displayName: '爱丽丝', token: 't-1' } } }),
  );
  await page.route('**/ows?**', (route) => forward(page, route, `${wfsUrl}${new URL(route.request().url()).search}`));
  await page.route('**/ows', (route) => forward(page, route, wfsUrl));
}
