import type { EditableFeature } from '@gportal/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeatureCanvas } from './feature-canvas';
import { FEATURE_STYLE, FeatureLayerRenderer } from '../layer/feature-layer-renderer';
import { flatShapeOf, type FlatShape, type ScreenShape } from './flat-shape';
import { RasterWorkers } from './feature-raster';
import type L from 'leaflet';
import type { RasterRequest } from './raster-protocol';
import { cores, FakeBitmap, FakeWorker, mapOnPage, recordContexts, tearDownCanvasTest } from '../../test-support/raster-fakes';

const screen: ScreenShape = { points: Float64Array.of(10, 10, 20, 10, 20, 20), rings: Uint32Array.of(0, 3), bounds: [10, 10, 20, 20] };

describe('RasterWorkers', () => {
  afterEach(() => {
    RasterWorkers.stop();
    vi.unstubAllGlobals();
    delete (navigator as { hardwareConcurrency?: number }).hardwareConcurrency;
    FakeWorker.reset();
  });

  it('is not there where a worker cannot paint (no Worker or OffscreenCanvas, as in jsdom)', () => {
    expect(RasterWorkers.shared()).toBeUndefined();
  });

  it('sends each part to its worker and gives back the layers bottom first; a style crosses without its functions', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('OffscreenCanvas', class {});
    cores(8);
    const workers = RasterWorkers.shared();
    expect(workers).toBeDefined();
    expect(RasterWorkers.shared()).toBe(workers);
    expect(FakeWorker.made).toHaveLength(2);
    const job = workers?.begin({ left: 5, top: 5, width: 100, height: 50 }, 2);
    expect(job?.parts).toBe(2);
    job?.paint(1, { color: '#d46b08', weight: 3, renderer: undefined, onEachFeature: () => undefined } as never, true, [screen]);
    const layers = await job?.end();
    expect(layers?.map((layer) => (layer as unknown as { part: number }).part)).toEqual([0, 1]);
    const [first, second] = FakeWorker.made as [FakeWorker, FakeWorker];
    expect(first.received.map(({ request }) => request.kind)).toEqual(['begin', 'end']);
    expect(second.received.map(({ request }) => request.kind)).toEqual(['begin', 'paint', 'end']);
    expect(first.received[0]?.request).toEqual({ kind: 'begin', job: 1, width: 100, height: 50, ratio: 2 });
    const painted = second.received[1] as { request: Extract<RasterRequest, { kind: 'paint' }>; transfer: Transferable[] };
    expect(Object.keys(painted.request.style).sort()).toEqual(['color', 'dashArray', 'fill', 'fillColor', 'fillOpacity', 'opacity', 'stroke', 'weight']);
    expect([...painted.request.points]).toEqual([5, 5, 15, 5, 15, 15]);
    expect(painted.transfer).toEqual([painted.request.points.buffer, painted.request.rings.buffer, painted.request.shapes.buffer]);
  });

  it('rejects open jobs once a worker fails, sends nothing more, and starts new workers when asked again', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('OffscreenCanvas', class {});
    cores(2);
    FakeWorker.broken = true;
    const workers = RasterWorkers.shared();
    const job = workers?.begin({ left: 0, top: 0, width: 10, height: 10 }, 1);
    await expect(job?.end()).rejects.toThrow('the raster worker failed: it did not load');
    expect(workers?.failed).toBe(true);
    expect(FakeWorker.made.every((worker) => worker.terminated)).toBe(true);
    const sent = FakeWorker.made.map((worker) => worker.received.length);
    workers?.begin({ left: 0, top: 0, width: 10, height: 10 }, 1).paint(0, {}, true, [screen]);
    expect(FakeWorker.made.map((worker) => worker.received.length)).toEqual(sent);
    FakeWorker.broken = false;
    const again = RasterWorkers.shared();
    expect(again).not.toBe(workers);
    await expect(again?.begin({ left: 0, top: 0, width: 10, height: 10 }, 1).end()).resolves.toHaveLength(2);
  });

  it('readies every worker for a canvas size once (warm), and answers nothing to it', () => {
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('OffscreenCanvas', class {});
    cores(2);
    const workers = RasterWorkers.shared();
    workers?.warm(100, 50, 2);
    workers?.warm(100, 50, 2);
    workers?.warm(200, 50, 2);
    workers?.warm(100, 50, 1);
    for (const worker of FakeWorker.made) {
      expect(worker.received.map(({ request }) => request)).toEqual([
        { kind: 'warm', width: 100, height: 50, ratio: 2 },
        { kind: 'warm', width: 200, height: 50, ratio: 2 },
        { kind: 'warm', width: 100, height: 50, ratio: 1 },
      ]);
    }
  });

  it('uses one worker on a one-core machine', () => {
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('OffscreenCanvas', class {});
    cores(1);
    expect(RasterWorkers.shared()?.begin({ left: 0, top: 0, width: 1, height: 1 }, 1).parts).toBe(1);
  });
});

