import type { PropertyRunRecord, ReliabilityRecord } from '@gportal/core/contracts';

/** Markers of the generated figures in docs/reliability.md, and of each suite's block inside them. */
export const SECTION_START = '<!-- reliability:start (written by the test run: scripts/reliability; do not edit) -->';
export const SECTION_END = '<!-- reliability:end -->';
/** Each block's markers: the fault-injection suites' (`reliability-suite`) and the property suites' (`reliability-properties`). */
type BlockKind = 'reliability-suite' | 'reliability-properties';
const blockStart = (suite: string, kind: BlockKind = 'reliability-suite') => `<!-- ${kind}:${suite} -->`;
const blockEnd = (suite: string, kind: BlockKind = 'reliability-suite') => `<!-- /${kind}:${suite} -->`;

const sum = (records: readonly ReliabilityRecord[], key: 'injected' | 'retries' | 'lost' | 'duplicates') =>
  records.reduce((total, record) => total + record[key], 0);

/** One suite's figures: a summary line with the totals, then one row per fault, in the order the suite ran them. */
export function suiteBlock(suite: string, records: readonly ReliabilityRecord[]): string {
  const edits = [...new Set(records.map((record) => record.edits))].join(' or ');
  const lines = [
    blockStart(suite),
    `**${suite}**: ${records.length} fault scenarios, ${sum(records, 'injected')} faults injected into saves of ${edits} pending changes; ` +
      `${sum(records, 'retries')} saves retried; edits lost: ${sum(records, 'lost')}; duplicates: ${sum(records, 'duplicates')}.`,
    '',
    '| fault | classified as | faults injected | saves retried | edits lost | duplicates |',
    '|---|---|---|---|---|---|',
    ...records.map((record) => `| ${record.fault} | ${record.classifiedAs} | ${record.injected} | ${record.retries} | ${record.lost} | ${record.duplicates} |`),
    blockEnd(suite),
  ];
  return lines.join('\n');
}

/** One property suite's runs: the inputs tried in all, then one row per property, in the order the suite ran them. */
export function propertySuiteBlock(suite: string, records: readonly PropertyRunRecord[]): string {
  const seeds = [...new Set(records.map((record) => record.seed))].join(', ');
  const total = records.reduce((sum, record) => sum + record.runs, 0);
  const lines = [
    blockStart(suite, 'reliability-properties'),
    `**${suite}** (fast-check, seed ${seeds}): ${total} inputs tried in ${records.length} ${records.length === 1 ? 'property' : 'properties'}; every property held.`,
    '',
    '| property | inputs tried |',
    '|---|---|',
    ...records.map((record) => `| ${record.property.replace(/\|/g, '\\|')} | ${record.runs} |`),
    blockEnd(suite, 'reliability-properties'),
  ];
  return lines.join('\n');
}

/** The section with `suite`'s block of `kind` replaced by `block`, or `block` added at its end. */
function withBlock(section: string, suite: string, kind: BlockKind, block: string): string {
  const from = section.indexOf(blockStart(suite, kind));
  const to = section.indexOf(blockEnd(suite, kind));
  return from >= 0 && to > from ? `${section.slice(0, from)}${block}${section.slice(to + blockEnd(suite, kind).length)}` : `${section.trimEnd()}\n\n${block}\n`;
}

/**
 * The page with the blocks of the given suites replaced (or added at the end of the section);
 * blocks of suites that did not run this time are kept as they are, so a partial run changes
 * only what it measured and the same figures always give the same text.
 */
export function updateFiguresSection(
  page: string,
  suites: ReadonlyMap<string, readonly ReliabilityRecord[]>,
  properties: ReadonlyMap<string, readonly PropertyRunRecord[]> = new Map(),
): string {
  const start = page.indexOf(SECTION_START);
  const end = page.indexOf(SECTION_END);
  if (start < 0 || end < start) throw new Error(`the reliability figures' markers are missing (${SECTION_START} … ${SECTION_END})`);
  let section = page.slice(start + SECTION_START.length, end);
  for (const [suite, records] of suites) section = withBlock(section, suite, 'reliability-suite', suiteBlock(suite, records));
  for (const [suite, records] of properties) section = withBlock(section, suite, 'reliability-properties', propertySuiteBlock(suite, records));
  return `${page.slice(0, start)}${SECTION_START}\n${section.trim()}\n${page.slice(end)}`;
}
