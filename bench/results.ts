import { BUNDLE_BUDGETS_KIB, BUNDLE_TARGETS_KIB } from '@gportal/ui-react/bundle-budgets';
import { heaviestSources, type ChunkListing } from './chunk-listing.js';
import type { DatasetName } from './data.js';
import type { TargetRow } from './latest-run.js';

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
  machine: {
    cpu: string;
    memoryGiB: number;
    node: string;
    browser: string;
    chromiumArgs: string[];
    page: { userAgent: string; cores: number; devicePixelRatio: number };
    /** 1-minute load average at the start and the end of the run: other work on the machine skews times. */
    loadAverage: [number, number];
  };
  versions: Record<string, string>;
  data: { featureCount: number; datasets: Record<DatasetName, { geoJsonBytes: number; gmlBytes: number; positions: number; polygons: number }> };
  rounds: Record<string, number>;
  vertexDrag: { vertices: number; moves: number; rounds: number };
  parse: Row[];
  transaction: Row[];
  heap: Record<string, number>;
  render: {
    contenders: Contender[];
    first: Array<Contender & { dataset: DatasetName; sample: Sample }>;
    steps: Array<Contender & { dataset: DatasetName; syncMs: number; steps: Array<{ kind: string; ms: number }> }>;
    leaks: Array<Contender & { before: LeakCount; after: LeakCount }>;
    vertexDrag: Array<Contender & { mountMs: number; moves: Sample; work: Sample }>;
  };
  bundle: {
    firstScreen: { scripts: string[]; raw: number; gzip: number };
    /** `/feature-map` opened directly, signed in, until its first features are drawn. */
    mapRoute: { scripts: string[]; raw: number; gzip: number };
    wholeApp: { chunks: number; raw: number; gzip: number };
    /** Every chunk with the sources it holds (from the build's source maps). */
    chunks: ChunkListing[];
    appBuildSeconds: number;
  };
  seconds: number;
}

interface LeakCount {
  heap: number;
  layers: number;
  listeners: number;
}

/**
 * The targets of the page's parts, in one place; the bundle's are the UI package's
 * (`packages/ui-react/bundle-budgets.ts`), which its browser test holds too.
 */
export const TARGETS = {
  geoJsonVsJsonParse: 1.3,
  fetchedVsResponseJson: 1.2,
  fetchedHeapVsResponseJson: 1.1,
  geoJsonHeapVsParsed: 1.1,
  gmlVsOlWfs: 0.5,
  transactionVsOl: 0.8,
  firstRenderMs: 150,
  stepMeanMs: 50,
  stepWorstMs: 120,
  vertexMoveMs: 16,
  leakTolerance: 0.1,
} as const;

/**
 * What Leaflet's canvas renderer took for the first render of 2000 v500 features on the machine
 * where the 150 ms target was set: how fast that machine was.
 */
const TARGET_CANVAS_FIRST_RENDER_MS = 390;

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

/** The ratio of medians decides; the ratio of minima (least disturbed calls) is shown beside it. */
function ratioOf(row: Row | undefined, reference: Row | undefined): { median: number; min: number } {
  return { median: (row?.sample.median ?? NaN) / (reference?.sample.median ?? NaN), min: (row?.sample.min ?? NaN) / (reference?.sample.min ?? NaN) };
}

