import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AHEAD_CANVASES, AHEAD_MAX_PIXELS, AHEAD_REACH, AHEAD_TILE_PX, AHEAD_ZOOM_STEPS, aheadPlan, paintedDifference, tilesOver, zoomsAheadPlan } from './ahead-painter';
import type { CanvasFeature } from './types';
import { FeatureCanvas } from './feature-canvas';
import { flatShapeOf, type FlatShape } from './flat-shape';
import type L from 'leaflet';
import { FakeBitmap, FakeWorker, mapOnPage, recordContexts, tearDownCanvasTest, withRasterWorkers } from '../../test-support/raster-fakes';

const style: L.PathOptions = { color: 'blue', weight: 3 };
/** A square `size`° across with its south-west corner at `west`, `south`. */
const square = (id: string, west: number, south: number, size = 0.05, with_ = style): CanvasFeature => ({
  id,
  style: with_,
  shape: flatShapeOf({ type: 'Polygon', coordinates: [[[west, south], [west + size, south], [west + size, south + size], [west, south + size], [west, south]]] }) as FlatShape,
});
const boxesMeet = (a: CanvasFeature, b: CanvasFeature) => a.shape.bbox[0] <= b.shape.bbox[2] && b.shape.bbox[0] <= a.shape.bbox[2] && a.shape.bbox[1] <= b.shape.bbox[3] && b.shape.bbox[1] <= a.shape.bbox[3];

describe('tilesOver', () => {
  it('gives the tiles of the grid from world pixel 0, 0 that meet an area, negative coordinates included', () => {
    const tiles = tilesOver({ left: -10, top: 250, width: 270, height: 10 }, 256);
    expect(tiles).toEqual([
      { left: -256, top: 0, width: 256, height: 256 },
      { left: 0, top: 0, width: 256, height: 256 },
      { left: 256, top: 0, width: 256, height: 256 },
      { left: -256, top: 256, width: 256, height: 256 },
      { left: 0, top: 256, width: 256, height: 256 },
      { left: 256, top: 256, width: 256, height: 256 },
    ]);
    expect(tilesOver({ left: 0, top: 0, width: 256, height: 256 }, 256)).toHaveLength(1);
  });
});

