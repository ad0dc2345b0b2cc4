import type { DatasetName } from './data.js';

export interface Sample {
  median: number;
  min: number;
  max: number;
  mean: number;
  count: number;
}

export interface Row {
  name: string;
  role: string;
  input: string;
  dataset: DatasetName;
  sample: Sample;
  facts: { features: number; firstPosition: string; types: string; bytes?: number };
}

interface Contender {
  name: string;
  role: string;
}

export interface Results {
  machine: { cpu: string; memoryGiB: number; node: string; browser: string; chromiumArgs: string[]; page: { userAgent: string; cores: number; devicePixelRatio: number } };
  versions: Record<string, string>;
  data: { featureCount: number; datasets: Record<DatasetName, { geoJsonBytes: number; gmlBytes: number; positions: number; polygons: number }> };
  rounds: Record<string, number>;
  vertexDrag: { vertices: number; moves: number };
  parse: Row[];
  transaction: Row[];
  heap: Record<string, number>;
  render: {
    contenders: Contender[];
    first: Array<Contender & { dataset: DatasetName; sample: Sample }>;
    steps: Array<Contender & { dataset: DatasetName; syncMs: number; steps: Array<{ kind: string; ms: number }> }>;
    leaks: Array<Contender & { before: LeakCount; after: LeakCount }>;
    vertexDrag: Array<Contender & { mountMs: number; moves: Sample }>;
  };
  bundle: {
    firstScreen: { scripts: string[]; raw: number; gzip: number };
    wholeApp: { chunks: number; raw: number; gzip: number };
    appBuildSeconds: number;
  };
  seconds: number;
}

interface LeakCount {
  heap: number;
  layers: number;
  listeners: number;
}

/** The targets of issue 13, in one place. */
export const TARGETS = {
  geoJsonVsJsonParse: 1.3,
  geoJsonHeapVsParsed: 1.1,
  gmlVsOlWfs: 0.5,
  transactionVsOl: 0.8,
  firstRenderMs: 150,
  stepMeanMs: 50,
  stepWorstMs: 120,
  vertexMoveMs: 16,
  leakTolerance: 0.1,
  firstScreenKiB: 200,
  wholeAppKiB: 450,
} as const;

