import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../../../vitest.shared.js';

/**
 * Real-Chromium tests of the production build. The global setup installs Debian's chromium
 * (and a CJK font) when missing, builds the app and serves it on 127.0.0.1.
 */
export default defineProject({
  // The tests compute expected values with the core (e.g. geodesic areas), from its sources.
  ...sourceConditions,
  test: {
    name: 'browser',
    root: import.meta.dirname,
    include: ['*.browser.test.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    // One Chromium at a time: the machines running this have two cores.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