function parseTable(results: Results, dataset: DatasetName): string {
  const rows = results.parse.filter((row) => row.dataset === dataset);
  const floor = find(rows, dataset, 'JSON.parse')?.sample.median ?? NaN;
  const anchors = ['Response.json()', 'ol/format/GeoJSON', 'ol/format/WFS', 'L.geoJSON'].map((name) => find(rows, dataset, name)?.sample.median ?? NaN);
  return table(
    ['contender', 'input', 'median ms', 'min–max ms', '× JSON.parse', '× Response.json()', '× ol GeoJSON', '× ol WFS (GML3)', '× L.geoJSON', 'features', 'first position', 'types of code, area_ha, active, updated'],
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
      const stable = leakStable(row);
      return [row.name, `${(row.before.heap / MB).toFixed(1)} → ${(row.after.heap / MB).toFixed(1)}`, `${row.before.layers} → ${row.after.layers}`, `${row.before.listeners} → ${row.after.listeners}`, stable ? 'yes' : '**no**'];
    }),
  );
  const drag = table(
    ['contender', 'editing enabled after ms', 'median work ms per move', 'work min–max ms', 'median ms until the frame', 'until the frame min–max ms'],
    render.vertexDrag.map((row) => [row.name, ms(row.mountMs), `**${ms(row.work.median)}**`, `${ms(row.work.min)}–${ms(row.work.max)}`, ms(row.moves.median), `${ms(row.moves.min)}–${ms(row.moves.max)}`]),
  );
  return `${first}\n\nLeak check (20 redraws of the whole v50 layer):\n\n${leaks}\n\nVertex drag on a ${results.vertexDrag.vertices}-vertex polygon (${results.vertexDrag.rounds} editors after a discarded warm-up one, each mounted after a GC and moved ${results.vertexDrag.moves} times; medians over the ${results.vertexDrag.rounds * results.vertexDrag.moves} moves, mount the median of the editors). "Work" is the main thread's time for a move: the move's own call plus its frame's steps, from the frame's first animation-frame callback to the frame's end; "until the frame" adds the wait for the display's next frame (up to 16.7 ms at 60 Hz, whatever the move costs), so it cannot go below a frame. A move fits a 60 Hz frame when its work is at most ${TARGETS.vertexMoveMs} ms:\n\n${drag}`;
}

/** Every target of the page's parts, judged on this run's figures (the anchors' figures beside gportal's). */
export function targetRows(results: Results): TargetRow[] {
  const rows: TargetRow[] = [];
  const ratioRow = (part: TargetRow['part'], target: string, value: { median: number; min: number }, limit: number) =>
    rows.push({ part, target, measured: `${ratio(value.median)} (minima: ${ratio(value.min)})${value.median <= limit ? '' : `, ${ratio(value.median / limit)} the target`}`, met: value.median <= limit });
  for (const dataset of ['v500', 'v50'] as DatasetName[]) {
    const value = ratioOf(find(results.parse, dataset, 'gportal GeoJSON →'), find(results.parse, dataset, 'JSON.parse'));
    ratioRow('parse', `GeoJSON answer → typed features (${dataset}) ≤ ${TARGETS.geoJsonVsJsonParse}× JSON.parse`, value, TARGETS.geoJsonVsJsonParse);
  }
  for (const dataset of ['v500', 'v50'] as DatasetName[]) {
    const value = ratioOf(find(results.parse, dataset, 'gportal createWfsAdapters'), find(results.parse, dataset, 'Response.json()'));
    ratioRow('parse', `createWfsAdapters({ fetch }).source.getFeatures() on a GeoJSON Response (${dataset}) ≤ ${TARGETS.fetchedVsResponseJson}× Response.json()`, value, TARGETS.fetchedVsResponseJson);
  }
  const parsedHeap = results.heap['JSON.parse (floor)'] ?? NaN;
  const gportalHeap = results.heap['gportal GeoJSON → typed features'] ?? NaN;
  rows.push({
    part: 'heap',
    target: `Retained heap after loading 2000 v500 features ≤ ${TARGETS.geoJsonHeapVsParsed}× the parsed JSON's`,
    measured: `${(gportalHeap / MB).toFixed(1)} MB vs ${(parsedHeap / MB).toFixed(1)} MB (${ratio(gportalHeap / parsedHeap)})`,
    met: gportalHeap <= parsedHeap * TARGETS.geoJsonHeapVsParsed,
  });
  const fetchedHeap = Object.entries(results.heap).find(([name]) => name.startsWith('gportal createWfsAdapters'))?.[1] ?? NaN;
  const responseHeap = Object.entries(results.heap).find(([name]) => name.startsWith('Response.json()'))?.[1] ?? NaN;
  rows.push({
    part: 'heap',
    target: `Retained heap after getFeatures() of 2000 v500 features on a Response ≤ ${TARGETS.fetchedHeapVsResponseJson}× Response.json()'s`,
    measured: `${(fetchedHeap / MB).toFixed(1)} MB vs ${(responseHeap / MB).toFixed(1)} MB (${ratio(fetchedHeap / responseHeap)})`,
    met: fetchedHeap <= responseHeap * TARGETS.fetchedHeapVsResponseJson,
  });
  for (const dataset of ['v500', 'v50'] as DatasetName[]) {
    const value = ratioOf(find(results.parse, dataset, 'gportal GML3 →'), find(results.parse, dataset, 'ol/format/WFS'));
    ratioRow('parse', `GML3 answer → typed features, right axes (${dataset}) ≤ ${TARGETS.gmlVsOlWfs}× ol/format/WFS`, value, TARGETS.gmlVsOlWfs);
  }
  for (const dataset of ['v500', 'v50'] as DatasetName[]) {
    for (const variant of ['only changed fields', 'every field']) {
      const variantRows = results.transaction.filter((row) => row.dataset === dataset && row.name.endsWith(`(${variant})`));
      const value = ratioOf(variantRows.find((row) => row.role === 'gportal'), variantRows.find((row) => row.role === 'anchor'));
      ratioRow('transaction', `Transaction 1000 + 500 + 500 (${dataset}, ${variant}) ≤ ${TARGETS.transactionVsOl}× ol`, value, TARGETS.transactionVsOl);
    }
  }
  const gportalRender = results.render.contenders.filter((contender) => contender.role === 'gportal');
  if (gportalRender.length === 0) {
    rows.push({
      part: 'render',
      target: `First render ≤ ${TARGETS.firstRenderMs} ms, pan/zoom ≤ ${TARGETS.stepMeanMs} ms mean and ≤ ${TARGETS.stepWorstMs} ms worst, 20-redraw leak check, vertex drag ≤ ${TARGETS.vertexMoveMs} ms per move`,
      measured: 'no gportal map contender ran (`bench/page/gportal-feature-map.ts`); the Leaflet and leaflet-draw anchors are measured',
      met: false,
    });
  } else {
    rows.push(...renderTargets(results, gportalRender));
  }
  for (const { figure, what } of BUNDLE_FIGURES) {
    const gzip = results.bundle[figure].gzip;
    const target = BUNDLE_TARGETS_KIB[figure];
    rows.push({ part: 'bundle', target: `${what} ≤ ${target} KiB gzip`, measured: `${gzip.toFixed(1)} KiB (npm test's budget: ${BUNDLE_BUDGETS_KIB[figure]} KiB)`, met: gzip <= target });
  }
  return rows;
}

