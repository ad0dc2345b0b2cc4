import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Application, Logger, LogLevel, TSConfigReader, TypeDocReader } from 'typedoc';
import { describe, expect, it } from 'vitest';

const repo = new URL('..', import.meta.url).pathname;

class CollectingLogger extends Logger {
  readonly messages: string[] = [];
  override log(message: string, level: LogLevel): void {
    if (level >= LogLevel.Warn) this.messages.push(message);
  }
}

/**
 * What `npm run docs` (and the docs check of `npm run lint`) reports for a module of the core with
 * this code: typedoc.json's settings, the probe file as the only entry point.
 */
async function docProblems(code: string): Promise<string[]> {
  // Not a test file, so no vitest project collects it while it exists; git-ignored like the lint probes.
  const probe = join(repo, 'packages/core/src/__lint-probe__.ts');
  writeFileSync(probe, code);
  // The docs' compiler settings over the probe alone, so the check takes seconds, not the whole program's.
  const scratch = mkdtempSync(join(tmpdir(), 'gportal-api-docs-'));
  const tsconfig = join(scratch, 'tsconfig.json');
  writeFileSync(tsconfig, JSON.stringify({ extends: join(repo, 'tsconfig.docs.json'), include: [], files: [probe] }));
  try {
    const app = await Application.bootstrapWithPlugins({ options: join(repo, 'typedoc.json'), entryPoints: [probe], tsconfig }, [new TypeDocReader(), new TSConfigReader()]);
    const logger = new CollectingLogger();
    app.logger = logger;
    const project = await app.convert();
    if (!project) return ['conversion failed', ...logger.messages];
    app.validate(project);
    expect(app.options.getValue('treatValidationWarningsAsErrors')).toBe(true);
    return logger.messages;
  } finally {
    rmSync(probe);
    rmSync(scratch, { recursive: true });
  }
}

// `npm run lint` runs TypeDoc without output: an export without a TSDoc comment fails it (README, "API reference").
describe('API reference (TypeDoc validation)', () => {
  it('reports exactly the undocumented export and the undocumented method of an exported interface', async () => {
    const problems = await docProblems(
      [
        '/** A port. */',
        'export interface Probe {',
        '  /** Runs it. */',
        '  run(): void;',
        '  stop(): void;',
        '}',
        '/** At most this many. */',
        'export const PROBE_LIMIT = 3;',
        'export const PROBE_FLOOR = 1;',
        '',
      ].join('\n'),
    );
    // `Name (Kind), defined in …, does not have any documentation`, the name prefixed by its module when there are several.
    const undocumented = problems.flatMap((message) => /^(\S+) \(\w+\), defined in .* does not have any documentation$/.exec(message)?.[1] ?? []);
    expect(undocumented.sort()).toEqual(['PROBE_FLOOR', 'Probe.stop']);
  }, 180_000);
});
