import { buildFeatureTypeSpec, type PostgisStoreSpec } from '@gportal/core';
import { MemoryMapServer } from '@gportal/core/memory';
import { readFixture } from '../../http/test-support/fixtures.js';

/** The sample store of spec section 3. */
export const SAMPLE_STORE: PostgisStoreSpec = {
  name: 'store_33',
  host: '127.0.0.1',
  port: 5432,
  database: 'gis',
  schema: 'public',
  user: 'postgres',
  password: 'secret',
  dbtype: 'postgis',
};

export const SLD_10 = readFixture('sld/default_point.sld');
export const SE_11 = readFixture('sld/se_relativepath-sld-1.1.0.sld');

/**
 * A catalogue with the spec's sample defaults: workspace and store `store_33`, layer and style
 * `polygon` (a workspace style), and GeoServer's global `point` style.
 */
export function seededMapServer(): MemoryMapServer {
  const mapServer = new MemoryMapServer();
  mapServer.stylesSync.create({ name: 'point', sld: SLD_10 });
  mapServer.workspacesSync.create('store_33');
  mapServer.dataStoresSync.create('store_33', SAMPLE_STORE);
  mapServer.layersSync.createFeatureType('store_33', 'store_33', buildFeatureTypeSpec({ name: 'polygon', kind: 'polygon', store: 'store_33', namespace: 'store_33' }));
  mapServer.stylesSync.create({ name: 'polygon', sld: SLD_10, workspace: 'store_33' });
  return mapServer;
}