/** The bundle's three figures, in the order of the tables. */
const BUNDLE_FIGURES = [
  { figure: 'firstScreen', what: 'First screen' },
  { figure: 'mapRoute', what: 'Map route opened directly' },
  { figure: 'wholeApp', what: 'Whole app' },
] as const;

/** The targets of the parts that ran, as the report's list. */
function targets(results: Results, parts: ReadonlySet<TargetRow['part']>): string[] {
  return targetRows(results)
    .filter((row) => parts.has(row.part))
    .map((row) => `- ${row.target}: ${verdict(row.met, row.measured)}.`);
}

/** Whether the heap, the Leaflet layers and the JS listeners stayed within the tolerance over 20 redraws. */
const leakStable = (row: Results['render']['leaks'][number]) =>
  (['heap', 'layers', 'listeners'] as const).every((key) => row.after[key] <= row.before[key] * (1 + TARGETS.leakTolerance));

/** Mean and worst of a contender's 20 scripted v500 steps. */
function stepFigures(results: Results, name: string): { mean: number; worst: number } {
  const steps = results.render.steps.find((row) => row.dataset === 'v500' && row.name === name)?.steps.map((step) => step.ms) ?? [];
  return { mean: steps.reduce((sum, value) => sum + value, 0) / steps.length, worst: Math.max(...steps) };
}

