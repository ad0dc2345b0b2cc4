/**
 * The map-server adapters: GeoServer REST administration, WFS / WFS-T for GeoServer and QGIS
 * Server, WMTS tile URLs, the portal backend's HTTP API, and `geoserverModule` binding them all.
 *
 * @module @gportal/adapters-geoserver
 */
export * from './wfs/index.js';
export * from './wmts/index.js';
export { createHttpClient, HTTP_CLIENT_DEFAULTS, type AuthorizationSource, type HttpClient, type HttpClientOptions } from './http/index.js';
export {
  createGeoServerAdmin,
  restUrlOf,
  type GeoServerAdmin,
  type GeoServerAdminOptions,
} from './rest/create-geoserver-admin.js';
export { GeoServerWorkspaceAdmin } from './rest/geoserver-workspace-admin.js';
export { GeoServerDataStoreAdmin } from './rest/geoserver-data-store-admin.js';
export { GeoServerLayerAdmin } from './rest/geoserver-layer-admin.js';
export { GeoServerStyleAdmin } from './rest/geoserver-style-admin.js';
export { detectStyleFormat, STYLE_FORMATS } from './rest/style-format.js';
export { REST_ENDPOINTS } from './rest/rest-endpoints.js';
export { createPortalApi, type PortalApi, type PortalApiOptions } from './portal/create-portal-api.js';
export { PortalAuthGateway } from './portal/portal-auth-gateway.js';
export { PortalFileUpload } from './portal/portal-file-upload.js';
export { PortalAdminApi } from './portal/portal-admin-api.js';
export { PORTAL_ENDPOINTS, PORTAL_MESSAGES } from './portal/portal-endpoints.js';
export {
  createGeoServerAuth,
  GeoServerAuthGateway,
  GEOSERVER_LOGIN_ENDPOINTS,
  GEOSERVER_LOGIN_MESSAGES,
  type GeoServerAuthOptions,
  type GeoServerLoginMode,
} from './auth/geoserver-auth-gateway.js';
export { geoserverModule, type GeoServerModuleConfig } from './geoserver-module.js';
