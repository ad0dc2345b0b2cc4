import { sameFeature } from './feature-index';
import type { RasterWorkers } from './feature-raster';
import type { ScreenShape } from './flat-shape';
import { paintBatches } from './batches';
import { clipped, intersects, union, type Rect } from './screen-rect';
import { nextTask } from '../../ui/stages';
import type { AheadTile, CanvasFeature, CanvasView } from './types';

/**
 * Side of a tile painted ahead, in CSS pixels of the map's zoom (tiles lie on a grid from world
 * pixel 0, 0): small enough that the tiles a view needs hold little more than the view.
 */
export const AHEAD_TILE_PX = 256;
/**
 * Pixels painted ahead at most, in canvas areas: ten canvases' worth of tiles (32 MB of pixels
 * for a map of 1000 × 800), for the next view at the canvas's zoom, the views a zoom out and a
 * zoom in would show there and in place, and the ring around the canvas.
 */
export const AHEAD_CANVASES = 10;
/** The zooms painted ahead besides the canvas's, relative to it: one out, one in (a zoom control's or a wheel's step). */
export const AHEAD_ZOOM_STEPS: readonly number[] = [-1, 1];
/** And never more than this many device pixels (32 MB): a large map on a high-density screen paints less ahead. */
export const AHEAD_MAX_PIXELS = 8_000_000;
/** How far from the canvas tiles are painted ahead, in canvas sizes: a jump of one and a half views lands within it. */
export const AHEAD_REACH = 1.6;
/** The most of a canvas shown from tiles painted ahead that may be left to paint on the main thread (tiles that no longer show what it holds). */
export const AHEAD_REST = 0.25;
/** How long the canvas stays drawn, and the features read ahead unchanged, before tiles are painted ahead. */
export const AHEAD_DELAY_MS = 200;

/** The tiles of the grid (`size` pixels from world pixel 0, 0) that meet `area`. */
export function tilesOver(area: Rect, size = AHEAD_TILE_PX): Rect[] {
  const tiles: Rect[] = [];
  const right = area.left + area.width;
  const bottom = area.top + area.height;
  for (let top = Math.floor(area.top / size) * size; top < bottom; top += size) {
    for (let left = Math.floor(area.left / size) * size; left < right; left += size) tiles.push({ left, top, width: size, height: size });
  }
  return tiles;
}

/** A tile of the grid at a zoom. */
export interface PlannedTile {
  zoom: number;
  area: Rect;
}

/** Where a tile lies: its zoom, and its corner in world pixels at that zoom. */
export function tileKeyOf(zoom: number, { left, top }: Rect): string {
  return `${zoom}/${left},${top}`;
}

/** How many tiles painted ahead a canvas over `area` may have: `AHEAD_CANVASES` canvases' pixels, `AHEAD_MAX_PIXELS` device pixels at most. */
function aheadBudget(area: Rect, ratio: number, size: number): number {
  return Math.max(1, Math.floor(Math.min(AHEAD_CANVASES * area.width * area.height, AHEAD_MAX_PIXELS / (ratio * ratio)) / (size * size)));
}

/**
 * The tiles to paint ahead around a canvas drawn over `area`, most wanted first: those within
 * `AHEAD_REACH` canvas sizes of it, nearest first to where the next view is expected (`toward`:
 * the last move, which a user panning one way repeats), as many as `AHEAD_CANVASES` canvases'
 * pixels hold, `AHEAD_MAX_PIXELS` device pixels at most (`ratio`: device pixels a CSS pixel). The next view, expected there, may overlap the canvas: the tiles inside it are
 * planned too. With no way to expect (`toward` left out), the tiles around the canvas, nearest its
 * centre first, and none inside it (it shows them).
 */