/** The render targets of gportal's map, each beside the anchors' figures of the same run. */
function renderTargets(results: Results, gportal: Contender[]): TargetRow[] {
  const rows: TargetRow[] = [];
  const anchors = results.render.contenders.filter((contender) => contender.role === 'anchor');
  const firstOf = (name: string) => results.render.first.find((row) => row.dataset === 'v500' && row.name === name)?.sample.median ?? NaN;
  const anchorText = (figure: (name: string) => string) => anchors.map((anchor) => `${anchor.name} ${figure(anchor.name)}`).join('; ');
  const canvasAnchor = anchors.find((anchor) => anchor.name.includes('canvas renderer'));
  const canvasFirst = canvasAnchor ? firstOf(canvasAnchor.name) : NaN;
  for (const contender of gportal) {
    const first = firstOf(contender.name);
    const ratioToTarget = () =>
      Number.isFinite(canvasFirst)
        ? `here it took ${ms(canvasFirst)} ms, ${(canvasFirst / TARGET_CANVAS_FIRST_RENDER_MS).toFixed(1)}× as long; gportal took ${(first / canvasFirst).toFixed(2)}× its time, where the target is ${(TARGETS.firstRenderMs / TARGET_CANVAS_FIRST_RENDER_MS).toFixed(2)}×`
        : 'not measured in this run';
    rows.push({
      part: 'render',
      target: `First render, 2000 v500 features ≤ ${TARGETS.firstRenderMs} ms (${contender.name})`,
      measured: `${ms(first)} ms (anchors: ${anchorText((name) => `${ms(firstOf(name))} ms`)}; the target was set where Leaflet's canvas renderer took ~${TARGET_CANVAS_FIRST_RENDER_MS} ms, ${ratioToTarget()})`,
      met: first <= TARGETS.firstRenderMs,
    });
    const { mean, worst } = stepFigures(results, contender.name);
    const anchorSteps = anchorText((name) => `${ms(stepFigures(results, name).mean)} / ${ms(stepFigures(results, name).worst)} ms`);
    rows.push({ part: 'render', target: `Pan / zoom step, v500, ≤ ${TARGETS.stepMeanMs} ms mean`, measured: `${ms(mean)} ms (anchors, mean / worst: ${anchorSteps})`, met: mean <= TARGETS.stepMeanMs });
    rows.push({ part: 'render', target: `Pan / zoom step, v500, ≤ ${TARGETS.stepWorstMs} ms worst`, measured: `${ms(worst)} ms`, met: worst <= TARGETS.stepWorstMs });
    const leak = results.render.leaks.find((row) => row.name === contender.name);
    if (leak) {
      const anchorLeaks = results.render.leaks.filter((row) => row.role === 'anchor').map((row) => `${row.name} ${leakStable(row) ? 'stable' : 'not stable'}`).join('; ');
      rows.push({
        part: 'render',
        target: `20 redraws of the whole v50 layer, heap, Leaflet layers and JS listeners stable within ${TARGETS.leakTolerance * 100} %`,
        measured: `heap ${(leak.before.heap / MB).toFixed(1)} → ${(leak.after.heap / MB).toFixed(1)} MB, layers ${leak.before.layers} → ${leak.after.layers}, listeners ${leak.before.listeners} → ${leak.after.listeners} (anchors: ${anchorLeaks})`,
        met: leakStable(leak),
      });
    }
  }
  const dragAnchors = results.render.vertexDrag.filter((row) => row.role === 'anchor');
  for (const row of results.render.vertexDrag.filter((drag) => drag.role === 'gportal')) {
    const anchorDrag = dragAnchors.map((anchor) => `${anchor.name} ${ms(anchor.work.median)} ms of work, ${ms(anchor.moves.median)} ms until the frame`).join('; ');
    rows.push({
      part: 'render',
      target: `Vertex drag on a ${results.vertexDrag.vertices}-vertex polygon ≤ ${TARGETS.vertexMoveMs} ms per move (${row.name})`,
      measured: `${ms(row.work.median)} ms median work per move, ${ms(row.moves.median)} ms until the frame (anchor: ${anchorDrag})`,
      met: row.work.median <= TARGETS.vertexMoveMs,
    });
  }
  return rows;
}

