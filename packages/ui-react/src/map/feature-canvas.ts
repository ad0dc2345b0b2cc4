import { CanvasFeatures, STROKE_REACH, type CanvasFeature, type FeatureChange } from './canvas-features';
import { RasterWorkers, type RasterJob } from './feature-raster';
import type { FlatShape } from './flat-shape';
import { L } from './leaflet';
import { paint } from './paint';
import { paintBatches, type PaintBatch } from './paint-batches';
import { projectAt } from './project-at';
import { CanvasSnapshots, type Snapshot } from './canvas-snapshots';
import { intersects, sameRect, subtract, type Rect } from './screen-rect';
import { nextTask } from '../ui/stages';

export type { CanvasFeature } from './canvas-features';

export interface FeatureCanvasOptions extends L.RendererOptions {
  /** How far, in pixels, a position is simplified away for the zoom it is drawn at. */
  simplifyTolerance: number;
  /** Pixels around a line or outline that still hit it, besides half its weight: for a mouse and for a finger. */
  hitTolerance: { mouse: number; touch: number };
  /** The canvas element's class; defaults to `gportal-feature-canvas` (what pages and tests find the features' canvas by). */
  className?: string;
  /**
   * A repaint of at most this many positions (simplified for the zoom) is painted on the main
   * thread, in one task, rather than by the raster workers: for a canvas of cheap shapes (fills
   * and hairlines), whose repaint should not wait behind another canvas's in the workers. 0 (the
   * default): every whole repaint goes to the workers where the browser has them.
   */
  mainThreadPositions?: number;
  /** A click on a drawn feature. Left out: the canvas takes no pointer events (a base map under everything). */
  onClick?(id: string, event: MouseEvent): void;
}


/**
 * Layers a snapshot may grow to by features painted over it (each paint over adds one a worker);
 * past them the canvas is repainted whole, in one layer a worker.
 */
const MAX_LAYERS = 6;

/** Main-thread time a repaint simplifies for before it lets other tasks run (input, frames, the next answer). */
const SLICE_MS = 12;

/** The world pixels at its zoom that a canvas drawn at `min` (layer pixels) from `origin` covers. */
function areaOf({ min, size, origin }: { min: L.Point; size: L.Point; origin: L.Point }): Rect {
  return { left: origin.x + min.x, top: origin.y + min.y, width: size.x, height: size.y };
}

/** Leaflet's internals of a renderer that this one builds on (Leaflet's own `L.Canvas` uses the same). */
interface RendererInternals {
  _map: L.Map | undefined;
  _bounds: L.Bounds;
  _zoom: number;
  _update(): void;
}

/**
 * One canvas for every line and polygon of a layer, a Leaflet renderer (it moves, scales in a
 * zoom animation and is redrawn after each move as Leaflet's own canvas is). Each feature is
 * drawn from its flat lon/lat shape, simplified for the zoom and kept for the last few zooms;
 * only the features whose box meets the view are drawn, found through a spatial index
 * (`flatbush`) that also finds what a click hits.
 */
export class FeatureCanvas extends L.Renderer {
  declare options: FeatureCanvasOptions;
  private canvas: HTMLCanvasElement | undefined;
  /** The features drawn, their index and their shapes simplified per zoom. */
  private readonly features: CanvasFeatures;
  /** The repaint asked for and not started yet. */
  private redrawRequest: { cancel(): void } | undefined;
  /** What the canvas shows: the bounds (layer pixels), pixel origin and zoom it was drawn for. */
  private drawn: { min: L.Point; size: L.Point; origin: L.Point; zoom: number } | undefined;
  private hoverPending = false;
  /** What the canvas showed at the last few zooms, until the features or what is hidden change. */
  private readonly snapshots = new CanvasSnapshots();
  private raster: RasterWorkers | undefined;
  /** The whole repaint the workers are painting, if any (its number). */
  private job: number | undefined;
  private jobs = 0;
  private readonly drawnWaiters: Array<() => void> = [];

  constructor(options: FeatureCanvasOptions) {
    super(options);
    this.features = new CanvasFeatures(options.simplifyTolerance);
  }