export function aheadPlan(area: Rect, toward: { x: number; y: number } | undefined, ratio = 1, size = AHEAD_TILE_PX): Rect[] {
  const reachX = AHEAD_REACH * area.width;
  const reachY = AHEAD_REACH * area.height;
  const around = { left: area.left - reachX, top: area.top - reachY, width: area.width + 2 * reachX, height: area.height + 2 * reachY };
  const inside = (tile: Rect) => tile.left >= area.left && tile.top >= area.top && tile.left + tile.width <= area.left + area.width && tile.top + tile.height <= area.top + area.height;
  const x = area.left + area.width / 2 + (toward?.x ?? 0);
  const y = area.top + area.height / 2 + (toward?.y ?? 0);
  // The tiles of the expected view first (all of them, corners included), then the others nearest it.
  const expected = toward && { ...area, left: area.left + toward.x, top: area.top + toward.y };
  const distance = (tile: Rect) => (expected && intersects(tile, expected) ? 0 : 1e12) + Math.hypot(tile.left + tile.width / 2 - x, tile.top + tile.height / 2 - y);
  return tilesOver(around, size)
    .filter((tile) => toward !== undefined || !inside(tile))
    .sort((a, b) => distance(a) - distance(b))
    .slice(0, aheadBudget(area, ratio, size));
}

/**
 * The tiles to paint ahead around a canvas drawn at `zoom` over `area`, at its zoom and the
 * zooms next to it (`AHEAD_ZOOM_STEPS`), most wanted first, within the same budget as
 * `aheadPlan`: after a move (`toward`), the tiles of the view expected next at the canvas's
 * zoom and of the views a zoom out and a zoom in would show there; then those of a zoom out and
 * a zoom in about the canvas's centre (a zoom control's, or a wheel's near it); then the other
 * tiles of `aheadPlan`, in its order.
 */
export function zoomsAheadPlan(zoom: number, area: Rect, toward: { x: number; y: number } | undefined, ratio = 1, size = AHEAD_TILE_PX): PlannedTile[] {
  const budget = aheadBudget(area, ratio, size);
  const around = aheadPlan(area, toward, ratio, size);
  const at = (tiles: readonly Rect[], tileZoom = zoom) => tiles.map((tile) => ({ zoom: tileZoom, area: tile }));
  /** The tiles of the views a zoom by each step would show about this point (world pixels at the canvas's zoom). */
  const zoomed = (x: number, y: number) =>
    AHEAD_ZOOM_STEPS.flatMap((step) => {
      const scale = 2 ** step;
      return at(tilesOver({ left: x * scale - area.width / 2, top: y * scale - area.height / 2, width: area.width, height: area.height }, size), zoom + step);
    });
  const [x, y] = [area.left + area.width / 2, area.top + area.height / 2];
  const expected = toward && { ...area, left: area.left + toward.x, top: area.top + toward.y };
  const next = expected ? [...at(around.filter((tile) => intersects(tile, expected))), ...zoomed(x + expected.left - area.left, y + expected.top - area.top)] : [];
  // Each tile once, where it first comes.
  const plan = new Map<string, PlannedTile>();
  for (const tile of [...next, ...zoomed(x, y), ...at(around)]) {
    const key = tileKeyOf(tile.zoom, tile.area);
    if (!plan.has(key)) plan.set(key, tile);
  }
  return [...plan.values()].slice(0, budget);
}

/** Features in the order a repaint paints them (`paintBatches`): style by style as they first appear, polygons then lines, in list order. */
function paintOrder(features: readonly CanvasFeature[]): CanvasFeature[] {
  const styles = new Map<CanvasFeature['style'], number>();
  for (const { style } of features) if (!styles.has(style)) styles.set(style, styles.size);
  const rank = (feature: CanvasFeature) => (styles.get(feature.style) as number) * 2 + (feature.shape.kind === 'polygon' ? 0 : 1);
  return features
    .map((feature, index) => ({ feature, index }))
    .sort((a, b) => rank(a.feature) - rank(b.feature) || a.index - b.index)
    .map(({ feature }) => feature);
}