describe('aheadPlan', () => {
  const area = { left: 10_000, top: 20_000, width: 1200, height: 960 };
  const centre = (tile: { left: number; top: number; width: number }) => ({ x: tile.left + tile.width / 2, y: tile.top + tile.width / 2 });

  it('with no way to expect, plans no tile inside the canvas, and no more than the budget of canvases, nearest its centre first', () => {
    const plan = aheadPlan(area, undefined);
    const inside = (tile: { left: number; top: number; width: number; height: number }) => tile.left >= area.left && tile.top >= area.top && tile.left + tile.width <= area.left + area.width && tile.top + tile.height <= area.top + area.height;
    // As many as the budget (canvases' pixels, up to the cap), or all the tiles within reach but inside the canvas where there are fewer.
    const reach = { left: area.left - AHEAD_REACH * area.width, top: area.top - AHEAD_REACH * area.height, width: area.width + 2 * AHEAD_REACH * area.width, height: area.height + 2 * AHEAD_REACH * area.height };
    const budget = Math.floor(Math.min(AHEAD_CANVASES * area.width * area.height, AHEAD_MAX_PIXELS) / AHEAD_TILE_PX ** 2);
    expect(plan.length).toBe(Math.min(budget, tilesOver(reach).filter((tile) => !inside(tile)).length));
    expect(plan.length).toBeGreaterThan(Math.floor((4 * area.width * area.height) / AHEAD_TILE_PX ** 2));
    for (const tile of plan) expect(inside(tile)).toBe(false);
    const distances = plan.map((tile) => Math.hypot(centre(tile).x - (area.left + 600), centre(tile).y - (area.top + 480)));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('after a pan, plans first the tiles of the view one more such pan lands on', () => {
    const toward = { x: 1.5 * area.width, y: 0 };
    const plan = aheadPlan(area, toward);
    const next = { ...area, left: area.left + toward.x };
    const needed = tilesOver(next).map((tile) => `${tile.left},${tile.top}`);
    const planned = new Set(plan.map((tile) => `${tile.left},${tile.top}`));
    for (const key of needed) expect(planned.has(key)).toBe(true);
    // None west of the canvas comes before the next view's.
    expect(plan.slice(0, needed.length).every((tile) => tile.left >= area.left + area.width - AHEAD_TILE_PX)).toBe(true);
  });

  it('paints no more than AHEAD_MAX_PIXELS device pixels ahead on a large map of a high-density screen, the next view first', () => {
    const large = { left: 0, top: 0, width: 2300, height: 1300 };
    const toward = { x: 1.5 * large.width, y: 0 };
    const plan = aheadPlan(large, toward, 2);
    expect(plan.length * (AHEAD_TILE_PX * 2) ** 2).toBeLessThanOrEqual(AHEAD_MAX_PIXELS);
    expect(plan.length).toBe(Math.floor(AHEAD_MAX_PIXELS / 4 / AHEAD_TILE_PX ** 2));
    const next = new Set(tilesOver({ ...large, left: toward.x }).map((tile) => `${tile.left},${tile.top}`));
    expect(plan.every((tile) => next.has(`${tile.left},${tile.top}`))).toBe(true);
    // At one device pixel a CSS pixel, the same map paints AHEAD_CANVASES canvases' worth, up to the cap.
    expect(aheadPlan(large, toward, 1).length).toBe(Math.floor(Math.min(AHEAD_CANVASES * 2300 * 1300, AHEAD_MAX_PIXELS) / AHEAD_TILE_PX ** 2));
  });

  it('after a shorter pan, plans the next view whole, its tiles inside the canvas too', () => {
    const toward = { x: 0.8 * area.width, y: 0 };
    const plan = new Set(aheadPlan(area, toward).map((tile) => `${tile.left},${tile.top}`));
    const next = { ...area, left: area.left + toward.x };
    const inside = tilesOver(next).filter((tile) => tile.left >= area.left && tile.left + tile.width <= area.left + area.width && tile.top >= area.top && tile.top + tile.height <= area.top + area.height);
    expect(inside.length).toBeGreaterThan(0);
    for (const tile of tilesOver(next)) expect(plan.has(`${tile.left},${tile.top}`)).toBe(true);
  });
});

describe('zoomsAheadPlan', () => {
  const area = { left: 10_000, top: 20_000, width: 1000, height: 800 };
  const keys = (tiles: Array<{ zoom: number; area: { left: number; top: number } }>) => tiles.map(({ zoom, area: { left, top } }) => `${zoom}/${left},${top}`);
  /** The tiles of a canvas-sized view centred on a point, at a zoom. */
  const viewTiles = (zoom: number, x: number, y: number) => keys(tilesOver({ left: x - area.width / 2, top: y - area.height / 2, width: area.width, height: area.height }).map((tile) => ({ zoom, area: tile })));

  it('after a pan, plans the next view at the canvas’s zoom and the views a zoom out and in would show there, then those of a zoom in place, then the ring', () => {
    const toward = { x: 1.5 * area.width, y: 0 };
    const plan = keys(zoomsAheadPlan(11, area, toward));
    const [x, y] = [area.left + area.width / 2, area.top + area.height / 2];
    const next = viewTiles(11, x + toward.x, y);
    const out = viewTiles(10, (x + toward.x) / 2, y / 2);
    const into = viewTiles(12, (x + toward.x) * 2, y * 2);
    expect(AHEAD_ZOOM_STEPS).toEqual([-1, 1]);
    expect(plan.slice(0, next.length).sort()).toEqual([...next].sort());
    expect(plan.slice(next.length, next.length + out.length + into.length)).toEqual([...out, ...into]);
    // Then a zoom out and in about the canvas's centre: the tiles not planned already, in that order.
    const inPlace = [...viewTiles(10, x / 2, y / 2), ...viewTiles(12, x * 2, y * 2)].filter((key) => !out.includes(key) && !into.includes(key));
    const afterExpected = next.length + out.length + into.length;
    expect(plan.slice(afterExpected, afterExpected + inPlace.length)).toEqual(inPlace);
    // Then the ring of aheadPlan at the canvas's zoom, each tile once, within the budget.
    const ring = plan.slice(afterExpected + inPlace.length);
    expect(ring.length).toBeGreaterThan(0);
    expect(ring.every((key) => key.startsWith('11/'))).toBe(true);
    expect(new Set(plan).size).toBe(plan.length);
    expect(plan.length).toBe(Math.floor(Math.min(AHEAD_CANVASES * area.width * area.height, AHEAD_MAX_PIXELS) / AHEAD_TILE_PX ** 2));
  });

  it('with no move to go by, plans the views a zoom out and in about the canvas’s centre first', () => {
    const plan = keys(zoomsAheadPlan(11, area, undefined));
    const [x, y] = [area.left + area.width / 2, area.top + area.height / 2];
    const out = viewTiles(10, x / 2, y / 2);
    const into = viewTiles(12, x * 2, y * 2);
    expect(plan.slice(0, out.length + into.length)).toEqual([...out, ...into]);
    // The ring at the canvas's zoom after them: none of its tiles inside the canvas (it shows them).
    expect(plan.slice(out.length + into.length).every((key) => key.startsWith('11/'))).toBe(true);
  });

  it('keeps to AHEAD_MAX_PIXELS device pixels on a large map of a high-density screen, the next view first', () => {
    const large = { left: 0, top: 0, width: 2300, height: 1300 };
    const toward = { x: 1.5 * large.width, y: 0 };
    const plan = zoomsAheadPlan(11, large, toward, 2);
    expect(plan.length).toBe(Math.floor(AHEAD_MAX_PIXELS / 4 / AHEAD_TILE_PX ** 2));
    expect(plan.every((tile) => tile.zoom === 11 && tile.area.left + tile.area.width > toward.x)).toBe(true);
  });
});

describe('paintedDifference', () => {
  const [a, b, c] = [square('a', 119, 26), square('b', 119.2, 26), square('c', 119.02, 26.02)];
  /** The difference found, its features by identity (a copy with the same fields is another feature). */
  const expectDifference = (painted: CanvasFeature[], now: CanvasFeature[], differing: CanvasFeature[], reordered: boolean) => {
    const found = paintedDifference(painted, now, boxesMeet);
    expect(found.reordered).toBe(reordered);
    expect(found.differing).toHaveLength(differing.length);
    differing.forEach((feature, at) => expect(found.differing[at]).toBe(feature));
  };

  it('finds no difference for the same features in the same order, nor for features that cannot meet in another order', () => {
    expectDifference([a, b], [a, b], [], false);
    expectDifference([a, b], [b, a], [], false);
    expectDifference([], [], [], false);
  });

  it('finds overlapping features in another order, a feature missing or added, and another shape, style or id', () => {
    expectDifference([a, c], [c, a], [], true);
    expectDifference([a, b], [a], [b], false);
    expectDifference([a], [a, b], [b], false);
    // Another feature on each side: the one painted, then the one a repaint would paint.
    const moved = square('a', 119, 26);
    expectDifference([a], [moved], [a, moved], false);
    const restyled = { ...a, style: { ...style } };
    expectDifference([a], [restyled], [a, restyled], false);
    const renamed = { ...a, id: 'z' };
    expectDifference([a], [renamed], [a, renamed], false);
  });

  it('compares in the order a repaint paints (style by style), so a list order that paints the same finds no difference', () => {
    const unsaved: L.PathOptions = { color: 'orange', weight: 3 };
    const drawn = { ...c, style: unsaved };
    // The saved style comes first in both lists: the unsaved square, over the saved one, is painted after both saved ones either way.
    expectDifference([a, b, drawn], [a, drawn, b], [], false);
    // Where the unsaved style comes first, it is painted first: under the saved square it overlaps.
    expectDifference([a, drawn], [drawn, a], [], true);
  });
});

describe('FeatureCanvas painting ahead', () => {
  let calls: Array<[string, ...unknown[]]>;
  let element: HTMLDivElement;
  let map: L.Map;

  beforeEach(() => {
    calls = [];
    recordContexts((call) => calls.push(call));
    ({ element, map } = mapOnPage());
    withRasterWorkers();
  });

  afterEach(() => {
    tearDownCanvasTest({ element, map });
  });

  const addCanvas = () => new FeatureCanvas({ padding: 0.1, simplifyTolerance: 1, hitTolerance: { mouse: 0, touch: 0 } }).addTo(map) as FeatureCanvas;
  const begun = () => FakeWorker.made.flatMap((worker) => worker.received.filter(({ request }) => request.kind === 'begin').map(({ request }) => request as Extract<typeof request, { kind: 'begin' }>));
  /** A square centred `views` map widths east of the map's centre. */
  const east = (id: string, views: number) => {
    const at = map.containerPointToLatLng([200 + views * 400, 150]);
    return square(id, at.lng - 0.02, at.lat - 0.02, 0.04);
  };
  const pan = (x: number) => map.panBy([x, 0], { animate: false });
  /**
   * A canvas drawing the square `here`, panned `by` pixels east once (the way a next pan is
   * expected), then given the squares `aheadOf` places from there as read ahead, and left to
   * paint its tiles.
   */
  const pannedWithAhead = async <Ahead extends CanvasFeature[]>(by: number, aheadOf: () => Ahead) => {
    const canvas = addCanvas();
    const here = east('here', 0);
    canvas.setFeatures([here]);
    await canvas.whenDrawn();
    pan(by);
    await canvas.whenDrawn();
    const ahead = aheadOf();
    canvas.setAhead(ahead);
    await canvas.whenPaintedAhead();
    return { canvas, here, ahead };
  };

  it('paints tiles around the canvas with the features read ahead, and shows a pan that merges them from those tiles, with no repaint', async () => {
    // The first pan: nothing painted ahead reaches a view one and a half views away.
    const { canvas, here, ahead } = await pannedWithAhead(600, () => [east('next', 1.5), east('beyond', 1.5 + 0.3)]);
    const tiles = begun().filter((job) => job.width === AHEAD_TILE_PX);
    expect(tiles.length).toBeGreaterThan(0);
    expect(canvas.tilesAhead).toBeGreaterThan(0);
    expect(tiles.length).toBeLessThanOrEqual(Math.floor((AHEAD_CANVASES * 480 * 360) / AHEAD_TILE_PX ** 2));
    // Nothing painted ahead shows: the canvas shows its own features.
    expect(element.querySelector('.gportal-feature-canvas')?.hasAttribute('data-painting')).toBe(false);

    // The same pan again, and the session merges the features read ahead there as the move ends.
    const jobsBefore = begun().length;
    calls = [];
    pan(600);
    canvas.setFeatures([here, ...ahead]);
    // Shown at once, from the tiles: no job for the canvas, nothing pending, the tiles' bitmaps drawn.
    expect(begun().length).toBe(jobsBefore);
    expect(element.querySelector('.gportal-feature-canvas')?.hasAttribute('data-painting')).toBe(false);
    const images = calls.filter(([name, image]) => name === 'drawImage' && image instanceof FakeBitmap);
    expect(images.length).toBeGreaterThan(0);
    expect(calls.filter(([name]) => name === 'fill')).toEqual([]);
    await canvas.whenDrawn();
    expect(begun().length).toBe(jobsBefore);
  });

  it('repaints a change of the features at rest as before, not from the tiles painted ahead: only a move is shown from them', async () => {
    const { canvas, here, ahead } = await pannedWithAhead(600, () => [east('next', 1.5), east('beyond', 1.5 + 0.3)]);
    pan(600);
    canvas.setFeatures([here, ...ahead]);
    await canvas.whenDrawn();
    const canvasElement = element.querySelector('.gportal-feature-canvas');
    expect(canvasElement?.hasAttribute('data-painted-ahead')).toBe(true);
    // Then, the map still and its tiles still there (painting ahead starts again only 200 ms
    // later): a feature hidden (marked in delete mode, say) is a whole repaint, as before.
    const jobsBefore = begun().length;
    canvas.setHidden(new Set(['beyond']));
    await canvas.whenDrawn();
    expect(canvasElement?.hasAttribute('data-painted-ahead')).toBe(false);
    expect(begun().slice(jobsBefore).some((job) => job.width === 480 && job.height === 360)).toBe(true);
  });

  it('shows a shorter pan the same way (the new view overlapping the old) from its tiles too, once the features it brings are merged', async () => {
    const { canvas, here, ahead } = await pannedWithAhead(300, () => [east('next', 0.75 + 0.3)]);
    const jobsBefore = begun().length;
    calls = [];
    pan(300);
    // The move's repaint waits a task for the features the move brings.
    expect(calls.filter(([name]) => name === 'fill')).toEqual([]);
    canvas.setFeatures([here, ...ahead]);
    expect(calls.filter(([name, image]) => name === 'drawImage' && image instanceof FakeBitmap).length).toBeGreaterThan(0);
    expect(calls.filter(([name]) => name === 'fill')).toEqual([]);
    await canvas.whenDrawn();
    expect(begun().length).toBe(jobsBefore);
    expect(element.querySelector('.gportal-feature-canvas')?.hasAttribute('data-painted-ahead')).toBe(true);
  });

  it('paints again here only the box of a feature read ahead that was edited before the pan merged it, and repaints whole when much more changed', async () => {
    const {
      canvas,
      here,
      ahead: [next],
    } = await pannedWithAhead(600, () => [east('next', 1.5)] as [CanvasFeature]);
    expect(canvas.tilesAhead).toBeGreaterThan(0);
    let jobsBefore = begun().length;
    calls = [];
    pan(600);
    // Merged in the unsaved style: not what the tiles show, in its box alone.
    const unsaved: L.PathOptions = { color: 'orange', weight: 3, dashArray: '8 6' };
    canvas.setFeatures([here, { ...next, style: unsaved }]);
    expect(calls.filter(([name, image]) => name === 'drawImage' && image instanceof FakeBitmap).length).toBeGreaterThan(0);
    // Its box cleared, clipped, and the one feature painted again there, dashed.
    expect(calls.filter(([name]) => name === 'clip')).toHaveLength(1);
    expect(calls.filter(([name]) => name === 'fill')).toHaveLength(1);
    expect(calls.filter(([name]) => name === 'setLineDash').at(-1)).toEqual(['setLineDash', [8, 6]]);
    // The last clear before the clip (the canvas's snapshot is copied after, into a cleared copy).
    const clip = calls.findIndex(([name]) => name === 'clip');
    const cleared = calls.slice(0, clip).filter(([name]) => name === 'clearRect').at(-1) as [string, number, number, number, number];
    // The box of a square 0.04° across at zoom 10 (about 30 px), its outline's reach around it: far less than the canvas.
    expect(cleared[3] * cleared[4]).toBeLessThan(80 * 80);
    await canvas.whenDrawn();
    expect(begun().length).toBe(jobsBefore);
    expect(element.querySelector('.gportal-feature-canvas')?.hasAttribute('data-painted-ahead')).toBe(true);

    // A large feature read ahead, edited before the next pan merged it: most of the view differs, repainted whole.
    const at = map.containerPointToLatLng([200 + 1.5 * 400, 150]);
    const large = square('large', at.lng - 0.25, at.lat - 0.2, 0.45);
    canvas.setAhead([large]);
    await canvas.whenPaintedAhead();
    jobsBefore = begun().length;
    pan(600);
    canvas.setFeatures([here, { ...next, style: unsaved }, { ...large, style: unsaved }]);
    await canvas.whenDrawn();
    expect(begun().slice(jobsBefore).some((job) => job.width === 480 && job.height === 360)).toBe(true);
    expect(element.querySelector('.gportal-feature-canvas')?.hasAttribute('data-painted-ahead')).toBe(false);
  });

  it('paints nothing ahead for a layer with nothing read ahead (loaded whole): its pans are painted as they come', async () => {
    const canvas = addCanvas();
    canvas.setFeatures([east('here', 0), east('there', 1.2)]);
    await canvas.whenDrawn();
    pan(300);
    await canvas.whenDrawn();
    canvas.setAhead([]);
    // A run of painting ahead is scheduled: the canvas's count of tiles painted ahead (`data-ahead`)
    // is taken away until it ends. Waited for (it runs after AHEAD_DELAY_MS), it ends with none.
    expect(element.querySelector('.gportal-feature-canvas')?.getAttribute('data-ahead')).toBeNull();
    await canvas.whenPaintedAhead();
    expect(element.querySelector('.gportal-feature-canvas')?.getAttribute('data-ahead')).toBe('0');
    expect(begun().filter((job) => job.width === AHEAD_TILE_PX)).toEqual([]);
    expect(canvas.tilesAhead).toBe(0);
  });

  it('paints nothing ahead while a repaint is pending, and lets every tile go when the canvas leaves the map', async () => {
    const canvas = addCanvas();
    canvas.setFeatures([east('here', 0)]);
    FakeWorker.held = [];
    canvas.setAhead([east('next', 0.8)]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // The canvas's own job is held in the workers: no tile was asked for.
    expect(begun().filter((job) => job.width === AHEAD_TILE_PX)).toEqual([]);
    FakeWorker.release();
    FakeWorker.held = undefined;
    await canvas.whenDrawn();
    await canvas.whenPaintedAhead();
    expect(canvas.tilesAhead).toBeGreaterThan(0);
    const bitmaps = FakeWorker.bitmaps.filter((bitmap) => begun().some((job) => job.job === bitmap.job && job.width === AHEAD_TILE_PX));
    expect(bitmaps.length).toBeGreaterThan(0);
    map.removeLayer(canvas);
    for (const bitmap of bitmaps) expect(bitmap.close).toHaveBeenCalled();
    expect(canvas.tilesAhead).toBe(0);
  });
});
