import { describe, expect, it } from 'vitest';
import { checkTargets, largeTargetRows, medianFigures, resolutionOf, scriptedPath, type LargeFigures } from './large-path.js';

// towns_large (scripts/wfs-server/README.md): 100 000 towns over lon 115.5–121.5, lat 20.5–28.5.
const TOWNS_LARGE = { extent: [115.5, 20.5, 121.5, 28.5] as [number, number, number, number], features: 100_000 };

const viewBox = ({ center: [lng, lat], zoom }: { center: [number, number]; zoom: number }) => {
  const halfWidth = (1000 * resolutionOf(zoom)) / 2;
  const halfHeight = (800 * resolutionOf(zoom)) / 2;
  return { west: lng - halfWidth, east: lng + halfWidth, south: lat - halfHeight, north: lat + halfHeight };
};

describe('the large part’s scripted path', () => {
  it('opens at the least zoom whose view holds at most about 400 features at the layer’s density', () => {
    const { start } = scriptedPath(TOWNS_LARGE);
    // 100 000 / 48 deg² ≈ 2083 per deg²; a 1000×800 view at zoom 11 is 0.343° × 0.275° ≈ 198 features, at zoom 10 ≈ 790.
    expect(start.zoom).toBe(11);
    expect(resolutionOf(11)).toBeCloseTo(0.703125 / 2048, 12);
  });

  it('takes 20 steps, 8 of them zooms (out by one and back), every view new and inside the extent', () => {
    const { start, steps } = scriptedPath(TOWNS_LARGE);
    expect(steps).toHaveLength(20);
    expect(steps.filter((step) => step.kind === 'zoom')).toHaveLength(8);
    expect(steps.map((step) => step.zoom)).toEqual([11, 11, 11, 10, 11, 11, 11, 11, 10, 11, 11, 11, 11, 10, 11, 11, 11, 11, 10, 11]);
    const centers = [start, ...steps].map((view) => view.center.join(','));
    expect(new Set(centers).size).toBe(21);
    for (const view of [start, ...steps]) {
      const box = viewBox(view);
      expect(box.west).toBeGreaterThanOrEqual(115.5);
      expect(box.east).toBeLessThanOrEqual(121.5);
      expect(box.south).toBeGreaterThanOrEqual(20.5);
      expect(box.north).toBeLessThanOrEqual(28.5);
    }
  });

  it('moves every step at the base zoom onto ground no earlier view covered: the step loads new tiles', () => {
    const { start, steps } = scriptedPath(TOWNS_LARGE);
    // Views may touch along an edge (a zoomed-out view reaches its neighbours' edges exactly).
    const EDGE = 1e-9;
    const seen = [viewBox(start)];
    for (const step of steps) {
      const box = viewBox(step);
      if (step.zoom === start.zoom) {
        const overlaps = seen.some((old) => box.west < old.east - EDGE && old.west < box.east - EDGE && box.south < old.north - EDGE && old.south < box.north - EDGE);
        expect(overlaps).toBe(false);
      }
      seen.push(box);
    }
  });

  it('zooms in further when the extent is too small for 21 cells at the density’s zoom', () => {
    const small = scriptedPath({ extent: [118, 25, 118.5, 25.5], features: 100 });
    expect(small.steps).toHaveLength(20);
    expect(small.start.zoom).toBeGreaterThan(12);
    expect(() => scriptedPath({ extent: [118, 25, 118.000001, 25.000001], features: 1 })).toThrow(/too small/);
  });
});