/** Why gportal's map comes out as it does against the Leaflet and leaflet-draw anchors of the same run. */
function renderNotes(results: Results): string[] {
  const gportal = results.render.contenders.find((contender) => contender.role === 'gportal');
  const drag = results.render.vertexDrag.find((row) => row.role === 'gportal');
  if (!gportal || !drag) return [`- **Render**: the Leaflet (canvas, SVG) and leaflet-draw anchors are measured; gportal's rows wait for the feature map, which plugs in as described in bench/README.md.`];
  const canvas = results.render.contenders.find((contender) => contender.role === 'anchor' && contender.name.includes('canvas'))?.name ?? '';
  const firstOf = (name: string) => results.render.first.find((row) => row.dataset === 'v500' && row.name === name)?.sample.median ?? NaN;
  const dragAnchor = results.render.vertexDrag.find((row) => row.role === 'anchor');
  const steps = stepFigures(results, gportal.name);
  const canvasSteps = stepFigures(results, canvas);
  return [
    `- **First render** (${ms(firstOf(gportal.name))} ms against ${ms(firstOf(canvas))} ms for Leaflet's canvas renderer): the contender is the editor's path, an \`EditSession\` loading the parsed layer and its \`load\` event handing the snapshots to \`FeatureLayerRenderer\`, timed until the frame that shows the painted layer (the contender's \`settled()\`, then the next frame). The clock includes the session's load (its snapshots share the loaded geometry: nothing is copied or frozen per position), the renderer listing each feature's rings and reading its box (one pass over the 1 000 000 positions, with no copy of them; the map is fitted to the union of those boxes, as the editor fits a load), simplifying each feature for the zoom (positions within a pixel of the last one kept dropped, then Douglas-Peucker to a pixel; only the kept ones, about 31 000 at the fitted zoom, are projected) and rasterising the 4 000 polygons, each as its own path with a fill and a 3-px outline, in software under \`--disable-gpu\`. Rasterising is the largest part of the work, and Leaflet's canvas renderer pays it on its main thread (with a \`L.LatLng\` for every position and a Leaflet path per feature besides); gportal's two raster workers paint each batch as soon as the main thread has simplified it, as two layers drawn over each other in order, so the raster overlaps the simplification on a second core. What is left on the main thread is the map's set-up, the session's load, the one pass over the positions for the boxes, the simplification and the final copy of the two layers to the map's canvas.`,
    `- **Pan / zoom** (${ms(steps.mean)} ms mean, ${ms(steps.worst)} ms worst, against ${ms(canvasSteps.mean)} / ${ms(canvasSteps.worst)} ms for the canvas anchor): gportal's canvas keeps each feature simplified for its last three zooms, draws only the features whose box meets the view (a \`flatbush\` index), and keeps a copy of what it showed at each of those zooms: after a pan only the strips the pan uncovered are drawn, the rest is copied; a zoom back to a zoom seen before draws only what that copy lacks. The worst steps are the first zooms in to a new zoom, where every visible feature is simplified once (and rasterised by the workers, which the step waits for); Leaflet re-projects, clips and simplifies every path and redraws the whole padded view after each step.`,
    `- **Redraws**: a session redraw hands the renderer a new snapshot for every feature, so it reads all 2000 again into new flat arrays and rebuilds its index; the old arrays and their simplified shapes (held weakly) go, and the canvas keeps its three mouse listeners (click, move, out), so the heap, the layer count and the listener count come back to where they were.`,
    `- **Vertex drag** (${ms(drag.work.median)} ms of work per move against ${ms(dragAnchor?.work.median ?? NaN)} ms for leaflet-draw alone, ${(drag.work.median / (dragAnchor?.work.median ?? NaN)).toFixed(2)}× it; ${ms(drag.moves.median)} against ${ms(dragAnchor?.moves.median ?? NaN)} ms until the frame): the edited copy is \`VertexEditor\`, which draws the shape (every vertex, unsimplified) and its vertex and midpoint handles on one canvas from positions projected once per zoom, and hit-tests a press against them; a move repaints only the box around the moved vertex and its two neighbours (clipped; each edge's dash continues from where it started at the last whole repaint, so a partial repaint matches a whole one); leaflet-draw puts a DOM marker on every vertex and midpoint (10 000 here) and redraws a Leaflet path. A drag step projects one vertex, repaints that box in the next frame and hands the shape to the editor's \`ShapeFeedback\`, whose area (\`IncrementalArea\`) and self-intersection check (\`IncrementalGeometryCheck\`) redo only the two edges that moved: two geodesic solutions and 2 × 5000 edge pairs instead of 5000 solutions and 12.5 million pairs, with results equal to \`geodesicArea\` and \`geometryProblem\` to the bit (their tests compare both). The target is read as a frame's budget: a move whose work fits ${TARGETS.vertexMoveMs} ms never makes a 60 Hz display skip a frame; the time until the frame also waits for the display's next frame and so cannot go below about 16.7 ms for any contender. The first full crossing count (every pair, once, when the edit starts) is in "editing enabled after".`,
  ];
}