/**
 * How a tile painted with `painted` differs from what a repaint of `now` would show: the
 * features painted or to paint on only one side, or with another shape or style (`differing`:
 * their pixels alone differ), and whether features on both sides that can meet (`overlap`: their
 * outlines may touch) are painted in another order (`reordered`: the pixels where they meet
 * differ). Features that cannot meet may come in any order: tiles read ahead are merged in an
 * order of their own.
 */
export function paintedDifference(painted: readonly CanvasFeature[], now: readonly CanvasFeature[], overlap: (a: CanvasFeature, b: CanvasFeature) => boolean): { differing: CanvasFeature[]; reordered: boolean } {
  const ordered = paintOrder(now);
  const place = new Map(ordered.map((feature, index) => [feature.shape, { feature, index }]));
  const differing: CanvasFeature[] = [];
  const kept: CanvasFeature[] = [];
  const places: number[] = [];
  const matched = new Set<CanvasFeature['shape']>();
  for (const feature of paintOrder(painted)) {
    const found = place.get(feature.shape);
    if (!found || found.feature.id !== feature.id || found.feature.style !== feature.style) {
      differing.push(feature);
      continue;
    }
    matched.add(feature.shape);
    kept.push(feature);
    places.push(found.index);
  }
  for (const feature of ordered) if (!matched.has(feature.shape)) differing.push(feature);
  for (let i = 0; i < places.length; i += 1) {
    for (let j = i + 1; j < places.length; j += 1) {
      if ((places[i] as number) > (places[j] as number) && overlap(kept[i] as CanvasFeature, kept[j] as CanvasFeature)) return { differing, reordered: true };
    }
  }
  return { differing, reordered: false };
}

/** Main-thread time a tile's shapes are simplified for before other tasks run (input, frames, a step's repaint). */
const AHEAD_SLICE_MS = 12;

/**
 * Simplifies these features' shapes (`screensOf` keeps them for the zoom), a slice of about
 * `AHEAD_SLICE_MS` per task; `false` once `current` says the run is over (it stops there).
 */
async function simplifiedInSlices(features: readonly CanvasFeature[], screensOf: (shape: CanvasFeature['shape']) => ScreenShape, current: () => boolean): Promise<boolean> {
  let sliceStart = performance.now();
  for (const { shape } of features) {
    if (performance.now() - sliceStart > AHEAD_SLICE_MS) {
      await nextTask();
      if (!current()) return false;
      sliceStart = performance.now();
    }
    screensOf(shape);
  }
  return current();
}

/** What painting ahead asks of the feature canvas. */
export interface AheadHost {
  /** Whether the canvas has features read ahead around it (a layer loaded by view): painting ahead runs only then. */
  readingAhead(): boolean;
  /** Painting ahead stopped (`tiles`: how many tiles are painted) or started (`undefined`). */
  idle(tiles: number | undefined): void;
  /** The view the canvas shows, while it shows it whole and nothing is pending: painting ahead runs only then. */
  idleView(): CanvasView | undefined;
  /** How the canvas moved in its last pan at this zoom, in pixels (`undefined` after a zoom, or before any pan). */
  lastPan(): { x: number; y: number } | undefined;
  workers(): RasterWorkers | undefined;
  /** The features over a tile: those the canvas holds and, with `ahead`, those read ahead too; in drawing order. */
  featuresOver(view: CanvasView, tile: Rect, ahead: boolean): CanvasFeature[];
  /** Whether a feature may paint a pixel of `area` (world pixels at the view's zoom): its box, outline included, meets it. */
  meets(view: CanvasView, area: Rect): (feature: CanvasFeature) => boolean;
  /** The pixels (world pixels at the view's zoom) a feature may paint: its box, outline included. */
  pixelBox(view: CanvasView, feature: CanvasFeature): Rect;
  /** Whether two features over a tile at the view's zoom may touch (their boxes, outlines included). */
  overlap(view: CanvasView, tile: Rect): (a: CanvasFeature, b: CanvasFeature) => boolean;
  /** A shape simplified for the view's zoom (kept for it). */
  screensOf(view: CanvasView): (shape: CanvasFeature['shape']) => ScreenShape;
}

