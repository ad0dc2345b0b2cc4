import { createHttpClient } from '../http/index.js';
import { PortalAdminApi } from './portal-admin-api.js';
import { PortalAuthGateway } from './portal-auth-gateway.js';
import { PORTAL_ERROR_RULES } from './portal-client.js';
import { PortalFileUpload } from './portal-file-upload.js';

/** Options of {@link createPortalApi}. */
export interface PortalApiOptions {
  /** The backend's root: `/auth/token` and `/common/*` are below it (e.g. `/api` behind the Vite proxy). */
  baseUrl: string;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Defaults to `HTTP_CLIENT_DEFAULTS.timeoutMs` (30 s). */
  timeoutMs?: number;
}

/** The portal backend behind the core's ports: one object per port, sharing one HTTP client. */
export interface PortalApi {
  /** `AuthGateway`: `POST /auth/token`. */
  auth: PortalAuthGateway;
  /** `FileUpload`: `POST /common/PostData`. */
  upload: PortalFileUpload;
  /** `PortalAdmin`: the workspace and database calls of `/common/*`. */
  admin: PortalAdminApi;
}

/**
 * The product's own backend (spec section 7). Every answer is read for `isOk`, `msg` and `data`;
 * transport failures are typed errors. The browser's cookies go with each call.
 */
export function createPortalApi(options: PortalApiOptions): PortalApi {
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    errorRules: PORTAL_ERROR_RULES,
  });
  return { auth: new PortalAuthGateway(http), upload: new PortalFileUpload(http), admin: new PortalAdminApi(http) };
}