/** A bundle figure against its target, what it is made of, and the budget \`npm test\` holds it to. */
function bundleNote(what: string, gzipKiB: number, figure: keyof typeof BUNDLE_TARGETS_KIB, madeOf: string): string {
  const targetKiB = BUNDLE_TARGETS_KIB[figure];
  const standing = gzipKiB <= targetKiB ? `${(targetKiB - gzipKiB).toFixed(1)} KiB under` : `${(gzipKiB - targetKiB).toFixed(1)} KiB over`;
  return `- **${what}** (${gzipKiB.toFixed(1)} KiB gzip, ${standing} the ${targetKiB} KiB target): ${madeOf}. \`npm test\` fails above ${BUNDLE_BUDGETS_KIB[figure]} KiB (\`packages/ui-react/test/browser/lazy-split.browser.test.ts\`; targets and budgets in \`packages/ui-react/bundle-budgets.ts\`).`;
}

/** Why each target comes out as it does: what the costs are made of (the figures are this run's). */
function whyNotes(results: Results): string[] {
  const median = (rows: Row[], dataset: DatasetName, name: string) => find(rows, dataset, name)?.sample.median ?? NaN;
  const olWfs = median(results.parse, 'v500', 'ol/format/WFS');
  const domParser = median(results.parse, 'v500', 'DOMParser');
  const gml = median(results.parse, 'v500', 'gportal GML3 →');
  const [loadStart, loadEnd] = results.machine.loadAverage;
  const { firstScreen, mapRoute, wholeApp } = results.bundle;
  const notes = [
    `- **GeoJSON**: the adapter's reader is \`JSON.parse\` plus one pass over the parsed answer: geometries are kept as parsed (no second copy of positions, so the retained heap is the parsed JSON's), only the first position of each line is looked at for a z to drop, and the five properties are typed from the schema. Its ol path, kept as the reference it is proven equal to, is measured beside it (\`packages/adapters-geoserver/src/wfs/feature-reader.bench.ts\`, \`vitest bench\`). The v50 floor is only ${ms(median(results.parse, 'v50', 'JSON.parse'))} ms, so the fixed costs and the noise of single calls weigh far more there; v500 is the load the target is about.`,
    `- **GML3**: the reader is driven by the layer's schema over a strict streaming scanner (\`xml-scanner.ts\`: no DOM, no srsName rewriting, one pass, the axis order from \`axis-order.ts\`), ${ratio(gml / olWfs)} ol/format/WFS and ${ratio(gml / domParser)} Chromium's native \`DOMParser\` alone, with lon/lat positions and typed properties where \`ol/format/WFS\` gives swapped axes, a z of 0 and strings. General streaming parsers (saxes, htmlparser2, @rgrove/parse-xml) check every character of the ${(results.data.datasets.v500.gmlBytes / MB).toFixed(0)} MB answer in JavaScript and hand each text over as a new string before any number is read; the scanner finds the text between tags with \`indexOf\` and hands it over as a range of the answer, so each \`posList\` is turned into numbers in one pass where it stands (its characters checked by that pass), and what it does not accept (a DTD, undeclared entities or prefixes, mismatched tags, characters XML refuses) is a typed error. The adapter asks for GeoJSON first; GML is read only from servers that refuse it.`,
    `- **Transaction**: the adapter's streaming writer (\`XmlStream\`, \`xml-writer.ts\`) writes the text (no DOM, no serialiser pass) and escapes every name, attribute and property text; the positions, numbers turned into text by the writer, are written raw. Each name is checked once per document and values with nothing to escape or refuse skip the escaping regexes. Turning the numbers into text is most of what is left; the v50 floor of ${ms(median(results.parse, 'v50', 'JSON.parse'))} ms makes those rows move by ±30 % between runs.`,
    ...renderNotes(results),
    bundleNote('First screen', firstScreen.gzip, 'firstScreen', `the ${firstScreen.scripts.length} scripts \`/login\` loads: react-dom, antd's styling core with the Input, Button, Alert and notification the sign-in page uses, the settings and the browser storage. The page renders before the router and the container exist (start-up reads the session, the language and their problems from browser storage alone); the router, the container with its adapters and every other screen load with the first sign-in attempt or any other route. What the entry imports statically is one chunk (\`vite.config.ts\`, \`CHUNK_GROUPS\`): the page loads all of it anyway, and one chunk compresses better than dozens of small ones`),
    bundleNote('Map route opened directly', mapRoute.gzip, 'mapRoute', `the ${mapRoute.scripts.length} scripts \`/feature-map\` loads, signed in, until its first features are drawn: the first screen's chunk (the sign-in page's code comes with it), react-router, inversify and the container, antd's App and Menu of the frame, Leaflet with leaflet-draw, the feature layer's canvas and geodesic measures, and the editor (session, toolbar, vertex and part editing, snapping, undo, the journal). The date picker and the conflict dialog load on use, never with the route`),
    bundleNote('Whole app', wholeApp.gzip, 'wholeApp', `every chunk: react-dom, react-router, antd's components, Leaflet and leaflet-draw, the map editor, the test screens, inversify and the in-memory adapters, and the map-server adapters (their XML scanner and writer; no ol), loaded only in map-server mode. antd pieces used for one small job are replaced by lighter ones (a native \`<select>\` and number inputs, panels, no \`Form\`, \`Typography\`, \`Result\`, \`Tabs\`, \`Progress\` or \`Segmented\`), and antd's \`@rc-component/*\` packages are built as side-effect free, so unused parts of their barrels are dropped. The Natural Earth land outlines of the offline base map are a JSON data file beside the scripts, not counted here`),
  ];
  if (Math.max(loadStart, loadEnd) > results.machine.page.cores) {
    notes.push(`- **This run** shared its ${results.machine.page.cores} cores with other work (load average ${loadStart.toFixed(1)} at the start, ${loadEnd.toFixed(1)} at the end): single calls were slowed at random, hence the wide min–max ranges. Medians of interleaved calls keep the ratios comparable, the minima show the least disturbed calls; rerun on an idle machine for absolute times.`);
  }
  return notes;
}

