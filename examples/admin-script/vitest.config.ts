import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

export default defineProject({
  ...sourceConditions,
  test: {
    name: 'example-admin-script',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Each test starts the command as a child process (tsx compiles it on the way).
    testTimeout: 60_000,
  },
});
