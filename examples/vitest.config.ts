import { defineProject } from 'vitest/config';
import { sourceConditions } from '../vitest.shared.js';

export default defineProject({
  ...sourceConditions,
  test: {
    name: 'examples',
    include: ['**/*.test.ts'],
    environment: 'node',
    benchmark: { include: ['**/*.bench.ts'] },
  },
});
