/**
 * Test support for other workspaces' tests, never for production code
 * (`@gportal/adapters-geoserver/test-support`): the GeoServer REST model with its OpenAPI request
 * check, the product (portal) API model with its own, and the real QGIS Server + PostGIS of
 * `scripts/wfs-server.sh`. It resolves only inside this repository, through the `gportal:source`
 * condition: the entry has no build output and test/ is not in the package's `files`, so nothing
 * of it is built into dist/ or published.
 */
export { createGeoServerModel, REST_PATH, REST_URL } from '../src/rest/test-support/geoserver-model.js';
export { loadGeoServerApi } from '../src/rest/test-support/geoserver-openapi.js';
export { seededMapServer } from '../src/rest/test-support/seeded-geoserver.js';
export { createProductApiModel, loadProductApi, PRODUCT_API_DOCUMENT, type ProductApiModel } from '../src/portal/test-support/product-api-model.js';
export { wfsServer, wfsServerAnswers, wfsSql } from './integration/wfs-server.js';
export { readQgisFixture } from '../src/wfs/test-support/fixtures.js';
export { POSITIONS_PER_BLOCK } from '../src/wfs/answer-worker-protocol.js';
