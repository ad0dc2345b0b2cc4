import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

export default defineProject({
  ...sourceConditions,
  plugins: [react()],
  test: { name: 'ui-react', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['src/test-support/jsdom-setup.ts'] },
});
