import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLE_BUDGETS_KIB, BUNDLE_TARGETS_KIB } from '@gportal/ui-react/bundle-budgets';
import { CHUNKS_END, CHUNKS_START, LATEST_RUN_END, LATEST_RUN_START, latestRunTable, readLatestRunTable, withChunkTable, withLatestRun, type TargetRow } from './latest-run.js';
import { chunkTable, targetRows, type Results, type Row } from './results.js';

const README = `# bench\n\n## The latest run\n\n${LATEST_RUN_START}\n${LATEST_RUN_END}\n\n## After\n`;
const row = (part: TargetRow['part'], target: string, measured: string, met = true): TargetRow => ({ part, target, measured, met });

describe('the latest run’s table in bench/README.md', () => {
  it('writes one row per target, ordered by part, between the markers', () => {
    const text = withLatestRun(README, new Set(['large', 'parse']), [row('large', 'pan mean ≤ 50 ms', '21 ms'), row('parse', 'GeoJSON ≤ 1.3× JSON.parse', '0.75×', false)]);
    expect(text).toContain(`${LATEST_RUN_START}\n| part | target | measured | verdict |\n|---|---|---|---|\n| parse | GeoJSON ≤ 1.3× JSON.parse | 0.75× | **missed** |\n| large | pan mean ≤ 50 ms | 21 ms | **met** |\n${LATEST_RUN_END}`);
    expect(text.endsWith(`${LATEST_RUN_END}\n\n## After\n`)).toBe(true);
  });

  it('replaces only the rows of the parts that ran, and gives the same text for the same figures', () => {
    const once = withLatestRun(README, new Set(['parse', 'large']), [row('parse', 'a', '1 ms'), row('parse', 'b', '2 ms'), row('large', 'c', '3 ms')]);
    expect(withLatestRun(once, new Set(['parse', 'large']), [row('parse', 'a', '1 ms'), row('parse', 'b', '2 ms'), row('large', 'c', '3 ms')])).toBe(once);
    const largeAgain = withLatestRun(once, new Set(['large']), [row('large', 'c', '4 ms', false), row('parse', 'ignored', 'not run')]);
    expect(readLatestRunTable(largeAgain.slice(largeAgain.indexOf(LATEST_RUN_START) + LATEST_RUN_START.length, largeAgain.indexOf(LATEST_RUN_END)))).toEqual([
      row('parse', 'a', '1 ms'),
      row('parse', 'b', '2 ms'),
      row('large', 'c', '4 ms', false),
    ]);
  });

  it('reads back what it writes, bars included', () => {
    const rows = [row('render', 'drag | move', 'a | b (anchor: c)'), row('bundle', 'whole app', '1 KiB', false)];
    expect(readLatestRunTable(latestRunTable(rows))).toEqual(rows);
  });

  it('refuses a README without the markers, or with a row it did not write', () => {
    expect(() => withLatestRun('# bench\n', new Set(), [])).toThrow(/markers are missing/);
    expect(() => withLatestRun(`${LATEST_RUN_START}\n| nonsense | a | b | c |\n${LATEST_RUN_END}`, new Set(), [])).toThrow(/not a row/);
  });

  it('holds a table bench/README.md can be rewritten from', () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    expect(withLatestRun(readme, new Set(), [])).toBe(readme);
    expect(readLatestRunTable(readme.slice(readme.indexOf(LATEST_RUN_START) + LATEST_RUN_START.length, readme.indexOf(LATEST_RUN_END))).length).toBeGreaterThan(0);
  });
});

