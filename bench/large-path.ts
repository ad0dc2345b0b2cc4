/**
 * The large part's pure pieces (`GPORTAL_BENCH_PARTS=large`, bench/README.md): the scripted path
 * over a layer's extent, and the large part's targets checked against a run's figures.
 */
import type { TargetRow } from './latest-run.js';

/** A view of the map: its centre (lon, lat) and a zoom level of Leaflet's EPSG:4326 grid. */
export interface View {
  center: [number, number];
  zoom: number;
}

/** One scripted step: where the map jumps to, and whether that is a pan or a zoom. */
export interface Step extends View {
  kind: 'pan' | 'zoom';
}

/** What the path is planned from. */
export interface PathOptions {
  /** The layer's extent: west, south, east, north (degrees). */
  extent: [number, number, number, number];
  /** How many features the layer holds. */
  features: number;
  /** The map element, CSS px (1000 × 800, as in the render tables). */
  width?: number;
  height?: number;
  /** About how many features the base view should hold: well within the 2000 per request, even zoomed out once (4×). */
  perView?: number;
  /** Scripted steps after the opening view (20). */
  steps?: number;
}

/** Degrees per CSS px at zoom 0 of Leaflet's EPSG:4326 grid (360° over 512 px); ol's view uses the same resolutions. */
export const DEGREES_PER_PX_AT_ZOOM_0 = 360 / 512;

/** The resolution (degrees per px) of a zoom level, for the ol anchor's view. */
export const resolutionOf = (zoom: number): number => DEGREES_PER_PX_AT_ZOOM_0 / 2 ** zoom;

/**
 * The opening view and `steps` steps across the extent. The base zoom is the least at which a view
 * holds about `perView` features at the layer's mean density. Every step jumps to a cell of a grid
 * of 1.5 base views not visited before, walked row by row (a serpentine), so every step loads new
 * tiles; every fifth step and the next one zoom out by one and back in, at their new cells.
 */
export function scriptedPath(options: PathOptions): { start: View; steps: Step[] } {
  const { extent, features, width = 1000, height = 800, perView = 400, steps = 20 } = options;
  const [west, south, east, north] = extent;
  const density = features / ((east - west) * (north - south));
  // density · (width · r) · (height · r) = perView, r = DEGREES_PER_PX_AT_ZOOM_0 / 2^zoom
  let zoom = Math.ceil(Math.log2(DEGREES_PER_PX_AT_ZOOM_0 * Math.sqrt((width * height * density) / perView)));
  const cells = steps + 1;
  for (;;) {
    const cellWidth = 1.5 * width * resolutionOf(zoom);
    const cellHeight = 1.5 * height * resolutionOf(zoom);
    // A view zoomed out by one is 2 base views wide, a cell 1.5: the grid keeps a quarter view off the edges, so every view stays inside.
    const marginX = 0.25 * width * resolutionOf(zoom);
    const marginY = 0.25 * height * resolutionOf(zoom);
    const columns = Math.floor((east - west - 2 * marginX) / cellWidth);
    const rows = Math.floor((north - south - 2 * marginY) / cellHeight);
    if (columns >= 2 && columns * rows >= cells) {
      const centers: Array<[number, number]> = [];
      for (let index = 0; index < cells; index += 1) {
        const row = Math.floor(index / columns);
        const column = row % 2 === 0 ? index % columns : columns - 1 - (index % columns);
        centers.push([west + marginX + (column + 0.5) * cellWidth, south + marginY + (row + 0.5) * cellHeight]);
      }
      const [first, ...rest] = centers as [[number, number], ...Array<[number, number]>];
      return {
        start: { center: first, zoom },
        steps: rest.map((center, index) => {
          const out = index % 5 === 3;
          const back = index % 5 === 4;
          return { center, zoom: out ? zoom - 1 : zoom, kind: out || back ? 'zoom' : 'pan' };
        }),
      };
    }
    zoom += 1;
    if (zoom > 20) throw new Error(`the extent ${extent.join(',')} is too small for ${cells} views`);
  }
}

/** The figures of one contender in `bench/.build/large.json`. */
export interface LargeFigures {
  firstFeaturesMs: number;
  longestTaskMs: number;
  panMeanMs: number;
  panWorstMs: number;
  heapMB: number;
  /** GetFeature requests (hits included) over the opening and the 20 steps, and the bytes of their answers. */
  getFeatureRequests: number;
  getFeatureMB: number;
  /**
   * The attribute table (属性表), opened after the steps: from the opening to the frame that shows
   * its first rows, each of the next `TABLE_PAGES` pages the same way (their mean), and the longest
   * task from the opening to the last page (0: none over 50 ms). gportal's table asks the server
   * for one page at a time; the anchor reads every feature of the layer first, as a table that
   * pages what the client holds must (ol's `VectorSource`, MapStore2's feature grid).
   */
  tableFirstRowsMs: number;
  tablePageMs: number;
  tableLongestTaskMs: number;
}

/** The pages the table is turned through after it opens. */
export const TABLE_PAGES = 5;

/** `bench/.build/large.json`: the layer's size and both contenders' medians. */
export interface LargeResult {
  features: number;
  gportal: LargeFigures;
  anchor: LargeFigures & { name: string };
}

/** The large part's targets. */
export const LARGE_TARGETS = { longestTaskMs: 50, panMeanMs: 50, panWorstMs: 120, firstFeaturesVsAnchor: 0.5, heapVsAnchor: 1.0, requestsVsAnchor: 5, bytesVsAnchor: 3, tableLongestTaskMs: 50, tableFirstRowsVsAnchor: 1.0 } as const;

