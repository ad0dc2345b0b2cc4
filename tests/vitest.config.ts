import { defineProject } from 'vitest/config';
import { sourceConditions } from '../vitest.shared.js';

export default defineProject({
  ...sourceConditions,
  test: { name: 'repo', include: ['*.test.ts'], environment: 'node' },
});