describe('the page parts’ targets', () => {
  const sample = (median: number) => ({ median, min: median, max: median, mean: median, count: 1 });
  const parseRow = (name: string, dataset: 'v50' | 'v500', median: number, role = 'anchor'): Row => ({ name, role, input: '', dataset, sample: sample(median), facts: { features: 2000, firstPosition: '', types: '' } });
  const transactionRow = (name: string, dataset: 'v50' | 'v500', median: number, role: string): Row => parseRow(name, dataset, median, role);
  const results = {
    parse: (['v500', 'v50'] as const).flatMap((dataset) => [
      parseRow('JSON.parse (floor)', dataset, 100),
      parseRow('ol/format/WFS 1.1.0 (GML3) readFeatures(text)', dataset, 400),
      parseRow('gportal GeoJSON → typed features', dataset, 120, 'gportal'),
      parseRow('gportal GML3 → typed features (streaming scanner)', dataset, 100, 'gportal'),
      parseRow('Response.json() on the same bytes', dataset, 100),
      parseRow('gportal createWfsAdapters({ fetch }).source.getFeatures() on a Response', dataset, 115, 'gportal'),
    ]),
    transaction: (['v500', 'v50'] as const).flatMap((dataset) =>
      ['only changed fields', 'every field'].flatMap((variant) => [
        transactionRow(`ol/format/WFS writeTransaction + XMLSerializer (${variant})`, dataset, 100, 'anchor'),
        transactionRow(`gportal writeTransaction, XmlStream (${variant})`, dataset, 90, 'gportal'),
      ]),
    ),
    heap: {
      'JSON.parse (floor)': 40 * 2 ** 20,
      'gportal GeoJSON → typed features': 41 * 2 ** 20,
      'Response.json() on the same bytes': 40 * 2 ** 20,
      'gportal createWfsAdapters({ fetch }).source.getFeatures() on a Response': 48 * 2 ** 20,
    },
    render: { contenders: [], first: [], steps: [], leaks: [], vertexDrag: [] },
    bundle: {
      firstScreen: { scripts: ['/assets/index-Ab3_x9Yz.js'], raw: 500, gzip: 180 },
      mapRoute: { scripts: ['/assets/index-Ab3_x9Yz.js', '/assets/leaflet-Cd4-y0Za.js'], raw: 1200, gzip: 400 },
      wholeApp: { chunks: 3, raw: 1500, gzip: 460 },
      chunks: [
        { file: 'index-Ab3_x9Yz.js', raw: 500, gzip: 180, sources: [{ source: 'react-dom', gzip: 70 }, { source: 'antd', gzip: 60 }] },
        { file: 'leaflet-Cd4-y0Za.js', raw: 700, gzip: 220, sources: [{ source: 'leaflet', gzip: 220 }] },
        { file: 'date-field-Ef5_z1Ab.js', raw: 300, gzip: 60, sources: [] },
      ],
      appBuildSeconds: 3,
    },
  } as unknown as Results;

  it('judges every target of each part on the run’s figures', () => {
    const rows = targetRows(results);
    expect(rows.map((target) => [target.part, target.met])).toEqual([
      ['parse', true],
      ['parse', true],
      ['parse', true],
      ['parse', true],
      ['heap', true],
      ['heap', false],
      ['parse', true],
      ['parse', true],
      ['transaction', false],
      ['transaction', false],
      ['transaction', false],
      ['transaction', false],
      ['render', false],
      ['bundle', true],
      ['bundle', false],
      ['bundle', true],
    ]);
    expect(rows[0]).toEqual({ part: 'parse', target: 'GeoJSON answer → typed features (v500) ≤ 1.3× JSON.parse', measured: '1.20× (minima: 1.20×)', met: true });
    expect(rows[8]?.measured).toBe('0.90× (minima: 0.90×), 1.13× the target');
    expect(rows[2]).toMatchObject({ part: 'parse', measured: '1.15× (minima: 1.15×)', met: true });
    expect(rows[12]?.measured).toMatch(/^no gportal map contender ran/);
    expect(rows[14]).toEqual({ part: 'bundle', target: `Map route opened directly ≤ ${BUNDLE_TARGETS_KIB.mapRoute} KiB gzip`, measured: `400.0 KiB (npm test's budget: ${BUNDLE_BUDGETS_KIB.mapRoute} KiB)`, met: false });
    expect(rows[15]?.target).toBe(`Whole app ≤ ${BUNDLE_TARGETS_KIB.wholeApp} KiB gzip`);
  });

  it('lists every chunk without its hash, with the loads that fetch it and what it holds', () => {
    expect(chunkTable(results.bundle).split('\n').slice(2)).toEqual([
      '| `index.js` | 180.0 | 500.0 | first screen, map route | react-dom 70.0, antd 60.0 |',
      '| `leaflet.js` | 220.0 | 700.0 | map route | leaflet 220.0 |',
      '| `date-field.js` | 60.0 | 300.0 | on use |  |',
    ]);
  });
});

describe('the chunk table in bench/README.md', () => {
  it('is replaced whole between its markers', () => {
    const readme = `before\n${CHUNKS_START}\nold\n${CHUNKS_END}\nafter\n`;
    expect(withChunkTable(readme, '| new |')).toBe(`before\n${CHUNKS_START}\n| new |\n${CHUNKS_END}\nafter\n`);
    expect(() => withChunkTable('no markers', '| new |')).toThrow(/markers are missing/);
  });
});
