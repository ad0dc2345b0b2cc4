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
    hookTimeout: 240_000,
  },
});
