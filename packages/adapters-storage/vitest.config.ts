import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

export default defineProject({
  ...sourceConditions,
  test: {
    name: 'adapters-storage',
    include: ['src/**/*.test.ts'],
    environment: 'jsdom',
    benchmark: { include: ['src/**/*.bench.ts'] },
  },
});
