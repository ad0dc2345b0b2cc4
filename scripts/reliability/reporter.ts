import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PropertyRunRecord, ReliabilityRecord } from '@gportal/core/contracts';
import type { Reporter, TestModule } from 'vitest/node';
import { updateFiguresSection } from './figures-section.js';

const ROOT = join(import.meta.dirname, '..', '..');
const COUNTS_DIR = join(ROOT, 'test-output', 'reliability');
const PAGE = join(ROOT, 'docs', 'reliability.md');

function recordOf(meta: object): ReliabilityRecord | undefined {
  const record = (meta as { reliability?: ReliabilityRecord }).reliability;
  return record && typeof record.suite === 'string' ? record : undefined;
}

function propertyRecordsOf(meta: object): PropertyRunRecord[] {
  const records = (meta as { propertyRuns?: PropertyRunRecord[] }).propertyRuns;
  return Array.isArray(records) ? records.filter((record) => typeof record.suite === 'string' && typeof record.runs === 'number') : [];
}

/** What a figures file holds: a fault-injection suite's records, or (`kind: 'properties'`) a property suite's. */
type FiguresFile = { suite: string; records: ReliabilityRecord[]; kind?: undefined } | { suite: string; records: PropertyRunRecord[]; kind: 'properties' };

const slug = (suite: string) => suite.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();

/** Records by suite, the suites of any file with a test that did not pass left out. */
function completeSuites<T extends { suite: string }>(testModules: ReadonlyArray<TestModule>, recordsOf: (meta: object) => T[]): Map<string, T[]> {
  const complete = new Map<string, T[]>();
  const incomplete = new Set<string>();
  for (const module of testModules) {
    const tests = [...module.children.allTests()];
    const records = tests.flatMap((test) => recordsOf(test.meta()));
    if (records.length === 0) continue;
    const allPassed = tests.every((test) => test.result().state === 'passed');
    for (const record of records) {
      if (!allPassed) incomplete.add(record.suite);
      complete.set(record.suite, [...(complete.get(record.suite) ?? []), record]);
    }
  }
  for (const suite of incomplete) complete.delete(suite);
  return complete;
}

/**
 * Collects the figures the suites attach to their tests: the fault-injection suites'
 * (`recordReliability`) and the inputs the property suites tried (`recordPropertyRuns`). A
 * suite's figures count only when every test of its files passed and none was skipped or
 * filtered out; they are written to `test-output/reliability/<suite>.json`, and the figures of
 * docs/reliability.md are regenerated from every suite's file.
 */
export default class ReliabilityReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const faults = completeSuites(testModules, (meta) => {
      const record = recordOf(meta);
      return record ? [record] : [];
    });
    const properties = completeSuites(testModules, propertyRecordsOf);
    if (faults.size === 0 && properties.size === 0) return;
    mkdirSync(COUNTS_DIR, { recursive: true });
    const write = (name: string, figures: FiguresFile) => writeFileSync(join(COUNTS_DIR, `${name}.json`), `${JSON.stringify(figures, null, 2)}\n`);
    for (const [suite, records] of faults) write(slug(suite), { suite, records });
    for (const [suite, records] of properties) write(`properties-${slug(suite)}`, { suite, records, kind: 'properties' });

    const suites = new Map<string, ReliabilityRecord[]>();
    const propertySuites = new Map<string, PropertyRunRecord[]>();
    for (const file of readdirSync(COUNTS_DIR).filter((name) => name.endsWith('.json')).sort()) {
      const figures = JSON.parse(readFileSync(join(COUNTS_DIR, file), 'utf8')) as FiguresFile;
      if (figures.kind === 'properties') propertySuites.set(figures.suite, figures.records);
      else suites.set(figures.suite, figures.records);
    }
    const page = readFileSync(PAGE, 'utf8');
    const updated = updateFiguresSection(page, suites, propertySuites);
    if (updated !== page) writeFileSync(PAGE, updated);
  }
}
