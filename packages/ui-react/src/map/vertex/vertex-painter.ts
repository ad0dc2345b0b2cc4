import type { ShapeParts } from '../geometry';
import { L } from '../leaflet';
import { edgeCount, HANDLE, showsMidpoint, type EditablePath, type ProjectedPath } from './vertex-handles';

/** What the painter takes of the editor's options (`VertexEditorOptions`): the look, and the keyboard handle's name. */
export interface VertexPainterOptions {
  /** The style of the edited polygons and lines (color, weight, dashArray, fillOpacity). */
  style: L.PathOptions;
  /** Handle colours: the border, and the fill of the handle the keyboard is on. */
  color: string;
  /** The accessible name of the keyboard's vertex handle. */
  handleLabel(index: number, count: number): string;
}

/** Handles closer than this share one drawn square (they look the same): a dense ring costs hundreds, not thousands. */
const HANDLE_CELL_PX = 3;

/** A box in pixels. */
interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Each edge's distance along the path from its first vertex, in pixels. */
function dashStartsOf(xs: Float64Array, ys: Float64Array, edges: number): Float64Array {
  const starts = new Float64Array(edges);
  let along = 0;
  for (let edge = 0; edge < edges; edge += 1) {
    starts[edge] = along;
    const next = (edge + 1) % xs.length;
    along += Math.hypot((xs[next] as number) - (xs[edge] as number), (ys[next] as number) - (ys[edge] as number));
  }
  return starts;
}

/**
 * Draws the "hot" copy of a polygon or line that `VertexEditor` edits: the shape and its vertex
 * and midpoint handles on one canvas over the map, from screen positions projected once per zoom,
 * so a drag step is one vertex projected and one canvas repaint, with no DOM per vertex
 * (leaflet-draw's editor puts a marker on every vertex and midpoint) and no Leaflet path to
 * re-project, clip and simplify. It also places and names the keyboard's focusable handle on the
 * selected vertex; the editor handles that handle's keys and every press, against the screen
 * positions kept here (`projected`, `projectedPaths`).
 */
export class VertexPainter {
  /** The keyboard's handle: placed and named here, its keys handled by the editor. */
  readonly focusHandle: HTMLDivElement;
  private readonly canvas: HTMLCanvasElement;
  private projections: ProjectedPath[] = [];
  private frame = 0;
  /** What the next frame repaints: the whole canvas, or a box in world pixels. */
  private pending: Box | 'all' | undefined;
  /** Per path, where each edge's dash pattern starts: its distance along the path, in pixels, when the path was last projected. */
  private dashStarts: Float64Array[] = [];

  /** `paths` are the editor's, edited in place; `selected` is the vertex the keyboard's handle is on. */
  constructor(
    private readonly map: L.Map,
    private readonly shape: ShapeParts,
    private readonly paths: readonly EditablePath[],
    private readonly options: VertexPainterOptions,
    private readonly selected: () => { path: number; index: number },
  ) {
    const container = map.getContainer();
    this.canvas = L.DomUtil.create('canvas', 'gportal-vertex-handles', container);
    this.canvas.setAttribute('aria-hidden', 'true');
    this.focusHandle = L.DomUtil.create('div', 'gportal-vertex-focus', container);
    this.focusHandle.tabIndex = 0;
    this.focusHandle.setAttribute('role', 'button');
    this.focusHandle.addEventListener('focus', this.schedulePaint);
    this.focusHandle.addEventListener('blur', this.schedulePaint);
    map.on('zoomend viewreset', this.reproject).on('move resize', this.schedulePaint).on('zoomstart', this.hide);
    this.reproject();
  }

  /** A path's screen positions (world pixels at the current zoom). */
  projected(index: number): ProjectedPath {
    return this.projections[index] as ProjectedPath;
  }

  /** Every path's screen positions, in the order of the paths (what a press is hit-tested against). */
  projectedPaths(): readonly ProjectedPath[] {
    return this.projections;
  }

