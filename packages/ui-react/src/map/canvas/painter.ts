import { boundsOf, FeatureIndex } from './feature-index';
import { CanvasSnapshots, type Snapshot } from './snapshots';
import type { RasterJob, RasterWorkers } from './feature-raster';
import L from 'leaflet';
import { paintShapes } from './paint-shapes';
import { paintBatches, type PaintBatch } from './batches';
import { projectAt } from './project-at';
import { intersects, sameRect, subtract, type Rect } from './screen-rect';
import { nextTask } from '../../ui/stages';
import type { AheadTile, CanvasView, FeatureChange } from './types';

/**
 * Layers a snapshot may grow to by features painted over it (each paint over adds one a worker);
 * past them the canvas is repainted whole, in one layer a worker.
 */
const MAX_LAYERS = 6;

/** Main-thread time a repaint simplifies for before it lets other tasks run (input, frames, the next answer). */
const SLICE_MS = 12;
/** How long the canvas stays drawn before a spare copy is made (`CanvasSnapshots.prepareSpare`): after painting ahead has started (200 ms). */
const SPARE_DELAY_MS = 300;

/** What a painter asks of the feature canvas it paints. */
export interface PainterHost {
  /** Whether a repaint is asked for and not started: a job still simplifying for the view before stops. */
  redrawPending(): boolean;
  /** A job started or ended: the canvas tells whether it is drawn. */
  settle(): void;
  /** Repaints the canvas whole: the workers failed, or were let go, while a job was under way. */
  redraw(): void;
}

/**
 * Paints a feature canvas's element: on the main thread, in one task, or as a job of the raster
 * workers (its shapes simplified here, a slice per task, and painted there as layers); and over
 * what the canvas shows when features are only added on top. It keeps what the canvas showed at
 * its last few zooms (`CanvasSnapshots`). One painter a canvas element: it goes with the element
 * (`dispose`), and a job of it that is still under way is dropped.
 */
export class CanvasPainter {
  private readonly snapshots = new CanvasSnapshots();
  /** The spare copy to be made once the canvas has stayed drawn (`prepareSpareSoon`). */
  private spareTimer: ReturnType<typeof setTimeout> | undefined;
  /** The job under way, if any (its number): its shapes being simplified, or its layers painted in the workers. */
  private job: number | undefined;
  private jobs = 0;