  /** Draws these features, in this order (later ones on top). */
  setFeatures(features: readonly CanvasFeature[]): void {
    const change = this.features.changeTo(features);
    // The same features drawn the same way (a render after the session's event drew them): nothing to repaint.
    if (!this.features.set(features)) return;
    // Features added on top of what the canvas shows (a tile's features merged as it arrives), or
    // taken away where it shows nothing: those added are painted over it, nothing is repainted.
    if (this.paintOver(change)) return;
    this.snapshots.drop();
    // Repainted at once, not in the next frame: the workers start painting before the renders the
    // same change asks of the page (the editor's), and a moved canvas's repaint, asked for the
    // next task, is this one (a pan's tiles read ahead come as the move ends).
    if (!this.internals._map) return;
    this.redrawRequest?.cancel();
    this.redrawRequest = undefined;
    this.draw();
  }

  setHidden(ids: ReadonlySet<string>): void {
    this.features.hide(ids);
    this.snapshots.drop();
    this.requestRedraw();
  }

  /**
   * Resolves once the canvas shows every feature as it is now: no repaint requested and none
   * being rasterised. At once when nothing is pending, or when the canvas is not on a map.
   */
  whenDrawn(): Promise<void> {
    if (this.isDrawn()) return Promise.resolve();
    return new Promise((resolve) => this.drawnWaiters.push(resolve));
  }

  /** The topmost shown feature at a position in layer pixels, within `tolerance` pixels of a line or outline. */
  featureAt(layerPoint: L.Point, tolerance: number): string | undefined {
    const map = this.internals._map;
    return map && this.features.featureAt(map, layerPoint, tolerance);
  }

  /** The shapes of the shown features whose box meets these bounds (through the index): what a drawn vertex may snap to. */
  shapesNear(bounds: L.LatLngBounds): FlatShape[] {
    return this.features.visible(bounds).map((index) => this.features.at(index).shape);
  }

  private get internals(): RendererInternals {
    return this as unknown as RendererInternals;
  }

  private isDrawn(): boolean {
    return !this.internals._map || (this.redrawRequest === undefined && this.job === undefined);
  }

  /**
   * Resolves the `whenDrawn` promises once nothing is pending. The canvas carries `data-painting`
   * while something is (what the browser tests wait on before reading its pixels).
   */
  private settle(): void {
    if (!this.isDrawn()) {
      if (this.canvas) this.canvas.dataset.painting = '';
      return;
    }
    if (this.canvas) delete this.canvas.dataset.painting;
    for (const resolve of this.drawnWaiters.splice(0)) resolve();
  }

  /**
   * Asks for a repaint: in the next frame, so the changes of a frame are painted once; or, with
   * `soon`, in the task after this one (a moved canvas: what the move brings, such as the tiles
   * read ahead that the session merges as the move ends, comes in this task's callbacks).
   */
  private requestRedraw(soon = false): void {
    if (!this.internals._map || this.redrawRequest !== undefined) return;
    const run = () => {
      if (this.redrawRequest !== request) return;
      this.redrawRequest = undefined;
      this.draw();
    };
    let request: { cancel(): void };
    if (soon) {
      let live = true;
      void nextTask().then(() => live && run());
      request = { cancel: () => (live = false) };
    } else {
      const frame = L.Util.requestAnimFrame(run);
      request = { cancel: () => L.Util.cancelAnimFrame(frame) };
    }
    this.redrawRequest = request;
    this.settle();
  }

  // Leaflet's renderer calls these three (`_initContainer` on add, `_destroyContainer` on remove, `_update` after every move).

  protected _initContainer(): void {
    const canvas = document.createElement('canvas');
    canvas.className = this.options.className ?? 'gportal-feature-canvas';
    if (this.options.onClick) {
      L.DomEvent.on(canvas, 'click', this.onClick, this);
      L.DomEvent.on(canvas, 'mousemove', this.onMouseMove, this);
      L.DomEvent.on(canvas, 'mouseout', this.onMouseOut, this);
    } else {
      canvas.style.pointerEvents = 'none';
    }
    (this as unknown as { _container: HTMLElement })._container = canvas;
    this.canvas = canvas;
    // Whole repaints are rasterised by the raster workers where the browser has them.
    this.raster = RasterWorkers.shared();
  }