/** One target's verdict: what is required, what gportal measured, and whether it met it. */
export interface Verdict {
  target: string;
  measured: string;
  met: boolean;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
/** The table's anchor: the anchor's page reading the whole layer, as a table of what the client holds does. */
const TABLE_ANCHOR = 'ol reading every feature';

/** Every target of the large part, judged on a run's figures. */
export function checkTargets({ gportal, anchor }: LargeResult): Verdict[] {
  const firstRatio = gportal.firstFeaturesMs / anchor.firstFeaturesMs;
  const heapRatio = gportal.heapMB / anchor.heapMB;
  const requestRatio = gportal.getFeatureRequests / anchor.getFeatureRequests;
  const bytesRatio = gportal.getFeatureMB / anchor.getFeatureMB;
  const tableRatio = gportal.tableFirstRowsMs / anchor.tableFirstRowsMs;
  return [
    { target: `longest task ≤ ${LARGE_TARGETS.longestTaskMs} ms`, measured: ms(gportal.longestTaskMs), met: gportal.longestTaskMs <= LARGE_TARGETS.longestTaskMs },
    { target: `pan mean ≤ ${LARGE_TARGETS.panMeanMs} ms`, measured: ms(gportal.panMeanMs), met: gportal.panMeanMs <= LARGE_TARGETS.panMeanMs },
    { target: `pan worst ≤ ${LARGE_TARGETS.panWorstMs} ms`, measured: ms(gportal.panWorstMs), met: gportal.panWorstMs <= LARGE_TARGETS.panWorstMs },
    {
      target: `first features ≤ ${LARGE_TARGETS.firstFeaturesVsAnchor}× the anchor's`,
      measured: `${ms(gportal.firstFeaturesMs)} vs ${ms(anchor.firstFeaturesMs)} (${firstRatio.toFixed(2)}×)`,
      met: firstRatio <= LARGE_TARGETS.firstFeaturesVsAnchor,
    },
    {
      target: `heap ≤ ${LARGE_TARGETS.heapVsAnchor}× the anchor's`,
      measured: `${gportal.heapMB.toFixed(1)} MB vs ${anchor.heapMB.toFixed(1)} MB (${heapRatio.toFixed(2)}×)`,
      met: heapRatio <= LARGE_TARGETS.heapVsAnchor,
    },
    {
      target: `GetFeature requests over the opening and the steps ≤ ${LARGE_TARGETS.requestsVsAnchor}× the anchor's`,
      measured: `${gportal.getFeatureRequests} vs ${anchor.getFeatureRequests} (${requestRatio.toFixed(2)}×)`,
      met: requestRatio <= LARGE_TARGETS.requestsVsAnchor,
    },
    {
      target: `bytes of their answers ≤ ${LARGE_TARGETS.bytesVsAnchor}× the anchor's`,
      measured: `${gportal.getFeatureMB.toFixed(1)} MB vs ${anchor.getFeatureMB.toFixed(1)} MB (${bytesRatio.toFixed(2)}×)`,
      met: bytesRatio <= LARGE_TARGETS.bytesVsAnchor,
    },
    {
      target: `attribute table, longest task from its opening to page ${TABLE_PAGES + 1} ≤ ${LARGE_TARGETS.tableLongestTaskMs} ms`,
      measured: `${ms(gportal.tableLongestTaskMs)} (${TABLE_ANCHOR}: ${ms(anchor.tableLongestTaskMs)})`,
      met: gportal.tableLongestTaskMs <= LARGE_TARGETS.tableLongestTaskMs,
    },
    {
      target: `attribute table, first rows shown ≤ ${LARGE_TARGETS.tableFirstRowsVsAnchor}× the time of ${TABLE_ANCHOR}`,
      measured: `${ms(gportal.tableFirstRowsMs)} vs ${ms(anchor.tableFirstRowsMs)} (${tableRatio.toFixed(2)}×); a page ${ms(gportal.tablePageMs)} vs ${ms(anchor.tablePageMs)}`,
      met: tableRatio <= LARGE_TARGETS.tableFirstRowsVsAnchor,
    },
  ];
}

/** The median of each figure over a contender's runs (an even count takes the mean of the middle two). */
export function medianFigures(runs: LargeFigures[]): LargeFigures {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  };
  const of = (key: keyof LargeFigures) => median(runs.map((run) => run[key]));
  return {
    firstFeaturesMs: of('firstFeaturesMs'),
    longestTaskMs: of('longestTaskMs'),
    panMeanMs: of('panMeanMs'),
    panWorstMs: of('panWorstMs'),
    heapMB: of('heapMB'),
    getFeatureRequests: of('getFeatureRequests'),
    getFeatureMB: of('getFeatureMB'),
    tableFirstRowsMs: of('tableFirstRowsMs'),
    tablePageMs: of('tablePageMs'),
    tableLongestTaskMs: of('tableLongestTaskMs'),
  };
}

/** The large part's rows of bench/README.md's latest run: each target, gportal's figure and the anchor's. */
export function largeTargetRows(result: LargeResult): TargetRow[] {
  const { anchor } = result;
  const anchorFigures = [ms(anchor.longestTaskMs), ms(anchor.panMeanMs), ms(anchor.panWorstMs)];
  return checkTargets(result).map((verdict, index) => ({
    part: 'large',
    target: `${result.features.toLocaleString('en').replace(/,/g, ' ')} polygons on QGIS Server, ${verdict.target}`,
    measured: index < anchorFigures.length ? `${verdict.measured} (${anchor.name}: ${anchorFigures[index]})` : verdict.measured,
    met: verdict.met,
  }));
}
