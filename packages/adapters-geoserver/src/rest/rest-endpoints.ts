/**
 * GeoServer REST endpoints (spec section 7), relative to `{geoserver}/rest`, as templates for
 * `expandPath`. Collections are written without a trailing slash (`/styles`, not `/styles/`):
 * that is how GeoServer's OpenAPI names them, and Spring 6 based GeoServers no longer match a
 * trailing slash.
 */
export const REST_ENDPOINTS = {
  version: '/about/version',
  workspaces: '/workspaces',
  workspace: '/workspaces/{workspace}',
  namespace: '/namespaces/{workspace}',
  dataStores: '/workspaces/{workspace}/datastores',
  dataStore: '/workspaces/{workspace}/datastores/{dataStore}',
  featureTypes: '/workspaces/{workspace}/datastores/{dataStore}/featuretypes',
  featureType: '/workspaces/{workspace}/datastores/{dataStore}/featuretypes/{featureType}',
  layers: '/workspaces/{workspace}/layers',
  layer: '/workspaces/{workspace}/layers/{layer}',
  globalStyles: '/styles',
  globalStyle: '/styles/{style}',
  /** The SLD document itself: the `.sld` extension asks GeoServer for the definition, not the info. */
  globalStyleDefinition: '/styles/{style}.sld',
  workspaceStyles: '/workspaces/{workspace}/styles',
  workspaceStyle: '/workspaces/{workspace}/styles/{style}',
  workspaceStyleDefinition: '/workspaces/{workspace}/styles/{style}.sld',
} as const;

/** The extension that keeps a dotted name whole in JSON requests (see `expandPath`). */
export const JSON_EXTENSION = 'json';