  protected _destroyContainer(): void {
    this.redrawRequest?.cancel();
    this.redrawRequest = undefined;
    const canvas = this.canvas;
    if (!canvas) return;
    L.DomEvent.off(canvas);
    canvas.remove();
    this.canvas = undefined;
    (this as unknown as { _container: HTMLElement | undefined })._container = undefined;
    this.drawn = undefined;
    this.snapshots.clear();
    this.job = undefined;
    this.raster = undefined;
    this.settle();
  }

  protected _update(): void {
    const map = this.internals._map;
    const canvas = this.canvas;
    if (!map || !canvas) return;
    // During a zoom animation the canvas is scaled as it is; it is redrawn when the zoom ends.
    if ((map as unknown as { _animatingZoom?: boolean })._animatingZoom && this.drawn) return;
    (L.Renderer.prototype as unknown as RendererInternals)._update.call(this);
    const { min, max } = this.internals._bounds;
    const size = (max as L.Point).subtract(min as L.Point);
    const origin = map.getPixelOrigin();
    const zoom = this.internals._zoom;
    const drawn = this.drawn;
    // A view reset right after a move (Leaflet fires both) leaves nothing to redraw.
    if (drawn && drawn.zoom === zoom && drawn.min.equals(min as L.Point) && drawn.size.equals(size) && drawn.origin.equals(origin) && this.redrawRequest === undefined) return;
    L.DomUtil.setPosition(canvas, min as L.Point);
    const ratio = L.Browser.retina ? 2 : 1;
    canvas.width = ratio * size.x;
    canvas.height = ratio * size.y;
    canvas.style.width = `${size.x}px`;
    canvas.style.height = `${size.y}px`;
    this.drawn = { min: min as L.Point, size, origin, zoom };
    this.redrawRequest?.cancel();
    this.redrawRequest = undefined;
    this.draw(true, true);
  }

  /**
   * Draws the canvas. With `reuse`, what a snapshot of the same zoom already shows is copied
   * from it and only the rest of the canvas is drawn (after a pan, the strips it uncovered), on
   * the main thread. A whole repaint goes to the raster worker when there is one: until its
   * canvas arrives, a canvas just moved shows the last snapshot scaled to the new zoom (as map
   * tiles of the last zoom stay until the new ones load), and an unmoved one keeps what it shows.
   * A canvas with no features over it is only cleared, and not even that just after a move (its
   * resize cleared it), so a map opened before its layer loads allocates no pixels for it.
   */
  private draw(reuse = false, moved = false): void {
    const map = this.internals._map;
    const drawn = this.drawn;
    const area = drawn && areaOf(drawn);
    // No feature over the canvas (the land's canvas over the sea, say): cleared here, no worker job to wait for.
    const nothing = this.features.length === 0 || (map !== undefined && drawn !== undefined && area !== undefined && this.shownIn(map, drawn.zoom, [area]).length === 0);
    const context = nothing && moved ? undefined : this.canvas?.getContext('2d');
    if (!map || !context || !drawn || !area || nothing) {
      this.job = undefined;
      if (context && nothing) {
        context.setTransform(1, 0, 0, 1, 0, 0);
        context.clearRect(0, 0, context.canvas.width, context.canvas.height);
      }
      this.settle();
      return;
    }
    const ratio = L.Browser.retina ? 2 : 1;
    const snapshot = reuse ? this.snapshots.at(drawn.zoom) : undefined;
    const partial = snapshot !== undefined && intersects(snapshot.area, area);
    this.job = undefined;
    const raster = this.raster;
    if (!partial && raster && !raster.failed) {
      if (moved) {
        // Repainted in the next task: features a move brings (a view loaded from tiles read
        // ahead) come before it, and the workers paint the canvas once, not twice.
        this.snapshots.drawPlaceholder(context, area, ratio, drawn.zoom, (from) => map.getZoomScale(drawn.zoom, from));
        this.requestRedraw(true);
        return;
      }
      const id = ++this.jobs;
      this.job = id;
      this.settle();
      // Simplified first, a slice per task (a new zoom simplifies every shape shown, a long task in one go), then painted in the workers.
      void this.simplifyShown(map, drawn.zoom, area, () => this.job === id && this.redrawRequest === undefined).then((positions) => {
        if (positions === undefined) return;
        if (positions <= (this.options.mainThreadPositions ?? 0)) {
          this.job = undefined;
          this.paintHere(context, map, drawn.zoom, area, ratio, undefined);
          return;
        }
        if (this.raster === raster && !raster.failed) this.rasterInWorker(raster, map, drawn.zoom, area, ratio, id);
        else {
          this.job = undefined;
          this.draw();
        }
      });
      return;
    }
    this.paintHere(context, map, drawn.zoom, area, ratio, partial ? snapshot : undefined);
  }