  /**
   * `raster`: the raster workers, where the browser has them (let go once they fail);
   * `mainThreadPositions`: a whole repaint of at most this many positions, simplified, is painted
   * here rather than in the workers (`FeatureCanvasOptions.mainThreadPositions`).
   */
  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly features: FeatureIndex,
    private raster: RasterWorkers | undefined,
    private readonly mainThreadPositions: number,
    private readonly host: PainterHost,
  ) {}

  /** Whether a job is under way: the canvas does not show yet what it was last asked to. */
  get painting(): boolean {
    return this.job !== undefined;
  }

  /** The raster workers while none of them has failed: whole repaints go to them. */
  get workers(): RasterWorkers | undefined {
    const raster = this.raster;
    return raster && !raster.failed ? raster : undefined;
  }

  /** Whether the canvas has a 2D context to paint on (jsdom's has none). */
  canPaint(): boolean {
    return this.canvas.getContext('2d') !== null;
  }

  /** Drops the job under way, if any: its layers are closed unseen as they arrive. */
  drop(): void {
    this.job = undefined;
  }

  /** Forgets the snapshots: the features or those hidden changed. */
  dropSnapshots(): void {
    this.snapshots.drop();
  }

  /** Lets the canvas go (it left the map): the job under way is dropped and every snapshot freed. */
  dispose(): void {
    if (this.spareTimer !== undefined) clearTimeout(this.spareTimer);
    this.spareTimer = undefined;
    this.snapshots.clear();
    this.job = undefined;
    this.raster = undefined;
  }

  /** Readies the workers for whole repaints of this view's size (once a size), before features come to paint. */
  warm({ area, ratio }: CanvasView): void {
    this.workers?.warm(area.width, area.height, ratio);
  }

  /** Clears the canvas: no feature lies over it. */
  clear(): void {
    const context = this.canvas.getContext('2d');
    if (!context) return;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, context.canvas.width, context.canvas.height);
  }

  /** The snapshot of the view's zoom, where it meets the view: what a repaint after a pan copies from. */
  reusable({ zoom, area }: CanvasView): Snapshot | undefined {
    const snapshot = this.snapshots.at(zoom);
    return snapshot && intersects(snapshot.area, area) ? snapshot : undefined;
  }

  /** Shows the last snapshot scaled and moved to the view, until its repaint arrives (as map tiles of the last zoom stay until the new ones load). */
  drawPlaceholder({ map, zoom, area, ratio }: CanvasView): void {
    const context = this.canvas.getContext('2d');
    if (context) this.snapshots.drawPlaceholder(context, area, ratio, zoom, (from) => map.getZoomScale(zoom, from));
  }

  /**
   * Repaints the whole canvas for the view. In the workers where there are any: the shapes are
   * simplified first, a slice per task (a new zoom simplifies every shape shown, a long task in
   * one go), then painted there, and the canvas keeps what it shows until their layers arrive; or
   * here, in one task, when they come to few positions (`mainThreadPositions`). Without workers,
   * painted here at once. `shown`: the features over the view (`FeatureIndex.shownIn`), which
   * stay so while the job is current (a change of the features or of those hidden drops it).
   */
  paintWhole(view: CanvasView, shown: readonly number[]): void {
    const workers = this.workers;
    if (!workers) {
      this.paintHere(view, undefined, shown);
      return;
    }
    const id = this.start();
    void this.simplify(view, shown, id).then((positions) => {
      if (positions === undefined) return;
      if (positions <= this.mainThreadPositions) {
        this.job = undefined;
        this.paintHere(view, undefined, shown);
      } else if (this.raster === workers && !workers.failed) {
        this.rasterInWorkers(workers, view, id, shown);
      } else {
        this.job = undefined;
        this.host.redraw();
      }
    });
  }

  /**
   * Paints the canvas on the main thread, in one task: what `reused` shows of the view copied
   * from it, the rest drawn; without `reused`, the features `shown` over the view when known.
   */
  paintHere({ map, zoom, area, ratio }: CanvasView, reused: Snapshot | undefined, shown?: readonly number[]): void {
    const context = this.canvas.getContext('2d');
    if (!context) return;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, context.canvas.width, context.canvas.height);
    let regions = [area];
    if (reused) {
      for (const layer of reused.layers) context.drawImage(layer, (reused.area.left - area.left) * ratio, (reused.area.top - area.top) * ratio);
      regions = subtract(area, reused.area);
    }
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    if (regions.length > 0) {
      if (reused) {
        context.save();
        context.beginPath();
        for (const region of regions) context.rect(region.left - area.left, region.top - area.top, region.width, region.height);
        context.clip();
      }
      const indices = (!reused && shown) || this.features.shownIn(map, zoom, regions);
      this.paintFeatures(map, zoom, indices, ({ style, polygon, screens }) => paintShapes(context, style, screens, area, polygon));
      if (reused) context.restore();
    }
    this.snapshots.keep(zoom, area, context.canvas);
    this.prepareSpareSoon();
    this.host.settle();
  }

  /**
   * Shows the view from tiles painted ahead (`AheadPainter.covering`: they show what the view
   * holds where they meet it), and paints the `rest` of it here, in one task.
   */
  paintTiles({ map, zoom, area, ratio }: CanvasView, tiles: readonly AheadTile[], rest: readonly Rect[]): void {
    const context = this.canvas.getContext('2d');
    if (!context) return;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, context.canvas.width, context.canvas.height);
    for (const { area: at, bitmap } of tiles) if (bitmap) context.drawImage(bitmap, (at.left - area.left) * ratio, (at.top - area.top) * ratio);
    if (rest.length > 0) {
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      // What the tiles show there is not what the view holds: cleared and painted again.
      for (const region of rest) context.clearRect(region.left - area.left, region.top - area.top, region.width, region.height);
      context.save();
      context.beginPath();
      for (const region of rest) context.rect(region.left - area.left, region.top - area.top, region.width, region.height);
      context.clip();
      this.paintFeatures(map, zoom, this.features.shownIn(map, zoom, rest), ({ style, polygon, screens }) => paintShapes(context, style, screens, area, polygon));
      context.restore();
    }
    this.snapshots.keep(zoom, area, context.canvas);
    this.prepareSpareSoon();
    this.host.settle();
  }

  /**
   * Paints the features `change` adds over what the canvas shows, when the canvas shows every
   * feature held before for this view (its last snapshot, no job under way), none of those taken
   * away shows on it, and the added ones come on top of all those kept: on the main thread at
   * once, or as a job of the workers whose layers go over the snapshot's. The snapshot of this
   * zoom then grows by the added features; the others are dropped. `false` when the canvas must
   * be repainted instead.
   */
  paintOver(view: CanvasView, { removed, added }: FeatureChange): boolean {
    const { map, zoom, area, ratio } = view;
    const base = this.snapshots.latest();
    if (this.job !== undefined || !base || base.zoom !== zoom || !sameRect(base.area, area)) return false;
    const bounds = boundsOf(map, zoom, area);
    if (removed.some((feature) => FeatureIndex.meets(feature, bounds))) return false;
    const shown = this.features.shownAmong(added, bounds);
    const context = this.canvas.getContext('2d');
    const workers = this.workers;
    if (!context || (workers && base.layers.length + workers.parts > MAX_LAYERS)) return false;
    // The other zooms' snapshots lack the added features; this one shows them once painted over.
    this.snapshots.drop();
    if (shown.length === 0) {
      this.snapshots.keep(zoom, area, base.layers);
      return true;
    }
    if (!workers) {
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      this.paintFeatures(map, zoom, shown, ({ style, polygon, screens }) => paintShapes(context, style, screens, area, polygon));
      this.snapshots.keep(zoom, area, context.canvas);
      return true;
    }
    const id = this.start();
    void this.simplify(view, shown, id).then((positions) => {
      if (positions === undefined) return;
      if (this.raster !== workers || workers.failed) {
        this.job = undefined;
        this.host.redraw();
        return;
      }
      this.rasterInWorkers(workers, view, id, shown, base);
    });
    return true;
  }

  /**
   * Once the canvas has stayed drawn for `SPARE_DELAY_MS`, a copy of its size is made ready,
   * unless one is spare, for the next view drawn here, whose snapshot is a copy: its pixels are
   * allocated then, not while a pan waits.
   */
  private prepareSpareSoon(): void {
    if (this.spareTimer !== undefined) clearTimeout(this.spareTimer);
    this.spareTimer = setTimeout(() => {
      this.spareTimer = undefined;
      if (this.job === undefined && !this.host.redrawPending()) this.snapshots.prepareSpare(this.canvas.width, this.canvas.height);
    }, SPARE_DELAY_MS);
  }

  /** Starts a job: its number, which stays current until the job ends or is dropped. */
  private start(): number {
    const id = ++this.jobs;
    this.job = id;
    this.host.settle();
    return id;
  }

  /**
   * Simplifies these features' shapes for the view's zoom (kept for it), a slice of about
   * `SLICE_MS` per task; answers how many positions they have once simplified, or `undefined`
   * when job `id` is no longer current once done (dropped, or a repaint asked for meanwhile).
   */
  private async simplify({ map, zoom }: CanvasView, indices: readonly number[], id: number): Promise<number | undefined> {
    const current = () => this.job === id && !this.host.redrawPending();
    const project = projectAt(map.options.crs ?? L.CRS.EPSG3857, zoom);
    // The first slice too in a task of its own: the change that asked for the repaint (a load
    // merged, the map's render of it) has had its own task's time already.
    await nextTask();
    if (!current()) return undefined;
    let sliceStart = performance.now();
    let positions = 0;
    for (const index of indices) {
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTask();
        if (!current()) return undefined;
        sliceStart = performance.now();
      }
      positions += this.features.screenOf(this.features.at(index).shape, zoom, project).points.length / 2;
    }
    return current() ? positions : undefined;
  }

  /**
   * Paints the features `shown` in the workers (their shapes simplified already), as job `id`,
   * and shows the canvas when every layer arrives: the whole canvas, or with `over`, the layers
   * over what the canvas and that snapshot show.
   */
  private rasterInWorkers(workers: RasterWorkers, view: CanvasView, id: number, shown: readonly number[], over?: Snapshot): void {
    const { map, zoom, area, ratio } = view;
    const painting: RasterJob = workers.begin(area, ratio);
    this.paintFeatures(map, zoom, shown, ({ style, polygon, screens, part }) => painting.paint(part, style, polygon, screens), painting.parts);
    void painting.end().then(
      (layers) => {
        const context = this.canvas.getContext('2d');
        if (this.job !== id || !context) {
          for (const layer of layers) layer.close();
          return;
        }
        this.job = undefined;
        context.setTransform(1, 0, 0, 1, 0, 0);
        if (!over) context.clearRect(0, 0, context.canvas.width, context.canvas.height);
        for (const layer of layers) context.drawImage(layer, 0, 0);
        this.snapshots.keep(zoom, area, over ? [...over.layers, ...layers] : layers);
        this.prepareSpareSoon();
        this.host.settle();
      },
      () => {
        // The worker failed (it is dropped): the canvas paints on the main thread from now on.
        if (this.job !== id) return;
        this.job = undefined;
        this.raster = undefined;
        this.host.redraw();
      },
    );
  }

  /**
   * Hands these features to `paintBatch`, in batches simplified for the zoom: style by style,
   * polygons then lines, in drawing order. That order is cut into `parts` runs of about as many
   * positions each, painted as layers one over the other (a batch never spans two parts).
   */
  private paintFeatures(map: L.Map, zoom: number, indices: readonly number[], paintBatch: (batch: PaintBatch) => void, parts = 1): void {
    const project = projectAt(map.options.crs ?? L.CRS.EPSG3857, zoom);
    const shown = indices.map((index) => this.features.at(index));
    paintBatches(shown, parts, (shape) => this.features.screenOf(shape, zoom, project), paintBatch);
  }
}
