import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

export default defineProject({
  ...sourceConditions,
  test: {
    name: 'example-core-in-memory',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
