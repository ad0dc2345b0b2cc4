/**
 * Test support other packages' tests may use (`@gportal/adapters-geoserver/testing`, resolved
 * only inside this repository through the `gportal:source` condition): the GeoServer REST model
 * with its OpenAPI request check, the product (portal) API model with its own,
 * and the real QGIS Server + PostGIS of `scripts/wfs-server.sh`.
 */
export { createGeoServerModel, REST_PATH, REST_URL } from '../src/rest/test-support/geoserver-model.js';
export { loadGeoServerApi } from '../src/rest/test-support/geoserver-openapi.js';
export { seededMapServer } from '../src/rest/test-support/seeded-geoserver.js';
export { createProductApiModel, loadProductApi, PRODUCT_API_DOCUMENT, type ProductApiModel } from '../src/portal/test-support/product-api-model.js';
export { wfsServer, wfsServerAnswers, wfsSql } from './integration/wfs-server.js';
export { readQgisFixture } from '../src/wfs/test-support/fixtures.js';
export { POSITIONS_PER_BLOCK } from '../src/wfs/answer-worker-protocol.js';
