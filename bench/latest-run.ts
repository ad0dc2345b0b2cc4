/**
 * The table of the latest run in bench/README.md: one row per target, written by `npm run bench`
 * between the markers below. A run replaces only the rows of the parts it ran, so the large part
 * (run on its own) and the page's parts each keep their latest figures, and the same figures always
 * give the same text.
 */

/** The parts of a run, in the table's order. */
export const BENCH_PARTS = ['parse', 'transaction', 'heap', 'render', 'bundle', 'large'] as const;
export type BenchPart = (typeof BENCH_PARTS)[number];

export const LATEST_RUN_START = '<!-- bench:latest-run:start (written by npm run bench: bench/latest-run.ts; do not edit) -->';
export const LATEST_RUN_END = '<!-- bench:latest-run:end -->';

/** One target of a run: what is required, what gportal measured (and its anchor), and the verdict. */
export interface TargetRow {
  part: BenchPart;
  target: string;
  measured: string;
  met: boolean;
}

const HEADER = ['part', 'target', 'measured', 'verdict'];
const escapeCell = (text: string) => text.replace(/\|/g, '\\|');
const unescapeCell = (text: string) => text.replace(/\\\|/g, '|');

/** The markdown table of the rows, ordered by part (rows of one part keep their order). */
export function latestRunTable(rows: readonly TargetRow[]): string {
  const ordered = [...rows].sort((a, b) => BENCH_PARTS.indexOf(a.part) - BENCH_PARTS.indexOf(b.part));
  return [
    `| ${HEADER.join(' | ')} |`,
    `|${HEADER.map(() => '---').join('|')}|`,
    ...ordered.map((row) => `| ${row.part} | ${escapeCell(row.target)} | ${escapeCell(row.measured)} | ${row.met ? '**met**' : '**missed**'} |`),
  ].join('\n');
}

/** The rows of a table written by `latestRunTable`. */
export function readLatestRunTable(table: string): TargetRow[] {
  return table
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith(`| ${HEADER[0]} |`))
    .map((line) => {
      const cells = line.slice(2, -2).split(/ (?<!\\)\| /);
      const [part, target, measured, verdict] = cells;
      if (cells.length !== 4 || !BENCH_PARTS.includes(part as BenchPart)) throw new Error(`bench/README.md: not a row of the latest run: ${line}`);
      return { part: part as BenchPart, target: unescapeCell(target as string), measured: unescapeCell(measured as string), met: verdict === '**met**' };
    });
}

/** The README with the rows of `parts` replaced by `rows`; the other parts' rows stay as they were. */
export function withLatestRun(readme: string, parts: ReadonlySet<BenchPart>, rows: readonly TargetRow[]): string {
  const start = readme.indexOf(LATEST_RUN_START);
  const end = readme.indexOf(LATEST_RUN_END);
  if (start < 0 || end < start) throw new Error(`bench/README.md: the latest run's markers are missing (${LATEST_RUN_START} … ${LATEST_RUN_END})`);
  const kept = readLatestRunTable(readme.slice(start + LATEST_RUN_START.length, end)).filter((row) => !parts.has(row.part));
  const fresh = rows.filter((row) => parts.has(row.part));
  return `${readme.slice(0, start)}${LATEST_RUN_START}\n${latestRunTable([...kept, ...fresh])}\n${readme.slice(end)}`;
}

/** The markers of the chunk table in bench/README.md, written by the bundle part. */
export const CHUNKS_START = '<!-- bench:chunks:start (written by npm run bench: bench/results.ts chunkTable; do not edit) -->';
export const CHUNKS_END = '<!-- bench:chunks:end -->';

/** The README with the bundle part's chunk table replaced by `table`. */
export function withChunkTable(readme: string, table: string): string {
  const start = readme.indexOf(CHUNKS_START);
  const end = readme.indexOf(CHUNKS_END);
  if (start < 0 || end < start) throw new Error(`bench/README.md: the chunk table's markers are missing (${CHUNKS_START} … ${CHUNKS_END})`);
  return `${readme.slice(0, start)}${CHUNKS_START}\n${table}\n${readme.slice(end)}`;
}
