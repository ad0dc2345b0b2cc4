import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

/**
 * The file readers and writers in Node, proven against GDAL: the global setup installs Debian's
 * gdal-bin (`ogr2ogr`, `ogrinfo`) when it is missing.
 */
export default defineProject({
  ...sourceConditions,
  test: {
    name: 'adapters-files',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
  },
});