  /**
   * Paints the features `change` adds over what the canvas shows, when that is all it changes:
   * the canvas shows every feature held before, painted for where it is now (no repaint pending),
   * none of those taken away shows on it, and the added ones come on top of all those kept. The
   * snapshot of this zoom then grows by the added features' layer; the others are dropped. `false`
   * when the canvas must be repainted instead.
   */
  private paintOver({ removed, added }: FeatureChange): boolean {
    const map = this.internals._map;
    const drawn = this.drawn;
    const raster = this.raster;
    const base = this.snapshots.latest();
    if (!map || !drawn || !this.canvas || this.job !== undefined || this.redrawRequest !== undefined || !base || base.zoom !== drawn.zoom) return false;
    const area = areaOf(drawn);
    if (!sameRect(base.area, area)) return false;
    const bounds = this.boundsOf(map, drawn.zoom, area);
    if (removed.some((feature) => CanvasFeatures.meets(feature, bounds))) return false;
    const shown = this.features.shownAmong(added, bounds);
    const context = this.canvas.getContext('2d');
    const workers = raster && !raster.failed ? raster : undefined;
    if (!context || (workers && base.layers.length + workers.parts > MAX_LAYERS)) return false;
    // The other zooms' snapshots lack the added features; this one shows them once painted over.
    this.snapshots.drop();
    if (shown.length === 0) {
      this.snapshots.keep(drawn.zoom, area, base.layers);
      return true;
    }
    const ratio = L.Browser.retina ? 2 : 1;
    if (!workers) {
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      this.paintFeatures(map, drawn.zoom, shown, ({ style, polygon, screens }) => paint(context, style, screens, area, polygon));
      this.snapshots.keep(drawn.zoom, area, context.canvas);
      return true;
    }
    const id = ++this.jobs;
    this.job = id;
    this.settle();
    void this.simplifyAll(map, drawn.zoom, shown, () => this.job === id && this.redrawRequest === undefined).then((positions) => {
      if (positions === undefined) return;
      if (this.raster !== workers || workers.failed) {
        this.job = undefined;
        this.draw();
        return;
      }
      this.rasterInWorker(workers, map, drawn.zoom, area, ratio, id, shown, base);
    });
    return true;
  }

