import type { PropertyRunRecord, ReliabilityRecord } from '@gportal/core/contracts';
import { describe, expect, it } from 'vitest';
import { SECTION_END, SECTION_START, updateFiguresSection } from './figures-section.js';

const record = (suite: string, fault: string, lost = 0): ReliabilityRecord => ({
  suite,
  fault,
  classifiedAs: 'timeout',
  injected: 1,
  edits: 6,
  retries: 1,
  lost,
  duplicates: 0,
});

const PAGE = `# Reliability\n\n## Figures\n\n${SECTION_START}\n${SECTION_END}\n\n## After\n`;

describe('the figures of docs/reliability.md', () => {
  it('writes each suite as a block with its totals and one row per fault', () => {
    const text = updateFiguresSection(PAGE, new Map([['core', [record('core', 'timeout'), record('core', 'partial')]]]));
    expect(text).toContain('**core**: 2 fault scenarios, 2 faults injected into saves of 6 pending changes; 2 saves retried; edits lost: 0; duplicates: 0.');
    expect(text).toContain('| partial | timeout | 1 | 1 | 0 | 0 |');
    expect(text.endsWith(`${SECTION_END}\n\n## After\n`)).toBe(true);
  });

  it('gives the same text for the same figures, and replaces only the suites that ran', () => {
    const once = updateFiguresSection(PAGE, new Map([['core', [record('core', 'timeout')]], ['wfs', [record('wfs', 'timeout')]]]));
    expect(updateFiguresSection(once, new Map([['core', [record('core', 'timeout')]], ['wfs', [record('wfs', 'timeout')]]]))).toBe(once);
    const coreAgain = updateFiguresSection(once, new Map([['core', [record('core', 'timeout', 1)]]]));
    expect(coreAgain).toContain('**core**: 1 fault scenarios, 1 faults injected into saves of 6 pending changes; 1 saves retried; edits lost: 1');
    expect(coreAgain).toContain('**wfs**: 1 fault scenarios');
    expect(coreAgain.indexOf('**core**')).toBeLessThan(coreAgain.indexOf('**wfs**'));
  });

  it('writes each property suite as a block with the inputs tried per property, beside the fault suites', () => {
    const runs = (suite: string, property: string, count: number): PropertyRunRecord => ({ suite, property, runs: count, seed: 7 });
    const faults = new Map([['core', [record('core', 'timeout')]]]);
    const once = updateFiguresSection(PAGE, faults, new Map([['GML reader', [runs('GML reader', 'damaged answers', 500), runs('GML reader', 'a | b', 250)]]]));
    expect(once).toContain('**GML reader** (fast-check, seed 7): 750 inputs tried in 2 properties; every property held.');
    expect(once).toContain('| damaged answers | 500 |');
    expect(once).toContain('| a \\| b | 250 |');
    expect(once.indexOf('**core**')).toBeLessThan(once.indexOf('**GML reader**'));
    const again = updateFiguresSection(once, new Map(), new Map([['GML reader', [runs('GML reader', 'damaged answers', 100)]]]));
    expect(again).toContain('**GML reader** (fast-check, seed 7): 100 inputs tried in 1 property; every property held.');
    expect(again).not.toContain('| damaged answers | 500 |');
    expect(again).toContain('**core**: 1 fault scenarios');
    expect(updateFiguresSection(once, faults, new Map([['GML reader', [runs('GML reader', 'damaged answers', 500), runs('GML reader', 'a | b', 250)]]]))).toBe(once);
  });

  it('refuses a page without the markers', () => {
    expect(() => updateFiguresSection('# x\n', new Map())).toThrow(/markers are missing/);
  });
});
