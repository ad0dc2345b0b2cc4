import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

/**
 * The WFS adapter against a real WFS-T server: QGIS Server + PostGIS on 127.0.0.1, started by
 * `scripts/wfs-server.sh` in the global setup (which installs the Debian packages when missing)
 * and stopped after the run, failed or not.
 */
export default defineProject({
  ...sourceConditions,
  test: {
    name: 'wfs-integration',
    root: import.meta.dirname,
    // The load run of scripts/load-run runs against the same server.
    include: ['test/integration/**/*.integration.test.ts', '../../scripts/load-run/*.integration.test.ts'],
    benchmark: { include: ['test/integration/**/*.integration.bench.ts'] },
    environment: 'node',
    globalSetup: ['./test/integration/wfs-server.global-setup.ts'],
    setupFiles: ['./src/wfs/test-support/register-dom.ts'],
    // One server, one database: the files reset its data and must not interleave.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