  /**
   * Vertex `index` of path `path` was moved to `latlng`: projects it, and repaints only the box it
   * and its edges sweep.
   */
  vertexMoved(path: number, index: number, latlng: L.LatLng): void {
    const edited = this.paths[path] as EditablePath;
    const point = this.map.project(latlng, this.map.getZoom());
    const projected = this.projections[path] as ProjectedPath;
    const { xs, ys } = projected;
    const count = xs.length;
    // What changes on screen lies within the box of the vertex before and after and its two neighbours.
    const region = { minX: Math.min(xs[index] as number, point.x), minY: Math.min(ys[index] as number, point.y), maxX: Math.max(xs[index] as number, point.x), maxY: Math.max(ys[index] as number, point.y) };
    const neighbours = [index > 0 || edited.closed ? (index - 1 + count) % count : index, index < count - 1 || edited.closed ? (index + 1) % count : index];
    for (const neighbour of neighbours) {
      region.minX = Math.min(region.minX, xs[neighbour] as number);
      region.minY = Math.min(region.minY, ys[neighbour] as number);
      region.maxX = Math.max(region.maxX, xs[neighbour] as number);
      region.maxY = Math.max(region.maxY, ys[neighbour] as number);
    }
    xs[index] = point.x;
    ys[index] = point.y;
    this.scheduleRepaint(region);
  }

  /** Projects a path's vertices for the current zoom, and starts its dash pattern afresh along it. */
  projectPath(index: number): void {
    const path = this.paths[index] as EditablePath;
    const zoom = this.map.getZoom();
    const xs = new Float64Array(path.latlngs.length);
    const ys = new Float64Array(path.latlngs.length);
    path.latlngs.forEach((latlng, at) => {
      const point = this.map.project(latlng, zoom);
      xs[at] = point.x;
      ys[at] = point.y;
    });
    this.projections[index] = { xs, ys };
    this.dashStarts[index] = dashStartsOf(xs, ys, edgeCount(path));
  }

  /** Repaints the whole canvas in the next frame. */
  readonly schedulePaint = () => {
    this.pending = 'all';
    this.requestFrame();
  };

  remove(): void {
    cancelAnimationFrame(this.frame);
    this.map.off('zoomend viewreset', this.reproject).off('move resize', this.schedulePaint).off('zoomstart', this.hide);
    this.canvas.remove();
    this.focusHandle.remove();
    // After the removal, so the blur Chromium fires when a focused handle is removed is handled like any other.
    this.focusHandle.removeEventListener('focus', this.schedulePaint);
    this.focusHandle.removeEventListener('blur', this.schedulePaint);
  }

  private readonly reproject = () => {
    this.projections = [];
    this.dashStarts = [];
    this.paths.forEach((_, index) => this.projectPath(index));
    this.schedulePaint();
  };

  private readonly hide = () => {
    this.canvas.style.visibility = 'hidden';
  };

  /** Repaints the canvas around this box (world pixels) in the next frame, with what else is pending. */
  private scheduleRepaint(box: Box): void {
    const pending = this.pending;
    if (pending === undefined) this.pending = { ...box };
    else if (pending !== 'all') {
      pending.minX = Math.min(pending.minX, box.minX);
      pending.minY = Math.min(pending.minY, box.minY);
      pending.maxX = Math.max(pending.maxX, box.maxX);
      pending.maxY = Math.max(pending.maxY, box.maxY);
    }
    this.requestFrame();
  }

