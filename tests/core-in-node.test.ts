import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const repo = new URL('..', import.meta.url).pathname;

// Other teams import the built core in plain Node 20, with no DOM and no bundler.
describe('@gportal/core in plain Node', () => {
  it('builds and imports without a DOM', () => {
    execFileSync('npx', ['tsc', '-p', 'packages/core/tsconfig.build.json'], { cwd: repo, stdio: 'pipe', timeout: 120_000 });
    const script = `
      const core = await import('@gportal/core');
      const memory = await import('@gportal/core/memory');
      const adapters = memory.createMemoryAdapters(memory.sampleSeed());
      const set = await adapters.features.getFeatures({ typeName: 'store_33:polygon', maxFeatures: 3 });
      console.log(JSON.stringify({ dom: typeof document, maxFeatures: core.DEFAULT_MAX_FEATURES, count: set.features.length, error: new core.ValidationError({ a: 'b' }).kind }));
    `;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repo, encoding: 'utf8', timeout: 60_000 });
    expect(JSON.parse(output.trim())).toEqual({ dom: 'undefined', maxFeatures: 2000, count: 3, error: 'validation' });
  }, 180_000); // a full tsc build, slow on a busy machine: the calls above have their own timeouts
});
