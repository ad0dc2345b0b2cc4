import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../../../vitest.shared.js';

/**
 * Real-Chromium tests of the production build. The global setup installs Debian's chromium
 * (and a CJK font) when missing, builds the app and serves it on 127.0.0.1.
 */
export default defineProject({
  // The tests import the libraries' sources (the demo account, the GeoServer model, the core's
  // geodesic areas for expected values) like every other project.
  ...sourceConditions,
  test: {
    name: 'browser',
    root: import.meta.dirname,
    include: ['*.browser.test.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    // One Chromium at a time: the machines running this have two cores.
    fileParallelism: false,
    // Real Chromium on a loaded 2-core machine: a failing test runs once more before it fails the
    // run, and its first failure is still printed. A broken behaviour fails both times.
    retry: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Map-server tests run their own QGIS Server + PostGIS (scripts/wfs-server.sh), apart from the
    // wfs-integration project's, which runs at the same time and resets its data between files.
    // GPORTAL_BROWSER_WFS_* move it, for two checkouts testing on one machine.
    env: {
      GPORTAL_WFS_DIR: process.env.GPORTAL_BROWSER_WFS_DIR ?? join(tmpdir(), 'gportal-wfs-browser'),
      GPORTAL_WFS_PG_PORT: process.env.GPORTAL_BROWSER_WFS_PG_PORT ?? '25433',
      GPORTAL_WFS_HTTP_PORT: process.env.GPORTAL_BROWSER_WFS_HTTP_PORT ?? '8911',
    },
  },
});