describe('FeatureLayerRenderer painting through the raster workers', () => {
  const polygon = (id: string, west: number): EditableFeature => ({
    id,
    state: 'exist',
    properties: {},
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [west, 26],
          [west + 0.05, 26],
          [west + 0.05, 26.05],
          [west, 26],
        ],
      ],
    },
  });
  let calls: Array<[string, ...unknown[]]>;
  let element: HTMLDivElement;
  let map: L.Map;
  let renderer: FeatureLayerRenderer;

  beforeEach(() => {
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('OffscreenCanvas', class {});
    vi.stubGlobal('ImageBitmap', FakeBitmap);
    cores(2);
    calls = [];
    recordContexts((call) => calls.push(call));
    ({ element, map } = mapOnPage());
    renderer = new FeatureLayerRenderer(map);
  });

  afterEach(() => {
    renderer.remove();
    tearDownCanvasTest({ element, map });
  });

  const drawn = (name: string) => calls.filter(([called]) => called === name);

  it('is drawn once both layers arrive, bottom first, with nothing painted on the main thread', async () => {
    FakeWorker.held = [];
    renderer.render([polygon('a', 119.0), polygon('b', 119.1), polygon('c', 119.2)]);
    let settled = false;
    const whenDrawn = renderer.whenDrawn().then(() => {
      settled = true;
    });
    await vi.waitFor(() => expect(FakeWorker.held).toHaveLength(2));
    // Both workers were sent the job; until they answer, nothing is drawn and the canvas says so.
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(drawn('drawImage')).toEqual([]);
    expect(element.querySelector('.gportal-feature-canvas')?.hasAttribute('data-painting')).toBe(true);
    FakeWorker.release();
    await whenDrawn;
    expect(element.querySelector('.gportal-feature-canvas')?.hasAttribute('data-painting')).toBe(false);
    FakeWorker.held = undefined;
    expect(drawn('drawImage').map(([, layer]) => (layer as { part: number }).part)).toEqual([0, 1]);
    expect(drawn('stroke')).toEqual([]);
    const painted = FakeWorker.made.flatMap((worker) => worker.received.filter(({ request }) => request.kind === 'paint'));
    expect(painted.flatMap(({ request }) => [...(request as { shapes: Uint32Array }).shapes].slice(1)).length).toBe(3);

    // A new layer: once its repaint shows, the bitmaps of the one before are freed, and only those.
    renderer.render([polygon('d', 119.3)]);
    await renderer.whenDrawn();
    const closes = (job: number) => FakeWorker.bitmaps.filter((bitmap) => bitmap.job === job).map(({ close }) => close.mock.calls.length);
    expect(closes(1)).toEqual([1, 1]);
    expect(closes(2)).toEqual([0, 0]);
  });

  it('paints on the main thread when the workers fail, and is drawn all the same', async () => {
    FakeWorker.broken = true;
    renderer.render([polygon('a', 119.0), polygon('b', 119.1)]);
    await renderer.whenDrawn();
    expect(drawn('stroke')).toHaveLength(2);
    expect(drawn('fill')).toHaveLength(2);
    expect(drawn('drawImage').filter(([image]) => (image as { part?: number }).part !== undefined)).toEqual([]);
  });

  it('shows only the last repaint when the layer changes while the workers paint', async () => {
    FakeWorker.held = [];
    const ended = () => FakeWorker.made[0]?.received.flatMap(({ request }) => (request.kind === 'end' ? [request.job] : [])) ?? [];
    renderer.render([polygon('a', 119.0)]);
    await vi.waitFor(() => expect(ended()).toEqual([1]));
    renderer.render([polygon('b', 119.1)]);
    await vi.waitFor(() => expect(ended()).toEqual([1, 2]));
    let settled = false;
    const whenDrawn = renderer.whenDrawn().then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    FakeWorker.release();
    await whenDrawn;
    // The last job's two layers only; the first job's bitmaps are closed unseen.
    expect(drawn('drawImage').map(([, layer]) => (layer as { job: number }).job)).toEqual([2, 2]);
    expect(FakeWorker.bitmaps.filter(({ job }) => job === 1).map(({ close }) => close.mock.calls.length)).toEqual([1, 1]);
    expect(FakeWorker.bitmaps.filter(({ job }) => job === 2).map(({ close }) => close.mock.calls.length)).toEqual([0, 0]);
  });

  const jobs = () => FakeWorker.made.flatMap((worker) => worker.received.filter(({ request }) => request.kind === 'begin'));

  it('readies the workers for its size while it has nothing to paint, once, and its first job is of that size', async () => {
    const warmed = () => FakeWorker.made.map((worker) => worker.received.filter(({ request }) => request.kind === 'warm').map(({ request }) => request));
    // Added to the map before its layer loads: drawn empty, and the workers told its size.
    await renderer.whenDrawn();
    const [first] = warmed();
    expect(first).toHaveLength(1);
    const warm = first?.[0] as Extract<RasterRequest, { kind: 'warm' }>;
    expect(warm.width).toBeGreaterThan(0);
    expect(warmed()).toEqual([[warm], [warm]]);
    renderer.render([]);
    await renderer.whenDrawn();
    expect(warmed()).toEqual([[warm], [warm]]);
    renderer.render([polygon('a', 119.0)]);
    await renderer.whenDrawn();
    expect(jobs().map(({ request }) => request)).toEqual([
      { kind: 'begin', job: 1, width: warm.width, height: warm.height, ratio: warm.ratio },
      { kind: 'begin', job: 1, width: warm.width, height: warm.height, ratio: warm.ratio },
    ]);
  });

  it('sends no job when no feature lies over the canvas, and is drawn at once', async () => {
    // Far east of the view (119.1° E, a few tenths of a degree across).
    renderer.render([polygon('far', 125)]);
    await renderer.whenDrawn();
    expect(jobs()).toEqual([]);
    expect(element.querySelector('.gportal-feature-canvas')?.hasAttribute('data-painting')).toBe(false);
  });

  it('repaints nothing when given the same features again (a render after the session event drew them)', async () => {
    const features = [polygon('a', 119.0), polygon('b', 119.1)];
    renderer.render(features);
    await renderer.whenDrawn();
    expect(jobs()).toHaveLength(2);
    renderer.render([...features]);
    await renderer.whenDrawn();
    expect(jobs()).toHaveLength(2);
    renderer.render([features[0] as EditableFeature]);
    await renderer.whenDrawn();
    expect(jobs()).toHaveLength(4);
  });

  it('paints a repaint of few positions on the main thread when the canvas asks for it (the land), sending the workers nothing', async () => {
    const land = new FeatureCanvas({ padding: 0.1, simplifyTolerance: 1, hitTolerance: { mouse: 0, touch: 0 }, className: 'gportal-base-canvas', mainThreadPositions: 100 });
    land.addTo(map);
    const shape = (west: number) => flatShapeOf(polygon('land', west).geometry) as FlatShape;
    land.setFeatures([
      { id: 'land 0', shape: shape(119.0), style: FEATURE_STYLE },
      { id: 'land 1', shape: shape(119.1), style: FEATURE_STYLE },
    ]);
    await land.whenDrawn();
    expect(jobs()).toEqual([]);
    expect(drawn('fill')).toHaveLength(2);
    // More positions than it allows: the workers paint it.
    // A star of 400 points, each tens of pixels from the last: nothing simplified away.
    const star = Array.from({ length: 400 }, (_, at) => {
      const radius = at % 2 === 0 ? 0.03 : 0.06;
      return [119 + radius * Math.cos((at / 400) * 2 * Math.PI), 26 + radius * Math.sin((at / 400) * 2 * Math.PI)];
    });
    const many = flatShapeOf({ type: 'Polygon', coordinates: [[...star, star[0] as number[]]] }) as FlatShape;
    land.setFeatures([{ id: 'land 2', shape: many, style: FEATURE_STYLE }]);
    await vi.waitFor(() => expect(jobs()).toHaveLength(2));
    map.removeLayer(land);
  });

  it('shows no placeholder after a jump past everything it showed, and the last repaint scaled after a zoom', async () => {
    renderer.render([polygon('a', 119.0), polygon('b', 119.1), polygon('far', 122.0)]);
    await renderer.whenDrawn();
    calls = [];
    FakeWorker.held = [];
    // Three degrees east: nothing of the last repaint lies on the moved canvas.
    map.setView([26.02, 122.02], 10, { animate: false });
    await vi.waitFor(() => expect(FakeWorker.held).toHaveLength(2));
    expect(drawn('drawImage')).toEqual([]);
    FakeWorker.release();
    await renderer.whenDrawn();
    calls = [];
    // Zoomed out where it is: the last repaint, scaled down, stands in until the workers' arrives.
    map.setView([26.02, 122.02], 9, { animate: false });
    await vi.waitFor(() => expect(FakeWorker.held).toHaveLength(2));
    expect(drawn('drawImage').length).toBeGreaterThan(0);
    FakeWorker.release();
    await renderer.whenDrawn();
  });
});