/**
 * Painting ahead: while the feature canvas stays drawn, the raster workers paint tiles of the
 * grid around it, at its zoom and the zooms next to it (`zoomsAheadPlan`), with the features
 * over them, those the canvas holds and those the session read ahead and keeps aside. A pan or a
 * zoom that lands on tiles all painted, once the session has merged its features, is shown from
 * them (`covering`) without a repaint, where each tile still shows what a repaint would
 * (`paintedDifference`). One tile a worker at a time, so a repaint waits for at most one tile;
 * stopped while a repaint is pending, started again once the canvas is drawn. The tiles of the
 * latest plan are kept, no others.
 */
export class AheadPainter {
  private readonly tiles = new Map<string, AheadTile>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Tile jobs in the workers. */
  private running = 0;
  /** Runs started: only the last sends tiles to the workers. */
  private runs = 0;
  private readonly idleWaiters: Array<() => void> = [];
  private stopped = false;

  constructor(private readonly host: AheadHost) {}

  /** Tiles painted (with features or none), at the view's zoom and those next to it. */
  get size(): number {
    return this.tiles.size;
  }

  /** Asks for tiles to be painted ahead once the canvas has stayed drawn `AHEAD_DELAY_MS`. */
  schedule(): void {
    if (this.stopped) return;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.host.idle(undefined);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.run();
    }, AHEAD_DELAY_MS);
  }

  /** Resolves once nothing is scheduled or painting ahead (for tests and benches). */
  whenIdle(): Promise<void> {
    if (this.timer === undefined && this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * How the view can be shown from the tiles painted ahead: each tile where it meets the canvas,
   * and the parts of the canvas where a tile no longer shows what a repaint would (`rest`, to be
   * painted as before: the boxes of the features that differ, a feature read ahead there and not
   * merged, say; the tile's whole part when features that meet come in another order). Only the
   * features over a tile's part count; those over the rest of it are never drawn. `undefined`
   * when a tile is missing, or the rest is more than `AHEAD_REST` of the canvas: it is repainted
   * whole.
   */
  covering(view: CanvasView): { tiles: AheadTile[]; rest: Rect[] } | undefined {
    const tiles: AheadTile[] = [];
    const rest: Rect[] = [];
    let left = AHEAD_REST * view.area.width * view.area.height;
    for (const rect of tilesOver(view.area)) {
      const tile = this.tiles.get(tileKeyOf(view.zoom, rect));
      if (!tile) return undefined;
      const part = clipped(tile.area, view.area);
      tiles.push(tile);
      const { differing, reordered } = paintedDifference(tile.painted.filter(this.host.meets(view, part)), this.host.featuresOver(view, part, false), this.host.overlap(view, part));
      if (differing.length === 0 && !reordered) continue;
      const dirty = reordered ? part : clipped(differing.map((feature) => this.host.pixelBox(view, feature)).reduce(union), part);
      if (dirty.width <= 0 || dirty.height <= 0) continue;
      left -= dirty.width * dirty.height;
      if (left < 0) return undefined;
      rest.push(dirty);
    }
    return { tiles, rest };
  }

  /** Whether tiles painted ahead at the view's zoom lie under the whole view (what they show not checked). */
  holds(view: CanvasView): boolean {
    return tilesOver(view.area).every((rect) => this.tiles.has(tileKeyOf(view.zoom, rect)));
  }

  /** Stops painting ahead and frees every tile (the canvas left the map). */
  dispose(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.drop(() => true);
    this.settle();
  }

  private run(): void {
    const view = this.host.idleView();
    const workers = this.host.workers();
    // Only a layer loaded by view, whose pans bring features read ahead: a layer loaded whole paints its pans as they come.
    if (!view || !workers || !this.host.readingAhead()) {
      this.settle();
      return;
    }
    const plan = zoomsAheadPlan(view.zoom, view.area, this.host.lastPan(), view.ratio);
    const wanted = new Set(plan.map((tile) => tileKeyOf(tile.zoom, tile.area)));
    this.drop((_tile, key) => !wanted.has(key));
    const queue = [...plan];
    // The view at a tile's zoom: what its features are looked up and simplified for.
    const atZoom = (zoom: number): CanvasView => (zoom === view.zoom ? view : { ...view, zoom });
    const sameView = () => {
      const now = this.host.idleView();
      return now !== undefined && now.zoom === view.zoom && now.area.left === view.area.left && now.area.top === view.area.top;
    };
    // A later run takes over: this one's tiles in the workers are kept if still current, none sent after.
    const run = ++this.runs;
    const current = () => {
      const now = this.host.idleView();
      return !this.stopped && run === this.runs && now !== undefined && now.zoom === view.zoom && now.area.left === view.area.left && now.area.top === view.area.top;
    };
    // The next tile that shows other features than it was painted with (each looked up as its
    // turn comes, so no task looks up every tile); one with no feature over it is kept as is.
    const nextItem = (): { tile: PlannedTile; features: CanvasFeature[] } | undefined => {
      for (let tile = queue.shift(); tile; tile = queue.shift()) {
        const features = this.host.featuresOver(atZoom(tile.zoom), tile.area, true);
        const held = this.tiles.get(tileKeyOf(tile.zoom, tile.area));
        if (held && held.painted.length === features.length && held.painted.every((feature, at) => sameFeature(feature, features[at] as CanvasFeature))) continue;
        if (features.length > 0) return { tile, features };
        this.keep({ ...tile, painted: [], bitmap: undefined });
      }
      return undefined;
    };
    const next = (part: number): void => {
      const item = current() && !workers.failed ? nextItem() : undefined;
      if (!item) {
        this.settle();
        return;
      }
      this.running += 1;
      const screensOf = this.host.screensOf(atZoom(item.tile.zoom));
      // Simplified first, a slice per task (a tile a zoom out holds four times the features); then handed to a worker.
      void simplifiedInSlices(item.features, screensOf, current).then((simplified) => {
        if (!simplified || workers.failed) {
          this.running -= 1;
          this.settle();
          return;
        }
        paintTile(part, item, screensOf);
      });
    };
    const paintTile = (part: number, item: { tile: PlannedTile; features: CanvasFeature[] }, screensOf: (shape: CanvasFeature['shape']) => ScreenShape): void => {
      const job = workers.beginOn(part, item.tile.area, view.ratio);
      paintBatches(item.features, 1, screensOf, ({ style, polygon, screens }) => job.paint(style, polygon, screens));
      void job.end().then(
        (bitmap) => {
          this.running -= 1;
          if (this.stopped || !sameView()) {
            bitmap.close();
            this.settle();
            return;
          }
          // Kept while the view is the same (a later run's plan holds it too, or drops it).
          this.keep({ ...item.tile, painted: item.features, bitmap });
          next(part);
        },
        () => {
          this.running -= 1;
          this.settle();
        },
      );
    };
    for (let part = 0; part < workers.parts; part += 1) next(part);
  }

  private keep(tile: AheadTile): void {
    const key = tileKeyOf(tile.zoom, tile.area);
    const old = this.tiles.get(key);
    if (old?.bitmap && old.bitmap !== tile.bitmap) old.bitmap.close();
    this.tiles.set(key, tile);
  }

  private drop(which: (tile: AheadTile, key: string) => boolean): void {
    for (const [key, tile] of this.tiles) {
      if (!which(tile, key)) continue;
      tile.bitmap?.close();
      this.tiles.delete(key);
    }
  }

  private settle(): void {
    if (this.timer !== undefined || this.running > 0) return;
    if (!this.stopped) this.host.idle(this.tiles.size);
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
