import type Flatbush from 'flatbush';
import { AheadPainter } from './ahead-painter';
import { boundsOf, boxesMeeting, boxIndex, FeatureIndex, STROKE_REACH } from './feature-index';
import { CanvasPainter } from './painter';
import { RasterWorkers } from './feature-raster';
import type { FlatShape } from './flat-shape';
import L from 'leaflet';
import { projectAt } from './project-at';
import type { Rect } from './screen-rect';
import { nextTask } from '../../ui/stages';
import type { CanvasFeature, CanvasView, FeatureChange } from './types';

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
  /**
   * Whether the raster workers ready a canvas of this one's size while it has nothing to paint
   * (`RasterWorkers.warm`): for the layer's canvas, whose first repaint then does not wait for
   * the workers' first allocation (200–300 ms on a 2-core machine).
   */
  warmWorkers?: boolean;
  /** A click on a drawn feature. Left out: the canvas takes no pointer events (a base map under everything). */
  onClick?(id: string, event: MouseEvent): void;
}

/** The world pixels at its zoom that a canvas drawn at `min` (layer pixels) from `origin` covers. */
function areaOf({ min, size, origin }: { min: L.Point; size: L.Point; origin: L.Point }): Rect {
  return { left: origin.x + min.x, top: origin.y + min.y, width: size.x, height: size.y };
}