  private requestFrame(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.paint();
    });
  }

  /** The projected pixel at the map container's top-left corner. */
  private origin(): L.Point {
    return this.map.getPixelBounds().min as L.Point;
  }

  /**
   * Paints what is pending: the whole canvas, or (after vertex moves) only the box around what
   * moved, clipped to it, so a drag step rasterises a few dozen pixels square instead of the
   * whole outline and every handle.
   */
  private paint(): void {
    const pending = this.pending;
    this.pending = undefined;
    const size = this.map.getSize();
    const ratio = window.devicePixelRatio || 1;
    const { canvas } = this;
    canvas.style.visibility = '';
    let whole = pending === 'all' || pending === undefined;
    if (canvas.width !== size.x * ratio || canvas.height !== size.y * ratio) {
      canvas.width = size.x * ratio;
      canvas.height = size.y * ratio;
      canvas.style.width = `${size.x}px`;
      canvas.style.height = `${size.y}px`;
      whole = true;
    }
    const context = canvas.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    const { x: left, y: top } = this.origin();
    const margin = this.repaintMargin();
    const clip: Box =
      whole || pending === 'all' || pending === undefined
        ? { minX: 0, minY: 0, maxX: size.x, maxY: size.y }
        : {
            minX: Math.max(0, Math.floor(pending.minX - left - margin)),
            minY: Math.max(0, Math.floor(pending.minY - top - margin)),
            maxX: Math.min(size.x, Math.ceil(pending.maxX - left + margin)),
            maxY: Math.min(size.y, Math.ceil(pending.maxY - top + margin)),
          };
    if (clip.maxX <= clip.minX || clip.maxY <= clip.minY) return;
    context.save();
    if (!whole) {
      context.beginPath();
      context.rect(clip.minX, clip.minY, clip.maxX - clip.minX, clip.maxY - clip.minY);
      context.clip();
    }
    context.clearRect(clip.minX, clip.minY, clip.maxX - clip.minX, clip.maxY - clip.minY);
    this.paintShape(context, left, top, clip);
    this.paintHandles(context, size, left, top, clip);
    this.placeFocusHandle(context, left, top);
    context.restore();
  }

  /** How far around a moved vertex and its neighbours the canvas changes: the outline's width, a handle (the focused one is larger) and the cell handles share. */
  private repaintMargin(): number {
    const outline = (this.options.style.weight ?? 3) / 2 + 2;
    return Math.ceil(Math.max(outline, (HANDLE.vertexSize + 4) / 2 + HANDLE_CELL_PX)) + 2;
  }

  /** The vertex and midpoint handles, one square per few pixels (`HANDLE_CELL_PX`); only those meeting `clip` are traced. */
  private paintHandles(context: CanvasRenderingContext2D, size: L.Point, left: number, top: number, clip: Box): void {
    const margin = HANDLE.vertexSize;
    const vertices = new Path2D();
    const midpoints = new Path2D();
    const columns = Math.ceil((size.x + 2 * margin) / HANDLE_CELL_PX) + 1;
    const taken = new Uint8Array(columns * (Math.ceil((size.y + 2 * margin) / HANDLE_CELL_PX) + 1));
    const square = (target: Path2D, x: number, y: number, side: number) => {
      if (x < -margin || y < -margin || x > size.x + margin || y > size.y + margin) return;
      // Which handle a cell shows is decided over the whole canvas, so a partial repaint draws the same ones.
      const cell = Math.floor((x + margin) / HANDLE_CELL_PX) + columns * Math.floor((y + margin) / HANDLE_CELL_PX);
      if (taken[cell]) return;
      taken[cell] = 1;
      if (x + side < clip.minX || x - side > clip.maxX || y + side < clip.minY || y - side > clip.maxY) return;
      // Whole pixels plus a half: crisp one-pixel borders.
      target.rect(Math.round(x - side / 2) + 0.5, Math.round(y - side / 2) + 0.5, side - 1, side - 1);
    };
    let counted = 0;
    this.paths.forEach((path, p) => {
      const projected = this.projections[p] as ProjectedPath;
      const { xs, ys } = projected;
      const edges = edgeCount(path);
      for (let index = 0; index < xs.length; index += 1) {
        const x = (xs[index] as number) - left;
        const y = (ys[index] as number) - top;
        square(vertices, x, y, HANDLE.vertexSize);
        if (index < edges && showsMidpoint(projected, index)) {
          const next = (index + 1) % xs.length;
          square(midpoints, ((xs[next] as number) - left + x) / 2, ((ys[next] as number) - top + y) / 2, HANDLE.midpointSize);
        }
      }
      counted += xs.length;
    });
    context.lineWidth = 1;
    context.setLineDash([]);
    context.strokeStyle = this.options.color;
    context.fillStyle = '#fff';
    context.globalAlpha = 0.7;
    context.fill(midpoints);
    context.stroke(midpoints);
    context.globalAlpha = 1;
    context.fill(vertices);
    context.stroke(vertices);
    this.canvas.dataset.vertices = String(counted);
  }

  /**
   * The polygons (filled, holes cut out) and lines in the path style, every vertex drawn. The
   * outline is stroked in runs of edges whose dash pattern continues from one to the next: each
   * edge's pattern starts where it started when the path was last projected (`dashStarts`), so a
   * repaint of the box around a moved vertex draws the edges through it exactly as the rest of
   * the canvas shows them, and the pattern restarts only at moved vertices, under their handles.
   */
  private paintShape(context: CanvasRenderingContext2D, left: number, top: number, clip: Box): void {
    const { style } = this.options;
    context.save();
    context.lineJoin = 'round';
    context.lineCap = 'round';
    context.lineWidth = style.weight ?? 3;
    context.strokeStyle = style.color ?? '#3388ff';
    context.setLineDash(typeof style.dashArray === 'string' ? style.dashArray.split(/[ ,]+/).map(Number) : []);
    if (this.shape.kind === 'polygon' && style.fill !== false) {
      const parts = new Map<number, Path2D>();
      this.paths.forEach((path, p) => {
        const outline = parts.get(path.part) ?? new Path2D();
        parts.set(path.part, outline);
        const { xs, ys } = this.projections[p] as ProjectedPath;
        for (let index = 0; index < xs.length; index += 1) {
          if (index === 0) outline.moveTo((xs[index] as number) - left, (ys[index] as number) - top);
          else outline.lineTo((xs[index] as number) - left, (ys[index] as number) - top);
        }
        outline.closePath();
      });
      context.globalAlpha = style.fillOpacity ?? 0.2;
      context.fillStyle = style.fillColor ?? context.strokeStyle;
      for (const outline of parts.values()) context.fill(outline, 'evenodd');
    }
    context.globalAlpha = style.opacity ?? 1;
    const reach = context.lineWidth / 2 + 2;
    this.paths.forEach((path, p) => {
      const { xs, ys } = this.projections[p] as ProjectedPath;
      const starts = this.dashStarts[p] as Float64Array;
      const count = xs.length;
      const edges = edgeCount(path);
      let open = false;
      let along = 0;
      for (let edge = 0; edge < edges; edge += 1) {
        const next = (edge + 1) % count;
        const ax = (xs[edge] as number) - left;
        const ay = (ys[edge] as number) - top;
        const bx = (xs[next] as number) - left;
        const by = (ys[next] as number) - top;
        const meets = Math.max(ax, bx) + reach >= clip.minX && Math.min(ax, bx) - reach <= clip.maxX && Math.max(ay, by) + reach >= clip.minY && Math.min(ay, by) - reach <= clip.maxY;
        const start = starts[edge] as number;
        if (open && (!meets || start !== along)) {
          context.stroke();
          open = false;
        }
        if (!meets) continue;
        if (!open) {
          context.beginPath();
          context.lineDashOffset = start;
          context.moveTo(ax, ay);
          open = true;
          along = start;
        }
        context.lineTo(bx, by);
        // The same sum, in the same order and units, as `dashStartsOf`: an unmoved run continues exactly.
        along += Math.hypot((xs[next] as number) - (xs[edge] as number), (ys[next] as number) - (ys[edge] as number));
      }
      if (open) context.stroke();
    });
    context.restore();
  }

  /** The keyboard's handle sits on the selected vertex; while focused, that vertex is filled. */
  private placeFocusHandle(context: CanvasRenderingContext2D, left: number, top: number): void {
    const { path, index } = this.selected();
    const projected = this.projections[path];
    const count = this.paths[path]?.latlngs.length ?? 0;
    if (!projected || index >= count) return;
    const x = (projected.xs[index] as number) - left;
    const y = (projected.ys[index] as number) - top;
    L.DomUtil.setPosition(this.focusHandle, L.point(Math.round(x), Math.round(y)));
    this.focusHandle.setAttribute('aria-label', this.options.handleLabel(index + 1, count));
    if (document.activeElement === this.focusHandle) {
      context.fillStyle = this.options.color;
      const side = HANDLE.vertexSize + 4;
      context.fillRect(Math.round(x - side / 2), Math.round(y - side / 2), side, side);
    }
  }
}
