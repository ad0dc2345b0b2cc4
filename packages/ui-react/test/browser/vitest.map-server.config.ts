import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../../../vitest.shared.js';
import browserProject from './vitest.config.js';

/**
 * The production build in map-server mode against the real QGIS Server + PostGIS of the WFS
 * integration tests: the app's build and preview server (as in the `browser` project), and the
 * WFS-T server started by `scripts/wfs-server.sh`: the `browser` project's own instance (its
 * `env`), apart from the `wfs-integration` project's. Both are stopped afterwards.
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
    // Real Chromium on a loaded 2-core machine: a failing test runs once more before it fails the
    // run, and its first failure is still printed. A broken behaviour fails both times.
    retry: 1,
    // After the `browser` project: both build the app into the same folder and use one QGIS instance.
    sequence: { groupOrder: 1 },
    env: browserProject.test?.env,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