/** Canvas pixels a CSS pixel: two on a high-density screen, as Leaflet's own canvas. */
function pixelRatio(): number {
  return L.Browser.retina ? 2 : 1;
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
 * (`flatbush`) that also finds what a click hits. The canvas decides when it is repainted and
 * how (whole, partly from a snapshot after a pan, or painted over); its `CanvasPainter` paints,
 * on the main thread or in the raster workers.
 */
export class FeatureCanvas extends L.Renderer {
  declare options: FeatureCanvasOptions;
  private canvas: HTMLCanvasElement | undefined;
  /** The features drawn, their index and their shapes simplified per zoom. */
  private readonly features: FeatureIndex;
  /** The repaint asked for and not started yet. */
  private redrawRequest: { cancel(): void } | undefined;
  /** The canvas moved in this task (a pan or a zoom): its draws may show the view from the tiles painted ahead. */
  private movedNow = false;
  private moves = 0;
  /** What the canvas shows: the bounds (layer pixels), pixel origin and zoom it was drawn for. */
  private drawn: { min: L.Point; size: L.Point; origin: L.Point; zoom: number } | undefined;
  private hoverPending = false;
  /** Paints the canvas element, while there is one: its repaints, its workers' jobs, what it showed at the last few zooms. */
  private painter: CanvasPainter | undefined;
  private readonly drawnWaiters: Array<() => void> = [];
  /** Features read ahead and kept aside (not drawn): what the tiles painted ahead show besides the canvas's features. */
  private aheadFeatures: readonly CanvasFeature[] = [];
  /** Their boxes' spatial index, made when first searched. */
  private aheadIndex: Flatbush | undefined;
  /** Paints tiles around the canvas ahead, while it has workers. */
  private ahead: AheadPainter | undefined;
  /** The canvas's last move, in world pixels of zoom 0 (a move with a zoom too): which way painting ahead expects the next view. */
  private lastMove: { x: number; y: number } | undefined;

  constructor(options: FeatureCanvasOptions) {
    super(options);
    this.features = new FeatureIndex(options.simplifyTolerance);
  }

  /** Draws these features, in this order (later ones on top). */
  setFeatures(features: readonly CanvasFeature[]): void {
    const change = this.features.changeTo(features);
    // The same features drawn the same way (a render after the session's event drew them): nothing to repaint.
    if (!this.features.set(features)) return;
    // Features added on top of what the canvas shows (a tile's features merged as it arrives), or
    // taken away where it shows nothing: those added are painted over it, nothing is repainted.
    if (this.paintOver(change)) return;
    this.painter?.dropSnapshots();
    // Repainted at once, not in the next frame: the workers start painting before the renders the
    // same change asks of the page (the editor's), and a moved canvas's repaint, asked for the
    // next task, is this one (a pan's tiles read ahead come as the move ends).
    if (!this.internals._map) return;
    this.redrawRequest?.cancel();
    this.redrawRequest = undefined;
    this.draw();
  }

  /**
   * The features read ahead around the view and kept aside (not drawn until given to
   * `setFeatures`): tiles around the canvas are painted ahead with them, so a pan that merges
   * them shows at once. Those with the id of a feature drawn, or hidden, are left out. None (a
   * layer loaded whole): nothing is painted ahead.
   */
  setAhead(features: readonly CanvasFeature[]): void {
    this.aheadFeatures = features;
    this.aheadIndex = undefined;
    this.ahead?.schedule();
  }

  /** Tiles painted ahead (with features or none) around the canvas, for its zoom. */
  get tilesAhead(): number {
    return this.ahead?.size ?? 0;
  }

  /** Resolves once nothing is being painted ahead or waiting to be (for tests and benches). */
  whenPaintedAhead(): Promise<void> {
    return this.ahead?.whenIdle() ?? Promise.resolve();
  }

  setHidden(ids: ReadonlySet<string>): void {
    this.features.hide(ids);
    this.painter?.dropSnapshots();
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
    return !this.internals._map || (this.redrawRequest === undefined && !this.painter?.painting);
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
    this.ahead?.schedule();
  }

  /**
   * Asks for a repaint: in the next frame, so the changes of a frame are painted once; or, with
   * `soon`, in the task after this one (a moved canvas: what the move brings, such as the tiles
   * read ahead that the session merges as the move ends, comes in this task's callbacks).
   */
  private requestRedraw(soon = false, reuse = false): void {
    if (!this.internals._map || this.redrawRequest !== undefined) return;
    const run = () => {
      if (this.redrawRequest !== request) return;
      this.redrawRequest = undefined;
      this.draw(reuse);
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
    this.painter = new CanvasPainter(canvas, this.features, RasterWorkers.shared(), this.options.mainThreadPositions ?? 0, {
      redrawPending: () => this.redrawRequest !== undefined,
      settle: () => this.settle(),
      redraw: () => this.draw(),
    });
    this.ahead = new AheadPainter({
      idle: (tiles) => {
        // What tests and pages wait on: the tiles painted ahead, once none is being painted.
        if (tiles === undefined) delete canvas.dataset.ahead;
        else canvas.dataset.ahead = String(tiles);
      },
      idleView: () => (this.isDrawn() && !this.painter?.painting ? this.view() : undefined),
      readingAhead: () => this.aheadFeatures.length > 0,
      lastPan: () => {
        const move = this.lastMove;
        const scale = this.drawn && this.internals._map ? this.internals._map.getZoomScale(this.drawn.zoom, 0) : 1;
        return move && { x: move.x * scale, y: move.y * scale };
      },
      workers: () => this.painter?.workers,
      featuresOver: (view, tile, ahead) => this.featuresOver(view, tile, ahead),
      pixelBox: ({ map, zoom }, { shape: { bbox } }) => {
        const [west, south, east, north] = bbox;
        const low = map.project([south, west], zoom);
        const high = map.project([north, east], zoom);
        const [left, right] = [Math.min(low.x, high.x), Math.max(low.x, high.x)];
        const [top, bottom] = [Math.min(low.y, high.y), Math.max(low.y, high.y)];
        // Whole pixels, the outline's reach included, so the region's edge cuts no painted pixel.
        const x = Math.floor(left - STROKE_REACH);
        const y = Math.floor(top - STROKE_REACH);
        return { left: x, top: y, width: Math.ceil(right + STROKE_REACH) - x, height: Math.ceil(bottom + STROKE_REACH) - y };
      },
      meets: ({ map, zoom }, area) => {
        const bounds = boundsOf(map, zoom, area);
        return (feature) => FeatureIndex.meets(feature, bounds);
      },
      overlap: ({ map, zoom }, tile) => {
        // Two outlines meet when their boxes come within both reaches: in degrees at this zoom over the tile.
        const bounds = boundsOf(map, zoom, tile);
        const reach = 2 * STROKE_REACH;
        const x = (reach * (bounds.getEast() - bounds.getWest())) / (tile.width + 2 * STROKE_REACH);
        const y = (reach * (bounds.getNorth() - bounds.getSouth())) / (tile.height + 2 * STROKE_REACH);
        return ({ shape: { bbox: a } }, { shape: { bbox: b } }) => a[0] <= b[2] + x && b[0] <= a[2] + x && a[1] <= b[3] + y && b[1] <= a[3] + y;
      },
      screensOf: ({ map, zoom }) => {
        const project = projectAt(map.options.crs ?? L.CRS.EPSG3857, zoom);
        return (shape) => this.features.screenOf(shape, zoom, project);
      },
    });
  }

  /** The features over a tile (world pixels at the view's zoom), in drawing order: the canvas's shown ones, then with `ahead` those read ahead that it does not hold. */
  private featuresOver({ map, zoom }: CanvasView, tile: Rect, ahead: boolean): CanvasFeature[] {
    const over = this.features.shownIn(map, zoom, [tile]).map((index) => this.features.at(index));
    if (!ahead || this.aheadFeatures.length === 0) return over;
    // Indexed once a list: painting ahead looks up every tile of its plan, a run after each burst of tiles read.
    this.aheadIndex ??= boxIndex(this.aheadFeatures);
    for (const index of boxesMeeting(this.aheadIndex, boundsOf(map, zoom, tile))) {
      const feature = this.aheadFeatures[index] as CanvasFeature;
      if (!this.features.holds(feature.id)) over.push(feature);
    }
    return over;
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
    this.painter?.dispose();
    this.painter = undefined;
    this.ahead?.dispose();
    this.ahead = undefined;
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
    const ratio = pixelRatio();
    canvas.width = ratio * size.x;
    canvas.height = ratio * size.y;
    canvas.style.width = `${size.x}px`;
    canvas.style.height = `${size.y}px`;
    // Which way the canvas's centre moved (a pan, or a zoom elsewhere): the next move is likely to go on that way.
    if (drawn) {
      const centre = (at: { min: L.Point; size: L.Point; origin: L.Point }, scale: number) => at.origin.add(at.min).add(at.size.divideBy(2)).divideBy(scale);
      const from = centre(drawn, map.getZoomScale(drawn.zoom, 0));
      const to = centre({ min: min as L.Point, size, origin }, map.getZoomScale(zoom, 0));
      // A zoom about the same centre (or a resize) leaves the last move's way as it was.
      if (Math.hypot(to.x - from.x, to.y - from.y) * map.getZoomScale(zoom, 0) > size.x / 4) this.lastMove = { x: to.x - from.x, y: to.y - from.y };
    }
    this.drawn = { min: min as L.Point, size, origin, zoom };
    // Until the next task: what the move brings (the features the session merges as it ends) is drawn as part of it.
    const move = ++this.moves;
    this.movedNow = true;
    void nextTask().then(() => {
      if (this.moves === move) this.movedNow = false;
    });
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
    const painter = this.painter;
    const view = this.view();
    painter?.drop();
    if (this.canvas) delete this.canvas.dataset.paintedAhead;
    // The features over the canvas, looked up once for the repaint. None (the land's canvas over the sea, say): cleared here, no worker job to wait for.
    const shown = view && this.features.length > 0 ? this.features.shownIn(view.map, view.zoom, [view.area]) : undefined;
    const nothing = this.features.length === 0 || shown?.length === 0;
    if (nothing && !moved) painter?.clear();
    // Nothing to paint yet (a map opened as its layer loads): the workers ready a canvas of this size meanwhile.
    if (nothing && view && this.options.warmWorkers) painter?.warm(view);
    if (!painter || !view || !shown || nothing || !painter.canPaint()) {
      this.settle();
      return;
    }
    // A moved canvas (this task, or its repaint the task after) whose tiles were all painted ahead,
    // with what it shows now: drawn from them at once. A change at rest repaints as before.
    const fromAhead = (reuse || this.movedNow) && painter.workers ? this.ahead?.covering(view) : undefined;
    if (fromAhead) {
      if (this.canvas) this.canvas.dataset.paintedAhead = '';
      painter.paintTiles(view, fromAhead.tiles, fromAhead.rest);
      return;
    }
    if (moved && painter.workers && this.ahead?.holds(view)) {
      // Tiles painted ahead lie under the whole view: the features the move brings (merged as it
      // ends) come before the repaint, in the next task, which shows the view from them if they
      // still show what it holds, else copies what the last snapshot shows of it as below.
      painter.drawPlaceholder(view);
      this.requestRedraw(true, true);
      return;
    }
    const reused = reuse ? painter.reusable(view) : undefined;
    if (reused) {
      painter.paintHere(view, reused);
    } else if (moved && painter.workers) {
      // Repainted in the next task: features a move brings (a view loaded from tiles read
      // ahead) come before it, and the workers paint the canvas once, not twice.
      painter.drawPlaceholder(view);
      this.requestRedraw(true);
    } else {
      painter.paintWhole(view, shown);
    }
  }

  /**
   * Paints the features `change` adds over what the canvas shows, when the canvas is drawn for
   * where it is now (on a map, no repaint pending) and that is all the change asks of it (the
   * painter tells). `false` when the canvas must be repainted instead.
   */
  private paintOver(change: FeatureChange): boolean {
    const view = this.view();
    return view !== undefined && this.redrawRequest === undefined && this.painter !== undefined && this.painter.paintOver(view, change);
  }

  /** What the canvas is drawn for, while it is on a map and drawn. */
  private view(): CanvasView | undefined {
    const map = this.internals._map;
    const drawn = this.drawn;
    return map && drawn && { map, zoom: drawn.zoom, area: areaOf(drawn), ratio: pixelRatio() };
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