/** A chunk's name without its content hash (`index-Ab3_x9Yz.js` → `index.js`): the same from build to build. */
export const chunkName = (file: string) => file.replace(/-[\w-]{8}\.js$/, '.js');

/**
 * Every chunk of the app's build, heaviest first: its gzip and raw size, which of the measured
 * loads fetch it (the first screen, the map route, or neither: it loads on use or on another
 * screen) and the sources it holds, heaviest first (packages, or the repository's rooms). Written
 * into the report and into bench/README.md, so a newcomer sees where the weight is.
 */
export function chunkTable(bundle: Results['bundle']): string {
  const loadedBy = (file: string) =>
    [bundle.firstScreen.scripts, bundle.mapRoute.scripts].map((scripts, index) => (scripts.some((path) => path.endsWith(`/${file}`)) ? ['first screen', 'map route'][index] : undefined)).filter(Boolean).join(', ') || 'on use';
  return table(
    ['chunk', 'gzip KiB', 'raw KiB', 'loaded by', 'what it holds (gzip KiB)'],
    bundle.chunks.map((chunk) => [`\`${chunkName(chunk.file)}\``, chunk.gzip.toFixed(1), chunk.raw.toFixed(1), loadedBy(chunk.file), heaviestSources(chunk)]),
  );
}