  /** Paints the canvas on the main thread, in one task: what `reused` shows of the area copied from it, the rest drawn. */
  private paintHere(context: CanvasRenderingContext2D, map: L.Map, zoom: number, area: Rect, ratio: number, reused: Snapshot | undefined): void {
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
      this.paintFeatures(map, zoom, this.shownIn(map, zoom, regions), ({ style, polygon, screens }) => paint(context, style, screens, area, polygon));
      if (reused) context.restore();
    }
    this.snapshots.keep(zoom, area, context.canvas);
    this.settle();
  }

  /**
   * Simplifies the shapes shown over `area` for the zoom (kept for it), a slice of about
   * `SLICE_MS` per task; answers how many positions they have once simplified, or `undefined`
   * when the repaint is no longer `current` once done.
   */
  private simplifyShown(map: L.Map, zoom: number, area: Rect, current: () => boolean): Promise<number | undefined> {
    return this.simplifyAll(map, zoom, this.shownIn(map, zoom, [area]), current);
  }

  /** Simplifies these features' shapes for the zoom, as `simplifyShown` does. */
  private async simplifyAll(map: L.Map, zoom: number, indices: readonly number[], current: () => boolean): Promise<number | undefined> {
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
   * Paints the whole canvas in the workers, batch by batch as they are simplified here, and shows
   * it when every layer arrives. With `over`, paints only the features `shown` over what the
   * canvas and its snapshot `over` show.
   */
  private rasterInWorker(raster: RasterWorkers, map: L.Map, zoom: number, area: Rect, ratio: number, id: number, shown?: readonly number[], over?: Snapshot): void {
    const painting: RasterJob = raster.begin(area, ratio);
    this.paintFeatures(map, zoom, shown ?? this.shownIn(map, zoom, [area]), ({ style, polygon, screens, part }) => painting.paint(part, style, polygon, screens), painting.parts);
    void painting.end().then(
      (layers) => {
        const context = this.canvas?.getContext('2d');
        if (this.job !== id || !context) {
          for (const layer of layers) layer.close();
          return;
        }
        this.job = undefined;
        context.setTransform(1, 0, 0, 1, 0, 0);
        if (!over) context.clearRect(0, 0, context.canvas.width, context.canvas.height);
        for (const layer of layers) context.drawImage(layer, 0, 0);
        this.snapshots.keep(zoom, area, over ? [...over.layers, ...layers] : layers);
        this.settle();
      },
      () => {
        // The worker failed (it is dropped): the canvas paints on the main thread from now on.
        if (this.job !== id) return;
        this.job = undefined;
        this.raster = undefined;
        this.draw();
      },
    );
    this.job = id;
    this.settle();
  }

  /**
   * Hands the shown features that meet these regions (world pixels at `zoom`) to `paintBatch`, in
   * batches simplified for the zoom: style by style, polygons then lines, in drawing order. That
   * order is cut into `parts` runs of about as many positions each, painted as layers one over
   * the other (a batch never spans two parts).
   */
  private paintFeatures(map: L.Map, zoom: number, indices: readonly number[], paintBatch: (batch: PaintBatch) => void, parts = 1): void {
    const project = projectAt(map.options.crs ?? L.CRS.EPSG3857, zoom);
    const shown = indices.map((index) => this.features.at(index));
    paintBatches(shown, parts, (shape) => this.features.screenOf(shape, zoom, project), paintBatch);
  }

  /** Indices of the shown features that meet these regions (world pixels at `zoom`), in drawing order. */
  private shownIn(map: L.Map, zoom: number, regions: readonly Rect[]): number[] {
    const found = new Set<number>();
    for (const region of regions) for (const index of this.features.visible(this.boundsOf(map, zoom, region))) found.add(index);
    return [...found].sort((a, b) => a - b);
  }

  /** The lon/lat bounds a feature drawn in a region (world pixels at `zoom`) may lie in, its outline's reach included. */
  private boundsOf(map: L.Map, zoom: number, { left, top, width, height }: Rect): L.LatLngBounds {
    return L.latLngBounds(map.unproject(L.point(left - STROKE_REACH, top - STROKE_REACH), zoom), map.unproject(L.point(left + width + STROKE_REACH, top + height + STROKE_REACH), zoom));
  }

  private onClick(event: Event): void {
    const map = this.internals._map;
    if (!map) return;
    const mouse = event as MouseEvent;
    // A click that ends a drag of the map is no click on a feature (as Leaflet's own canvas decides).
    const moved = (handler: L.Handler | undefined) => Boolean((handler as unknown as { moved?: () => boolean } | undefined)?.moved?.());
    if (moved(map.dragging) || moved(map.boxZoom)) return;
    const touch = (mouse as PointerEvent).pointerType === 'touch';
    const id = this.featureAt(map.mouseEventToLayerPoint(mouse), touch ? this.options.hitTolerance.touch : this.options.hitTolerance.mouse);
    if (id === undefined) return;
    // The map does not see a click on a feature, as with Leaflet's own layers.
    L.DomEvent.stopPropagation(mouse);
    this.options.onClick?.(id, mouse);
  }

  private onMouseMove(event: Event): void {
    const map = this.internals._map;
    if (!map || this.hoverPending || (map.dragging as unknown as { moving?: () => boolean } | undefined)?.moving?.()) return;
    this.hoverPending = true;
    const point = map.mouseEventToLayerPoint(event as MouseEvent);
    L.Util.requestAnimFrame(() => {
      this.hoverPending = false;
      const canvas = this.canvas;
      if (!canvas) return;
      const over = this.featureAt(point, this.options.hitTolerance.mouse) !== undefined;
      canvas.classList.toggle('leaflet-interactive', over);
    });
  }

  private onMouseOut(): void {
    this.canvas?.classList.remove('leaflet-interactive');
  }
}
