import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The fault-injection and property suites' figures go into docs/reliability.md.
    reporters: ['default', './scripts/reliability/reporter.ts'],
    projects: ['packages/*/vitest.config.ts', 'examples/*/vitest.config.ts', 'tests/vitest.config.ts', 'packages/ui-react/test/browser/vitest.config.ts', 'packages/adapters-geoserver/vitest.integration.config.ts', 'packages/ui-react/test/browser/vitest.map-server.config.ts'],
    coverage: {
      provider: 'v8',
      include: ['packages/*/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.{ts,tsx}', '**/*.bench.ts', '**/contracts/**', '**/*.d.ts'],
      reporter: ['text-summary', 'json-summary', 'html'],
      reportsDirectory: 'test-output/coverage',
      thresholds: {
        'packages/core/src/**': { lines: 90 },
      },
    },
  },
});
