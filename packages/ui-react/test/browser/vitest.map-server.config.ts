import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../../../vitest.shared.js';

/**
 * The production build in map-server mode against the real QGIS Server + PostGIS of the WFS
 * integration tests: the app's build and preview server (as in the `browser` project), and the
 * WFS-T server started by `scripts/wfs-server.sh` (set `GPORTAL_WFS_DIR`, `GPORTAL_WFS_PG_PORT`
 * and `GPORTAL_WFS_HTTP_PORT` to run beside another one). Both are stopped afterwards.
 */
export default defineProject({
  ...sourceConditions,
  test: {
    name: 'browser-map-server',
    root: import.meta.dirname,
    include: ['map-server/*.browser.test.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts', '../../../adapters-geoserver/test/integration/wfs-server.global-setup.ts'],
    fileParallelism: false,
    // After the other projects: `wfs-integration` resets the same database between its tests.
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
