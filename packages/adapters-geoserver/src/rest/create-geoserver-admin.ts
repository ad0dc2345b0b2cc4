import { assertNoUserInfo, createHttpClient, type AuthorizationSource } from '../http/index.js';
import { GeoServerDataStoreAdmin } from './geoserver-data-store-admin.js';
import { GeoServerLayerAdmin } from './geoserver-layer-admin.js';
import { GeoServerStyleAdmin } from './geoserver-style-admin.js';
import { GeoServerWorkspaceAdmin } from './geoserver-workspace-admin.js';

/** Options of {@link createGeoServerAdmin}: GeoServer's URL and how to authenticate. */
export interface GeoServerAdminOptions {
  /** GeoServer's root, e.g. `http://localhost:8080/geoserver` or `/geoserver` behind a proxy; REST lives at `{url}/rest`. */
  url: string;
  /** HTTP Basic credentials; without them the browser's credentials (a GeoServer login session) are used. */
  username?: string;
  password?: string;
  /** A sign-in that holds its credentials in memory (`createGeoServerAuth`), asked before every request. */
  session?: AuthorizationSource;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Defaults to `HTTP_CLIENT_DEFAULTS.timeoutMs` (30 s). */
  timeoutMs?: number;
}

/** The four administration ports (`WorkspaceAdmin`, `DataStoreAdmin`, `LayerAdmin`, `StyleAdmin`) against one GeoServer. */
export interface GeoServerAdmin {
  workspaces: GeoServerWorkspaceAdmin;
  dataStores: GeoServerDataStoreAdmin;
  layers: GeoServerLayerAdmin;
  styles: GeoServerStyleAdmin;
}

/** `{url}/rest`; a URL that already ends in `/rest` is taken as the REST root. */
export function restUrlOf(url: string): string {
  const root = url.replace(/\/+$/, '');
  return root.endsWith('/rest') ? root : `${root}/rest`;
}

/**
 * The GeoServer REST administration adapters (spec section 7): workspaces and namespaces, data
 * stores, feature types and layers, styles. They share one HTTP client, so credentials, timeout
 * and error mapping are the same for all four.
 *
 * @example
 * ```ts
 * const admin = createGeoServerAdmin({ url: 'http://127.0.0.1:8080/geoserver', username: 'admin', password: 'geoserver' });
 * await admin.workspaces.create('towns');
 * await admin.layers.setDefaultStyle('towns', 'town_area', { workspace: 'towns', name: 'town_area' });
 * ```
 */
export function createGeoServerAdmin(options: GeoServerAdminOptions): GeoServerAdmin {
  const http = createHttpClient({
    baseUrl: restUrlOf(assertNoUserInfo(options.url, 'url')),
    username: options.username,
    password: options.password,
    authorization: options.session ? () => options.session?.authorization() : undefined,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
  return {
    workspaces: new GeoServerWorkspaceAdmin(http),
    dataStores: new GeoServerDataStoreAdmin(http),
    layers: new GeoServerLayerAdmin(http),
    styles: new GeoServerStyleAdmin(http),
  };
}
