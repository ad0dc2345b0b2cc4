import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReliabilityRecord } from '@gportal/core/contracts';
import type { Reporter, TestModule } from 'vitest/node';
import { updateReadme } from './readme-section.js';

const ROOT = join(import.meta.dirname, '..', '..');
const COUNTS_DIR = join(ROOT, 'test-output', 'reliability');
const README = join(ROOT, 'README.md');

function recordOf(meta: object): ReliabilityRecord | undefined {
  const record = (meta as { reliability?: ReliabilityRecord }).reliability;
  return record && typeof record.suite === 'string' ? record : undefined;
}

const slug = (suite: string) => suite.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();

/**
 * Collects the fault-injection figures the suites attach to their tests (`recordReliability`).
 * A suite's figures count only when every test of its files passed and none was skipped or
 * filtered out; they are written to `test-output/reliability/<suite>.json`, and the README's
 * Reliability section is regenerated from every suite's file.
 */
export default class ReliabilityReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const complete = new Map<string, ReliabilityRecord[]>();
    const incomplete = new Set<string>();
    for (const module of testModules) {
      const tests = [...module.children.allTests()];
      const records = tests.map((test) => recordOf(test.meta())).filter((record): record is ReliabilityRecord => record !== undefined);
      if (records.length === 0) continue;
      const allPassed = tests.every((test) => test.result().state === 'passed');
      for (const record of records) {
        if (!allPassed) incomplete.add(record.suite);
        complete.set(record.suite, [...(complete.get(record.suite) ?? []), record]);
      }
    }
    for (const suite of incomplete) complete.delete(suite);
    if (complete.size === 0) return;
    mkdirSync(COUNTS_DIR, { recursive: true });
    for (const [suite, records] of complete) writeFileSync(join(COUNTS_DIR, `${slug(suite)}.json`), `${JSON.stringify({ suite, records }, null, 2)}\n`);

    const suites = new Map<string, ReliabilityRecord[]>();
    for (const file of readdirSync(COUNTS_DIR).filter((name) => name.endsWith('.json')).sort()) {
      const { suite, records } = JSON.parse(readFileSync(join(COUNTS_DIR, file), 'utf8')) as { suite: string; records: ReliabilityRecord[] };
      suites.set(suite, records);
    }
    const readme = readFileSync(README, 'utf8');
    const updated = updateReadme(readme, suites);
    if (updated !== readme) writeFileSync(README, updated);
  }
}
