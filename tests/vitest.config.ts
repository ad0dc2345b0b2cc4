import { defineProject } from 'vitest/config';
import { sourceConditions } from '../vitest.shared.js';

// The repository's own checks, and the tests of its scripts and of the benchmark's pure helpers beside them
// (a script's test against the real map server runs in the wfs-integration project).
export default defineProject({
  ...sourceConditions,
  test: { name: 'repo', root: import.meta.dirname + '/..', include: ['tests/*.test.ts', 'scripts/**/*.test.ts', 'bench/*.test.ts'], exclude: ['**/*.integration.test.ts', '**/node_modules/**'], environment: 'node',
    // Rooted at the repository, vitest's default bench pattern would take every package's benches a second time, the map-server one without its server.
    benchmark: { include: ['tests/*.bench.ts'] },
  },
});