describe('the large part’s targets', () => {
  const figures = (over: Partial<LargeFigures>): LargeFigures => ({ firstFeaturesMs: 400, longestTaskMs: 40, panMeanMs: 45, panWorstMs: 110, heapMB: 90, getFeatureRequests: 60, getFeatureMB: 30, tableFirstRowsMs: 3000, tablePageMs: 2900, tableLongestTaskMs: 20, ...over });

  it('passes a run that meets every target, and names each', () => {
    const verdicts = checkTargets({ features: 100_000, gportal: figures({}), anchor: { name: 'ol VectorLayer + bbox', ...figures({ firstFeaturesMs: 800, heapMB: 90, tableFirstRowsMs: 30_000, tablePageMs: 5, tableLongestTaskMs: 9000 }) } });
    expect(verdicts.map((verdict) => [verdict.target, verdict.met])).toEqual([
      ['longest task ≤ 50 ms', true],
      ['pan mean ≤ 50 ms', true],
      ['pan worst ≤ 120 ms', true],
      ['first features ≤ 0.5× the anchor\'s', true],
      ['heap ≤ 1× the anchor\'s', true],
      ['GetFeature requests over the opening and the steps ≤ 5× the anchor\'s', true],
      ['bytes of their answers ≤ 3× the anchor\'s', true],
      ['attribute table, longest task from its opening to page 6 ≤ 50 ms', true],
      ['attribute table, first rows shown ≤ 1× the time of ol reading every feature', true],
    ]);
    expect(verdicts[3]?.measured).toBe('400 ms vs 800 ms (0.50×)');
    expect(verdicts[7]?.measured).toBe('20 ms (ol reading every feature: 9000 ms)');
    expect(verdicts[8]?.measured).toBe('3000 ms vs 30000 ms (0.10×); a page 2900 ms vs 5 ms');
  });

  it('fails each target on its own figure', () => {
    const anchor = { name: 'ol VectorLayer + bbox', ...figures({ firstFeaturesMs: 800, getFeatureRequests: 20, getFeatureMB: 10, tableFirstRowsMs: 40_000 }) };
    const failed = (over: Partial<LargeFigures>) => checkTargets({ features: 100_000, gportal: figures(over), anchor }).filter((verdict) => !verdict.met).map((verdict) => verdict.target);
    expect(failed({ longestTaskMs: 51 })).toEqual(['longest task ≤ 50 ms']);
    expect(failed({ panMeanMs: 50.5 })).toEqual(['pan mean ≤ 50 ms']);
    expect(failed({ panWorstMs: 121 })).toEqual(['pan worst ≤ 120 ms']);
    expect(failed({ firstFeaturesMs: 401 })).toEqual(['first features ≤ 0.5× the anchor\'s']);
    expect(failed({ heapMB: 90.1 })).toEqual(['heap ≤ 1× the anchor\'s']);
    expect(failed({ getFeatureRequests: 101 })).toEqual(['GetFeature requests over the opening and the steps ≤ 5× the anchor\'s']);
    expect(failed({ getFeatureMB: 30.1 })).toEqual(['bytes of their answers ≤ 3× the anchor\'s']);
    expect(failed({ tableLongestTaskMs: 51 })).toEqual(['attribute table, longest task from its opening to page 6 ≤ 50 ms']);
    expect(failed({ tableFirstRowsMs: 40_001 })).toEqual(['attribute table, first rows shown ≤ 1× the time of ol reading every feature']);
  });

  it('gives the latest run’s rows: each target with gportal’s figure and, for the times, the anchor’s', () => {
    const rows = largeTargetRows({ features: 100_000, gportal: figures({}), anchor: { name: 'ol VectorLayer + bbox', ...figures({ firstFeaturesMs: 700, longestTaskMs: 146, heapMB: 180 }) } });
    expect(rows.map((row) => [row.part, row.target, row.measured, row.met])).toEqual([
      ['large', '100 000 polygons on QGIS Server, longest task ≤ 50 ms', '40 ms (ol VectorLayer + bbox: 146 ms)', true],
      ['large', '100 000 polygons on QGIS Server, pan mean ≤ 50 ms', '45 ms (ol VectorLayer + bbox: 45 ms)', true],
      ['large', '100 000 polygons on QGIS Server, pan worst ≤ 120 ms', '110 ms (ol VectorLayer + bbox: 110 ms)', true],
      ['large', "100 000 polygons on QGIS Server, first features ≤ 0.5× the anchor's", '400 ms vs 700 ms (0.57×)', false],
      ['large', "100 000 polygons on QGIS Server, heap ≤ 1× the anchor's", '90.0 MB vs 180.0 MB (0.50×)', true],
      ['large', "100 000 polygons on QGIS Server, GetFeature requests over the opening and the steps ≤ 5× the anchor's", '60 vs 60 (1.00×)', true],
      ['large', "100 000 polygons on QGIS Server, bytes of their answers ≤ 3× the anchor's", '30.0 MB vs 30.0 MB (1.00×)', true],
      ['large', '100 000 polygons on QGIS Server, attribute table, longest task from its opening to page 6 ≤ 50 ms', '20 ms (ol reading every feature: 20 ms)', true],
      ['large', '100 000 polygons on QGIS Server, attribute table, first rows shown ≤ 1× the time of ol reading every feature', '3000 ms vs 3000 ms (1.00×); a page 2900 ms vs 2900 ms', true],
    ]);
  });

  it('takes the median of each figure over the runs', () => {
    expect(medianFigures([figures({ panMeanMs: 30, heapMB: 100 }), figures({ panMeanMs: 90, heapMB: 80 }), figures({ panMeanMs: 40, heapMB: 120 })])).toEqual(figures({ panMeanMs: 40, heapMB: 100 }));
    expect(medianFigures([figures({ firstFeaturesMs: 100 }), figures({ firstFeaturesMs: 200 })]).firstFeaturesMs).toBe(150);
  });
});
