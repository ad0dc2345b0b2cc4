import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

export default defineProject({
  ...sourceConditions,
  test: {
    name: 'example-embed-map',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Builds the example and drives it in real Chromium: one file, and room for a loaded machine.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 20 * 60_000,
    // Its own QGIS Server + PostGIS (scripts/wfs-server.sh), apart from the other projects', which
    // reset their data while this one runs. GPORTAL_EMBED_WFS_* move it.
    env: {
      GPORTAL_WFS_DIR: process.env.GPORTAL_EMBED_WFS_DIR ?? join(tmpdir(), 'gportal-wfs-embed'),
      GPORTAL_WFS_PG_PORT: process.env.GPORTAL_EMBED_WFS_PG_PORT ?? '25434',
      GPORTAL_WFS_HTTP_PORT: process.env.GPORTAL_EMBED_WFS_HTTP_PORT ?? '8912',
    },
  },
});
