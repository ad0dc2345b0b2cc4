import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CanvasFeature } from './types';
import { FeatureCanvas } from './feature-canvas';
import { flatShapeOf, type FlatShape } from './flat-shape';
import type L from 'leaflet';
import { FakeWorker, mapOnPage, recordContexts, tearDownCanvasTest, withRasterWorkers } from '../../test-support/raster-fakes';

const style: L.PathOptions = { color: 'blue', weight: 3 };
/** A triangle 0.05° across at `west` (the view below spans about 119.0–119.3° E). */
const triangle = (id: string, west: number): CanvasFeature => ({
  id,
  style,
  shape: flatShapeOf({ type: 'Polygon', coordinates: [[[west, 26], [west + 0.05, 26], [west + 0.05, 26.05], [west, 26]]] }) as FlatShape,
});
const [a, b, c] = [triangle('a', 119.0), triangle('b', 119.1), triangle('c', 119.2)];
/** Far east of the canvas: it never shows on it. */
const far = triangle('far', 125);

const withWorkers = withRasterWorkers;

/** The page's raster workers, which fail at their first job: the canvas paints on the main thread from then on. */
function withFailingWorkers(): void {
  withWorkers();
  FakeWorker.broken = true;
}

/** A page with no `Worker` at all: every repaint is painted on the main thread. */
function withoutWorker(): void {
  vi.stubGlobal('Worker', undefined);
}

describe('FeatureCanvas painting over what it shows', () => {
  let calls: Array<[string, ...unknown[]]>;
  let element: HTMLDivElement;
  let map: L.Map;

  beforeEach(() => {
    calls = [];
    recordContexts((call) => calls.push(call));
    ({ element, map } = mapOnPage());
  });

  afterEach(() => {
    tearDownCanvasTest({ element, map });
  });

  const addCanvas = () => new FeatureCanvas({ padding: 0.1, simplifyTolerance: 1, hitTolerance: { mouse: 0, touch: 0 } }).addTo(map) as FeatureCanvas;
  const drawn = (name: string) => calls.filter(([called]) => called === name);
  /** The calls from the last path begun on: what painted the topmost feature. */
  const lastShape = (from: typeof calls) => from.slice(from.findLastIndex(([called]) => called === 'beginPath'));
  const jobs = () => FakeWorker.made.flatMap((worker) => worker.received.filter(({ request }) => request.kind === 'begin'));
  const painting = () => element.querySelector('.gportal-feature-canvas')?.hasAttribute('data-painting');

  it.each([
    ['where the page has no Worker', withoutWorker],
    ['once the raster workers failed', withFailingWorkers],
  ])('paints a feature added on top over the canvas on the main thread %s: that feature alone, as a whole repaint paints it', async (_, setUp) => {
    setUp();
    const canvas = addCanvas();
    canvas.setFeatures([a, b]);
    await canvas.whenDrawn();
    expect(drawn('fill')).toHaveLength(2);
    const sent = jobs().length;
    calls = [];
    canvas.setFeatures([a, b, c]);
    // Painted at once, in this task: nothing cleared, no job, the one added feature filled and outlined.
    expect(painting()).toBe(false);
    expect(drawn('clearRect')).toEqual([]);
    expect(jobs()).toHaveLength(sent);
    expect(drawn('fill')).toHaveLength(1);
    expect(drawn('stroke')).toHaveLength(1);
    const over = calls;

    // A whole repaint of the same view (what is hidden changed back to nothing) paints the added feature last, with the same calls.
    calls = [];
    canvas.setHidden(new Set());
    await canvas.whenDrawn();
    expect(drawn('clearRect')).toHaveLength(1);
    expect(drawn('fill')).toHaveLength(3);
    expect(lastShape(calls)).toEqual(lastShape(over));
    expect(lastShape(over).length).toBeGreaterThan(4);
  });

  it.each([
    ['painted by the raster workers', withWorkers],
    ['painted on the main thread', withoutWorker],
  ])('repaints nothing when features wholly outside the canvas are let go (%s), and repaints for one let go on it', async (_, setUp) => {
    setUp();
    const canvas = addCanvas();
    canvas.setFeatures([a, far, b]);
    await canvas.whenDrawn();
    const sent = jobs().length;
    calls = [];
    canvas.setFeatures([a, b]);
    expect(painting()).toBe(false);
    await canvas.whenDrawn();
    expect(jobs()).toHaveLength(sent);
    expect(calls).toEqual([]);

    // What it shows is still what it shows after the change: the next feature added on top is painted over it.
    canvas.setFeatures([a, b, c]);
    await canvas.whenDrawn();
    expect(drawn('clearRect')).toEqual([]);

    // One let go that shows on the canvas: repainted whole.
    canvas.setFeatures([b, c]);
    await canvas.whenDrawn();
    expect(drawn('clearRect')).toHaveLength(1);
  });
});