const MB = 1024 * 1024;
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const ratio = (value: number) => `${value.toFixed(2)}×`;
const table = (header: string[], rows: string[][]) => [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');

function find(rows: Row[], dataset: DatasetName, name: string): Row | undefined {
  return rows.find((row) => row.dataset === dataset && row.name.startsWith(name));
}

function verdict(met: boolean, text: string): string {
  return `${met ? '**met**' : '**missed**'}: ${text}`;
}

function parseTable(results: Results, dataset: DatasetName): string {
  const rows = results.parse.filter((row) => row.dataset === dataset);
  const floor = find(rows, dataset, 'JSON.parse')?.sample.median ?? NaN;
  const anchors = ['ol/format/GeoJSON', 'ol/format/WFS', 'L.geoJSON'].map((name) => find(rows, dataset, name)?.sample.median ?? NaN);
  return table(
    ['contender', 'input', 'median ms', 'min–max ms', '× JSON.parse', '× ol GeoJSON', '× ol WFS (GML3)', '× L.geoJSON', 'features', 'first position', 'types of code, area_ha, active, updated'],
    rows.map((row) => [
      row.role === 'gportal' ? `**${row.name}**` : row.name,
      row.input,
      `**${ms(row.sample.median)}**`,
      `${ms(row.sample.min)}–${ms(row.sample.max)}`,
      ratio(row.sample.median / floor),
      ...anchors.map((anchor) => ratio(row.sample.median / anchor)),
      String(row.facts.features),
      row.facts.firstPosition,
      row.facts.types,
    ]),
  );
}

function transactionTable(results: Results, dataset: DatasetName): string {
  const rows = results.transaction.filter((row) => row.dataset === dataset);
  const floor = find(results.parse, dataset, 'JSON.parse')?.sample.median ?? NaN;
  return table(
    ['writer', 'median ms', 'min–max ms', '× ol (same fields)', '× JSON.parse', 'XML MB'],
    rows.map((row) => {
      const variant = row.name.slice(row.name.lastIndexOf('('));
      const ol = rows.find((other) => other.role === 'anchor' && other.name.endsWith(variant))?.sample.median ?? NaN;
      return [
        row.role === 'gportal' ? `**${row.name}**` : row.name,
        `**${ms(row.sample.median)}**`,
        `${ms(row.sample.min)}–${ms(row.sample.max)}`,
        ratio(row.sample.median / ol),
        ratio(row.sample.median / floor),
        ((row.facts.bytes ?? 0) / MB).toFixed(2),
      ];
    }),
  );
}

function renderTables(results: Results): string {
  const { render } = results;
  const first = table(
    ['data', 'contender', 'first render median ms', 'min–max ms', 'sync ms (one run)', 'mean step→frame ms', 'pan mean ms', 'zoom mean ms', 'worst step ms'],
    render.first.map((row) => {
      const steps = render.steps.find((step) => step.dataset === row.dataset && step.name === row.name);
      const times = steps?.steps.map((step) => step.ms) ?? [];
      const mean = (kind?: string) => {
        const chosen = steps?.steps.filter((step) => !kind || step.kind === kind).map((step) => step.ms) ?? [];
        return chosen.length ? ms(chosen.reduce((sum, value) => sum + value, 0) / chosen.length) : '-';
      };
      return [row.dataset, row.name, `**${ms(row.sample.median)}**`, `${ms(row.sample.min)}–${ms(row.sample.max)}`, steps ? ms(steps.syncMs) : '-', `**${mean()}**`, mean('pan'), mean('zoom'), times.length ? ms(Math.max(...times)) : '-'];
    }),
  );
  const leaks = table(
    ['contender (v50)', 'heap MB before → after 20 redraws', 'Leaflet layers', 'JS event listeners', 'stable within 10 %'],
    render.leaks.map((row) => {
      const stable = (['heap', 'layers', 'listeners'] as const).every((key) => row.after[key] <= row.before[key] * (1 + TARGETS.leakTolerance));
      return [row.name, `${(row.before.heap / MB).toFixed(1)} → ${(row.after.heap / MB).toFixed(1)}`, `${row.before.layers} → ${row.after.layers}`, `${row.before.listeners} → ${row.after.listeners}`, stable ? 'yes' : '**no**'];
    }),
  );
  const drag = table(
    ['contender', 'editing enabled after ms', 'median ms per move', 'min–max ms', 'mean ms'],
    render.vertexDrag.map((row) => [row.name, ms(row.mountMs), `**${ms(row.moves.median)}**`, `${ms(row.moves.min)}–${ms(row.moves.max)}`, ms(row.moves.mean)]),
  );
  return `${first}\n\nLeak check (20 redraws of the whole v50 layer):\n\n${leaks}\n\nVertex drag on a ${results.vertexDrag.vertices}-vertex polygon (${results.vertexDrag.moves} moves, each until its frame):\n\n${drag}`;
}

function targets(results: Results): string[] {
  const lines: string[] = [];
  for (const dataset of ['v500', 'v50'] as DatasetName[]) {
    const floor = find(results.parse, dataset, 'JSON.parse')?.sample.median ?? NaN;
    const geoJson = (find(results.parse, dataset, 'gportal GeoJSON →')?.sample.median ?? NaN) / floor;
    lines.push(`- GeoJSON answer → typed features (${dataset}) ≤ ${TARGETS.geoJsonVsJsonParse}× JSON.parse: ${verdict(geoJson <= TARGETS.geoJsonVsJsonParse, `${ratio(geoJson)}${geoJson <= TARGETS.geoJsonVsJsonParse ? '' : `, ${ratio(geoJson / TARGETS.geoJsonVsJsonParse)} the target`}`)}.`);
  }
  const parsedHeap = results.heap['JSON.parse (floor)'] ?? NaN;
  const gportalHeap = results.heap['gportal GeoJSON → typed features'] ?? NaN;
  lines.push(`- Retained heap after loading 2000 v500 features ≤ ${TARGETS.geoJsonHeapVsParsed}× the parsed JSON's: ${verdict(gportalHeap <= parsedHeap * TARGETS.geoJsonHeapVsParsed, `${(gportalHeap / MB).toFixed(1)} MB vs ${(parsedHeap / MB).toFixed(1)} MB (${ratio(gportalHeap / parsedHeap)})`)}.`);
  for (const dataset of ['v500', 'v50'] as DatasetName[]) {
    const gml = (find(results.parse, dataset, 'gportal GML3 →')?.sample.median ?? NaN) / (find(results.parse, dataset, 'ol/format/WFS')?.sample.median ?? NaN);
    lines.push(`- GML3 answer → typed features, right axes (${dataset}) ≤ ${TARGETS.gmlVsOlWfs}× ol/format/WFS: ${verdict(gml <= TARGETS.gmlVsOlWfs, `${ratio(gml)}${gml <= TARGETS.gmlVsOlWfs ? '' : `, ${ratio(gml / TARGETS.gmlVsOlWfs)} the target`}`)}.`);
  }
  for (const dataset of ['v500', 'v50'] as DatasetName[]) {
    for (const variant of ['only changed fields', 'every field']) {
      const rows = results.transaction.filter((row) => row.dataset === dataset && row.name.endsWith(`(${variant})`));
      const value = (rows.find((row) => row.role === 'gportal')?.sample.median ?? NaN) / (rows.find((row) => row.role === 'anchor')?.sample.median ?? NaN);
      lines.push(`- Transaction 1000 + 500 + 500 (${dataset}, ${variant}) ≤ ${TARGETS.transactionVsOl}× ol: ${verdict(value <= TARGETS.transactionVsOl, `${ratio(value)}${value <= TARGETS.transactionVsOl ? '' : `, ${ratio(value / TARGETS.transactionVsOl)} the target`}`)}.`);
    }
  }
  const gportalRender = results.render.contenders.filter((contender) => contender.role === 'gportal');
  if (gportalRender.length === 0) {
    lines.push(`- First render ≤ ${TARGETS.firstRenderMs} ms, pan/zoom ≤ ${TARGETS.stepMeanMs} ms mean and ≤ ${TARGETS.stepWorstMs} ms worst, 20-redraw leak check, vertex drag ≤ ${TARGETS.vertexMoveMs} ms per move: **pending**: the feature map (\`packages/ui-react/src/map/\`) provides no bench contender yet; the Leaflet and leaflet-draw anchors are measured above, and gportal's map plugs in as a \`*.bench-contender.ts\` module (see bench/README.md).`);
  } else {
    for (const contender of gportalRender) {
      const first = results.render.first.find((row) => row.dataset === 'v500' && row.name === contender.name)?.sample.median ?? NaN;
      const steps = results.render.steps.find((row) => row.dataset === 'v500' && row.name === contender.name)?.steps.map((step) => step.ms) ?? [];
      const mean = steps.reduce((sum, value) => sum + value, 0) / steps.length;
      const worst = Math.max(...steps);
      lines.push(`- First render, 2000 v500 features ≤ ${TARGETS.firstRenderMs} ms (${contender.name}): ${verdict(first <= TARGETS.firstRenderMs, `${ms(first)} ms`)}.`);
      lines.push(`- Pan / zoom step ≤ ${TARGETS.stepMeanMs} ms mean, ≤ ${TARGETS.stepWorstMs} ms worst: ${verdict(mean <= TARGETS.stepMeanMs && worst <= TARGETS.stepWorstMs, `${ms(mean)} ms mean, ${ms(worst)} ms worst`)}.`);
    }
  }
  const { firstScreen, wholeApp } = results.bundle;
  lines.push(`- First screen ≤ ${TARGETS.firstScreenKiB} KiB gzip: ${verdict(firstScreen.gzip <= TARGETS.firstScreenKiB, `${firstScreen.gzip.toFixed(1)} KiB`)}.`);
  lines.push(`- Whole app ≤ ${TARGETS.wholeAppKiB} KiB gzip: ${verdict(wholeApp.gzip <= TARGETS.wholeAppKiB, `${wholeApp.gzip.toFixed(1)} KiB`)}.`);
  return lines;
}

export function writeResults(results: Results): string {
  const { machine, data } = results;
  return `# gportal benchmark results

Written by \`npm run bench\` (bench/run.ts); method in bench/README.md. One headless Chromium page,
one run: every contender of a table interleaved round-robin (order rotated each round), one
warm-up round discarded, a full GC (\`window.gc()\`) before every timed call. Compare rows within
this file, not with other machines: ratios in one run hold, absolute times drift.

## Targets (issue 13)

${targets(results).join('\n')}

## Machine

${table(['item', 'value'], [
  ['CPU', machine.cpu],
  ['Memory', `${machine.memoryGiB.toFixed(1)} GiB`],
  ['Node', machine.node],
  ['Browser', `Chromium ${machine.browser} via playwright-core, ${machine.chromiumArgs.join(' ')}`],
  ['Page', `1000×800 map element, devicePixelRatio ${machine.page.devicePixelRatio}, hardwareConcurrency ${machine.page.cores}`],
  ['Run time', `${results.seconds.toFixed(0)} s (app build ${results.bundle.appBuildSeconds.toFixed(1)} s)`],
])}

## Versions

${table(['package', 'version'], Object.entries(results.versions).map(([name, version]) => [name, version]))}

## Data

${data.featureCount} MultiPolygon features, 5 typed properties (name string, code int, area_ha double, active boolean, updated date), generated from a fixed seed (bench/data.ts).

${table(['dataset', 'positions', 'polygons', 'GeoJSON MB', 'GML3 MB'], (Object.entries(data.datasets) as Array<[DatasetName, Results['data']['datasets'][DatasetName]]>).map(([name, dataset]) => [name, String(dataset.positions), String(dataset.polygons), (dataset.geoJsonBytes / MB).toFixed(2), (dataset.gmlBytes / MB).toFixed(2)]))}

## 1. GetFeature answer → features (median of ${results.rounds.parse})

"gportal … (before)" is the ol path the adapter used until now (kept in \`test-support/\` as the reference the new readers are proven equal to).
ol/format/WFS reads GeoServer's lon/lat \`epsg.xml#4326\` label as lat/lon (swapped, 3 values per position) and types nothing; gportal takes the order from \`axis-order.ts\`.

### v500

${parseTable(results, 'v500')}

### v50

${parseTable(results, 'v50')}

Retained JS heap after loading 2000 v500 features (result kept alive, after a full GC, minus before):

${table(['contender', 'retained MB', '× parsed JSON'], Object.entries(results.heap).map(([name, bytes]) => [name, (bytes / MB).toFixed(1), ratio(bytes / (results.heap['JSON.parse (floor)'] ?? NaN))]))}

## 2. WFS-T Transaction: 1000 inserts + 500 updates + 500 deletes (median of ${results.rounds.transaction})

"only changed fields": each update sets the moved geometry and one property; "every field": the geometry and all five.

### v500

${transactionTable(results, 'v500')}

### v50

${transactionTable(results, 'v50')}

## 3. Render (1000×800, fitted to the data; median of ${results.rounds.render} first renders, one run of 20 scripted steps)

${renderTables(results)}

## 4. Bundle (Vite production build of packages/ui-react, gzip = zlib default level)

${table(['what', 'JS raw KiB', 'JS gzip KiB', 'budget KiB'], [
  [`first screen (/login: ${results.bundle.firstScreen.scripts.length} scripts)`, results.bundle.firstScreen.raw.toFixed(1), `**${results.bundle.firstScreen.gzip.toFixed(1)}**`, String(TARGETS.firstScreenKiB)],
  [`whole app (${results.bundle.wholeApp.chunks} chunks)`, results.bundle.wholeApp.raw.toFixed(1), `**${results.bundle.wholeApp.gzip.toFixed(1)}**`, String(TARGETS.wholeAppKiB)],
])}

First-screen scripts: ${results.bundle.firstScreen.scripts.map((script) => `\`${script}\``).join(', ')}.
`;
}