/** The report of a run (`bench/.build/RESULTS.md`): the targets of the parts that ran, why, the machine and every table. */
export function writeResults(results: Results, parts: ReadonlySet<TargetRow['part']>): string {
  const { machine, data } = results;
  return `# gportal benchmark results

Written by \`npm run bench\` (bench/run.ts); method and the latest run's targets in bench/README.md. One headless Chromium page,
one run: every contender of a table interleaved round-robin (order rotated each round), one
warm-up round discarded, a full GC (\`window.gc()\`) before every timed call. Compare rows within
this file, not with other machines: ratios in one run hold, absolute times drift.

## Targets

${targets(results, parts).join('\n')}

Why:

${whyNotes(results).join('\n')}

## Machine

${table(['item', 'value'], [
  ['CPU', machine.cpu],
  ['Memory', `${machine.memoryGiB.toFixed(1)} GiB`],
  ['Node', machine.node],
  ['Browser', `Chromium ${machine.browser} via playwright-core, ${machine.chromiumArgs.join(' ')}`],
  ['Load average (1 min) at start / end', `${machine.loadAverage[0].toFixed(1)} / ${machine.loadAverage[1].toFixed(1)} on ${machine.page.cores} cores`],
  ['Page', `1000×800 map element, devicePixelRatio ${machine.page.devicePixelRatio}, hardwareConcurrency ${machine.page.cores}`],
  ['Run time', `${results.seconds.toFixed(0)} s (app build ${results.bundle.appBuildSeconds.toFixed(1)} s)`],
])}

## Versions

${table(['package', 'version'], Object.entries(results.versions).map(([name, version]) => [name, version]))}

## Data

${data.featureCount} MultiPolygon features, 5 typed properties (name string, code int, area_ha double, active boolean, updated date), generated from a fixed seed (bench/data.ts).

${table(['dataset', 'positions', 'polygons', 'GeoJSON MB', 'GML3 MB'], (Object.entries(data.datasets) as Array<[DatasetName, Results['data']['datasets'][DatasetName]]>).map(([name, dataset]) => [name, String(dataset.positions), String(dataset.polygons), (dataset.geoJsonBytes / MB).toFixed(2), (dataset.gmlBytes / MB).toFixed(2)]))}

## 1. GetFeature answer → features (median of ${results.rounds.parse} for v500, ${results.rounds.parseV50 ?? results.rounds.parse} for v50)

gportal's rows are the adapter's reader as \`createWfsAdapters\` reads an answer (\`readAnswerOnMainThread\`, from the adapter's public entry). The ol path the readers replaced (kept in \`test-support/\` as the reference they are proven equal to) is measured beside them by \`vitest bench\` (\`src/wfs/feature-reader.bench.ts\`).
ol/format/WFS reads GeoServer's lon/lat \`epsg.xml#4326\` label as lat/lon (swapped, 3 values per position) and types nothing; gportal takes the order from \`axis-order.ts\`.

### v500

${parseTable(results, 'v500')}

### v50

${parseTable(results, 'v50')}

Retained JS heap after loading 2000 v500 features (result kept alive, after a full GC, minus before):

${table(['contender', 'retained MB', '× parsed JSON'], Object.entries(results.heap).map(([name, bytes]) => [name, (bytes / MB).toFixed(1), ratio(bytes / (results.heap['JSON.parse (floor)'] ?? NaN))]))}

## 2. WFS-T Transaction: 1000 inserts + 500 updates + 500 deletes (median of ${results.rounds.transaction})

"only changed fields": each update sets the moved geometry and one property; "every field": the geometry and all five. gportal's row is the adapter's \`FeatureTransactions.commit\` (\`createWfsAdapters\`): the change set checked against the layer's schema and written, timed until the body is handed to \`fetch\` (not sent). Its previous ol writer is measured beside it by \`vitest bench\` (\`src/wfs/transaction-request.bench.ts\`).

### v500

${transactionTable(results, 'v500')}

### v50

${transactionTable(results, 'v50')}

## 3. Render (1000×800, fitted to the data; median of ${results.rounds.render} first renders, one run of 20 scripted steps)

${renderTables(results)}

## 4. Bundle (Vite production build of packages/ui-react, gzip = zlib default level)

${table(['what', 'JS raw KiB', 'JS gzip KiB', 'target KiB', 'npm test budget KiB'], [
  [`first screen (/login: ${results.bundle.firstScreen.scripts.length} scripts)`, results.bundle.firstScreen.raw.toFixed(1), `**${results.bundle.firstScreen.gzip.toFixed(1)}**`, String(BUNDLE_TARGETS_KIB.firstScreen), String(BUNDLE_BUDGETS_KIB.firstScreen)],
  [`map route (/feature-map opened directly: ${results.bundle.mapRoute.scripts.length} scripts)`, results.bundle.mapRoute.raw.toFixed(1), `**${results.bundle.mapRoute.gzip.toFixed(1)}**`, String(BUNDLE_TARGETS_KIB.mapRoute), String(BUNDLE_BUDGETS_KIB.mapRoute)],
  [`whole app (${results.bundle.wholeApp.chunks} chunks)`, results.bundle.wholeApp.raw.toFixed(1), `**${results.bundle.wholeApp.gzip.toFixed(1)}**`, String(BUNDLE_TARGETS_KIB.wholeApp), String(BUNDLE_BUDGETS_KIB.wholeApp)],
])}

First-screen scripts: ${results.bundle.firstScreen.scripts.map((script) => `\`${script}\``).join(', ')}.

Map-route scripts: ${results.bundle.mapRoute.scripts.map((script) => `\`${script}\``).join(', ')}.

### Every chunk

${chunkTable(results.bundle)}
`;
}
