import {
  AUTH_GATEWAY,
  DATA_STORE_ADMIN,
  FEATURE_SOURCE,
  FEATURE_TRANSACTIONS,
  FILE_UPLOAD,
  LAYER_ADMIN,
  PORTAL_ADMIN,
  STYLE_ADMIN,
  WORKSPACE_ADMIN,
  type AuthGateway,
} from '@gportal/core';
import { ContainerModule } from 'inversify';
import { createGeoServerAuth, type GeoServerLoginMode } from './auth/geoserver-auth-gateway.js';
import { createPortalApi } from './portal/create-portal-api.js';
import { createGeoServerAdmin } from './rest/create-geoserver-admin.js';
import { createWfsAdapters, type WfsAdapterOptions } from './wfs/create-wfs-adapters.js';

/**
 * Where the map server and the portal backend are, for {@link geoserverModule}; every URL may be absolute or a path on the page's origin.
 */
export interface GeoServerModuleConfig {
  /**
   * GeoServer's root (`/geoserver` behind the dev proxy); REST is `{url}/rest`. Its origin is the
   * only one credentials (cookies, the Basic header of a GeoServer sign-in) are sent to.
   */
  geoserverUrl: string;
  /** WFS endpoint; defaults to `{geoserverUrl}/wfs`. */
  wfsUrl?: string;
  /** The portal backend (`/auth/token`, `/common/*`). Without it, sign-in goes to GeoServer itself. */
  portalApiUrl?: string;
  /** How to sign in when there is no portal backend: GeoServer's form login (cookie) or HTTP Basic held in memory. */
  geoserverLogin?: GeoServerLoginMode;
  /** WFS settings beyond the URL (version, namespace, output format …). */
  wfs?: Omit<WfsAdapterOptions, 'url' | 'fetch' | 'timeoutMs' | 'session' | 'credentialsOrigin'>;
  timeoutMs?: number;
  /** Defaults to the global `fetch`, looked up at call time. */
  fetch?: typeof fetch;
}

/**
 * Binds every map-server port to GeoServer (REST + WFS) and the portal backend. The user cache,
 * session and edit journal are not bound here: browser storage (`storageModule`) holds those.
 *
 * @example
 * ```ts
 * const container = new Container();
 * await container.load(geoserverModule({ geoserverUrl: '/geoserver', portalApiUrl: '/api' }), storageModule({ mapServer: 'map-server /geoserver/wfs' }));
 * ```
 */
export function geoserverModule(config: GeoServerModuleConfig): ContainerModule {
  // Built now, so a bad setting fails when the module is made, not later inside the container.
  const common = {
    ...(config.fetch ? { fetch: config.fetch } : {}),
    ...(config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {}),
  };
  const portal = config.portalApiUrl ? createPortalApi({ baseUrl: config.portalApiUrl, ...common }) : undefined;
  const geoserverAuth = portal
    ? undefined
    : createGeoServerAuth({ url: config.geoserverUrl, mode: config.geoserverLogin ?? 'form', ...common });
  const admin = createGeoServerAdmin({ url: config.geoserverUrl, ...common, ...(geoserverAuth ? { session: geoserverAuth } : {}) });
  // Saves go with credentials (spec section 6): the session cookie, or the Basic header of a
  // GeoServer-only sign-in; only to the map server's origin, never to a WFS on another host.
  const wfs = createWfsAdapters({
    withCredentials: true,
    ...config.wfs,
    url: config.wfsUrl ?? `${config.geoserverUrl}/wfs`,
    credentialsOrigin: config.geoserverUrl,
    ...(geoserverAuth ? { session: geoserverAuth } : {}),
    ...common,
  });

  return new ContainerModule(({ bind }) => {
    bind<AuthGateway>(AUTH_GATEWAY).toConstantValue((portal?.auth ?? geoserverAuth) as AuthGateway);
    bind(WORKSPACE_ADMIN).toConstantValue(admin.workspaces);
    bind(DATA_STORE_ADMIN).toConstantValue(admin.dataStores);
    bind(LAYER_ADMIN).toConstantValue(admin.layers);
    bind(STYLE_ADMIN).toConstantValue(admin.styles);
    bind(FEATURE_SOURCE).toConstantValue(wfs.source);
    bind(FEATURE_TRANSACTIONS).toConstantValue(wfs.transactions);
    if (portal) {
      bind(FILE_UPLOAD).toConstantValue(portal.upload);
      bind(PORTAL_ADMIN).toConstantValue(portal.admin);
    }
  });
}
