import type { ShapeParts } from '../geometry';
import { L } from '../leaflet';
import { canRemove, edgeCount, HANDLE, handleAt, midpointOf, pathsOf, showsMidpoint, type EditablePath, type HandleRef, type ProjectedPath } from './vertex-handles';

export interface VertexEditorOptions {
  /** The style of the edited polygons and lines (color, weight, dashArray, fillOpacity). */
  style: L.PathOptions;
  /** Handle colours: the border, and the fill of the handle the keyboard is on. */
  color: string;
  /** After every vertex drag step, insertion and removal. */
  onChange(): void;
  /** A vertex was not removed: the ring or line would get too few points. */
  onRefused(): void;
  /** The accessible name of the keyboard's vertex handle. */
  handleLabel(index: number, count: number): string;
  /** Where a dragged vertex snaps (`undefined`: where the pointer is); by touch or not. Without it, no snapping. */
  snap?(latlng: L.LatLng, touch: boolean): L.LatLng | undefined;
  /**
   * Each step as topological editing replays it on the neighbours: a vertex moved (from where it
   * was), one inserted on an edge (between the edge's two vertices), or one removed (where it was).
   */
  onStep?(step: VertexStep): void;
}

/** A step of the edit, in the positions of the moment (see `VertexEditorOptions.onStep`). */
export type VertexStep = { kind: 'move'; from: L.LatLng; to: L.LatLng } | { kind: 'insert'; between: [L.LatLng, L.LatLng]; at: L.LatLng } | { kind: 'remove'; at: L.LatLng };

/** Handles closer than this share one drawn square (they look the same): a dense ring costs hundreds, not thousands. */
const HANDLE_CELL_PX = 3;

/** Keyboard moves, in screen pixels. */
const KEY_STEP = { plain: 1, shift: 10 } as const;
const ARROWS: Readonly<Record<string, [number, number]>> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
/** Events of a press on a handle that the map must not see (it would pan, or take a click). */
const SWALLOWED = ['mousedown', 'mouseup', 'click', 'dblclick', 'touchstart', 'touchmove', 'touchend'] as const;
/** After a handle gesture, how long the compatibility mouse events and the click it makes may come. */
const SWALLOW_MS = 600;

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

interface Gesture {
  pointerId: number;
  handle: HandleRef;
  startX: number;
  startY: number;
  threshold: number;
  dragging: boolean;
}

/**
 * The vertex editor of the "hot" copy of a polygon or line: the shape and its vertex and
 * midpoint handles drawn on one canvas over the map from screen positions projected once per
 * zoom, so a drag step is one vertex projected and one canvas repaint, with no DOM per vertex
 * (leaflet-draw's editor puts a marker on every vertex and midpoint) and no Leaflet path to
 * re-project, clip and simplify. A press is hit-tested against the handles' screen positions: dragging a vertex moves
 * it, dragging a midpoint inserts a vertex there, clicking a vertex removes it (refused below the
 * core's minimum), clicking a midpoint inserts one. The keyboard edits through one focusable
 * handle: arrows move its vertex (Shift: 10 px), Delete removes it, [ and ] pick another, Insert
 * adds one after it. Edits change `shape` in place.
 */
export class VertexEditor {
  private readonly paths: EditablePath[];
  private projected: ProjectedPath[] = [];
  private readonly canvas: HTMLCanvasElement;
  private readonly focusHandle: HTMLDivElement;
  private selected: { path: number; index: number } = { path: 0, index: 0 };
  private gesture: Gesture | undefined;
  private swallowUntil = 0;
  private frame = 0;
  /** What the next frame repaints: the whole canvas, or a box in world pixels. */
  private pending: Box | 'all' | undefined;
  /** Per path, where each edge's dash pattern starts: its distance along the path, in pixels, when the path was last projected. */
  private dashStarts: Float64Array[] = [];

  constructor(
    private readonly map: L.Map,
    readonly shape: ShapeParts,
    private readonly options: VertexEditorOptions,
  ) {
    this.paths = pathsOf(shape);
    const container = map.getContainer();
    this.canvas = L.DomUtil.create('canvas', 'gportal-vertex-handles', container);
    this.canvas.setAttribute('aria-hidden', 'true');
    this.focusHandle = L.DomUtil.create('div', 'gportal-vertex-focus', container);
    this.focusHandle.tabIndex = 0;
    this.focusHandle.setAttribute('role', 'button');
    this.focusHandle.addEventListener('keydown', this.onKey);
    this.focusHandle.addEventListener('focus', this.schedulePaint);
    this.focusHandle.addEventListener('blur', this.schedulePaint);
    container.addEventListener('pointerdown', this.onPointerDown, true);
    container.addEventListener('pointermove', this.onPointerMove, true);
    container.addEventListener('pointerup', this.onPointerUp, true);
    container.addEventListener('pointercancel', this.onPointerCancel, true);
    for (const type of SWALLOWED) container.addEventListener(type, this.swallow, true);
    map.on('zoomend viewreset', this.reproject).on('move resize', this.schedulePaint).on('zoomstart', this.hide);
    this.reproject();
  }

  /** Moves a vertex: one step of a drag, or of the keyboard. Only the canvas around it is repainted. */
  moveVertex(path: number, index: number, latlng: L.LatLng): void {
    const edited = this.paths[path];
    if (!edited || index >= edited.latlngs.length) return;
    const from = edited.latlngs[index] as L.LatLng;
    edited.latlngs[index] = latlng;
    this.options.onStep?.({ kind: 'move', from, to: latlng });
    const point = this.map.project(latlng, this.map.getZoom());
    const projected = this.projected[path] as ProjectedPath;
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
    this.options.onChange();
  }

  /** Inserts a vertex after vertex `index` (on the edge to the next one); returns its index. */
  insertVertex(path: number, index: number, latlng: L.LatLng): number {
    const edited = this.paths[path] as EditablePath;
    const a = edited.latlngs[index] as L.LatLng;
    const b = edited.latlngs[(index + 1) % edited.latlngs.length] as L.LatLng;
    edited.latlngs.splice(index + 1, 0, latlng);
    this.options.onStep?.({ kind: 'insert', between: [a, b], at: latlng });
    this.projectPath(path);
    this.changed();
    return index + 1;
  }

  /** Removes a vertex unless the ring or line would get too few points (then says so). */
  removeVertex(path: number, index: number): boolean {
    const edited = this.paths[path] as EditablePath;
    if (!canRemove(edited)) {
      this.options.onRefused();
      return false;
    }
    const [removed] = edited.latlngs.splice(index, 1);
    if (removed) this.options.onStep?.({ kind: 'remove', at: removed });
    this.projectPath(path);
    if (this.selected.path === path && this.selected.index >= edited.latlngs.length) this.selected = { path, index: 0 };
    this.changed();
    return true;
  }

  /** The vertex the keyboard's handle is on (the last pressed, or picked with [ and ]), and the one before it on its ring or line (none before a line's first). */
  selectedVertex(): { latlng: L.LatLng; previous: L.LatLng | undefined; closed: boolean } | undefined {
    const { path, index } = this.selected;
    const edited = this.paths[path];
    const latlng = edited?.latlngs[index];
    if (!edited || !latlng) return undefined;
    const previous = index > 0 ? edited.latlngs[index - 1] : edited.closed ? edited.latlngs[edited.latlngs.length - 1] : undefined;
    return { latlng, previous, closed: edited.closed };
  }

  /** Moves the selected vertex to `latlng`, as typed: no snapping. */
  moveSelected(latlng: L.LatLng): void {
    const { path, index } = this.selected;
    this.moveVertex(path, index, latlng);
    this.schedulePaint();
  }

  /**
   * Puts `latlngs` in place of the ring or line the selected vertex is on (a ring given open: its
   * first vertex not repeated at its end), and selects its first vertex. Refused (`false`, nothing
   * changed) when a ring would get fewer than 3 vertices or a line fewer than 2.
   */
  replaceSelectedPath(latlngs: readonly L.LatLng[]): boolean {
    const { path } = this.selected;
    const edited = this.paths[path];
    if (!edited || latlngs.length < (edited.closed ? 3 : 2)) return false;
    edited.latlngs.splice(0, edited.latlngs.length, ...latlngs);
    this.projectPath(path);
    this.selected = { path, index: 0 };
    this.changed();
    return true;
  }

  /** Names the keyboard's handle again (the language changed). */
  relabel(): void {
    this.schedulePaint();
  }

  remove(): void {
    const container = this.map.getContainer();
    cancelAnimationFrame(this.frame);
    container.removeEventListener('pointerdown', this.onPointerDown, true);
    container.removeEventListener('pointermove', this.onPointerMove, true);
    container.removeEventListener('pointerup', this.onPointerUp, true);
    container.removeEventListener('pointercancel', this.onPointerCancel, true);
    for (const type of SWALLOWED) container.removeEventListener(type, this.swallow, true);
    this.map.off('zoomend viewreset', this.reproject).off('move resize', this.schedulePaint).off('zoomstart', this.hide);
    container.style.cursor = '';
    this.canvas.remove();
    this.focusHandle.remove();
  }

  private changed(): void {
    this.schedulePaint();
    this.options.onChange();
  }

  /** Projects a path's vertices for the current zoom, and starts its dash pattern afresh along it. */
  private projectPath(index: number): void {
    const path = this.paths[index] as EditablePath;
    const zoom = this.map.getZoom();
    const xs = new Float64Array(path.latlngs.length);
    const ys = new Float64Array(path.latlngs.length);
    path.latlngs.forEach((latlng, at) => {
      const point = this.map.project(latlng, zoom);
      xs[at] = point.x;
      ys[at] = point.y;
    });
    this.projected[index] = { xs, ys };
    this.dashStarts[index] = dashStartsOf(xs, ys, edgeCount(path));
  }

  private readonly reproject = () => {
    this.projected = [];
    this.dashStarts = [];
    this.paths.forEach((_, index) => this.projectPath(index));
    this.schedulePaint();
  };

  private readonly hide = () => {
    this.canvas.style.visibility = 'hidden';
  };

  /** Repaints the whole canvas in the next frame. */
  private readonly schedulePaint = () => {
    this.pending = 'all';
    this.requestFrame();
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
      const projected = this.projected[p] as ProjectedPath;
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
        const { xs, ys } = this.projected[p] as ProjectedPath;
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
      const { xs, ys } = this.projected[p] as ProjectedPath;
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
    const { path, index } = this.selected;
    const projected = this.projected[path];
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

  /** A pointer's position in projected pixels. */
  private pointerAt(event: PointerEvent): L.Point {
    return this.map.mouseEventToContainerPoint(event as unknown as MouseEvent).add(this.origin());
  }

  private readonly onPointerDown = (event: PointerEvent) => {
    if (!event.isPrimary || event.button !== 0 || this.gesture) return;
    // The map's own controls (zoom buttons, attribution) keep their presses.
    if ((event.target as Element).closest('.leaflet-control-container')) return;
    const touch = event.pointerType !== 'mouse';
    const at = this.pointerAt(event);
    const handle = handleAt(this.paths, this.projected, at.x, at.y, touch ? HANDLE.reach.touch : HANDLE.reach.mouse);
    if (!handle) return;
    event.stopPropagation();
    event.preventDefault();
    try {
      this.map.getContainer().setPointerCapture(event.pointerId);
    } catch {
      // A synthetic pointer (the benchmark's) has nothing to capture.
    }
    this.gesture = { pointerId: event.pointerId, handle, startX: at.x, startY: at.y, threshold: touch ? HANDLE.dragThreshold.touch : HANDLE.dragThreshold.mouse, dragging: false };
    this.swallowUntil = Number.POSITIVE_INFINITY;
  };

  private readonly onPointerMove = (event: PointerEvent) => {
    const gesture = this.gesture;
    if (!gesture) {
      if (event.pointerType === 'mouse' && event.buttons === 0) this.showCursor(event);
      return;
    }
    if (event.pointerId !== gesture.pointerId) return;
    event.stopPropagation();
    const at = this.pointerAt(event);
    if (!gesture.dragging) {
      if (Math.hypot(at.x - gesture.startX, at.y - gesture.startY) < gesture.threshold) return;
      gesture.dragging = true;
      if (gesture.handle.midpoint) {
        const { path, index } = gesture.handle;
        gesture.handle = { path, index: this.insertVertex(path, index, this.map.unproject(at, this.map.getZoom())), midpoint: false };
      }
      this.selected = { path: gesture.handle.path, index: gesture.handle.index };
    }
    const latlng = this.map.unproject(at, this.map.getZoom());
    this.moveVertex(gesture.handle.path, gesture.handle.index, this.options.snap?.(latlng, event.pointerType !== 'mouse') ?? latlng);
  };

  private readonly onPointerUp = (event: PointerEvent) => {
    const gesture = this.gesture;
    if (!gesture || event.pointerId !== gesture.pointerId) return;
    event.stopPropagation();
    this.gesture = undefined;
    this.swallowUntil = performance.now() + SWALLOW_MS;
    if (gesture.dragging) return;
    const { path, index, midpoint } = gesture.handle;
    if (midpoint) {
      this.insertMidpoint(path, index);
    } else this.removeVertex(path, index);
  };

  private readonly onPointerCancel = (event: PointerEvent) => {
    if (this.gesture?.pointerId !== event.pointerId) return;
    this.gesture = undefined;
    this.swallowUntil = performance.now() + SWALLOW_MS;
  };

  private readonly swallow = (event: Event) => {
    if (performance.now() < this.swallowUntil) event.stopPropagation();
  };

  private showCursor(event: PointerEvent): void {
    const at = this.pointerAt(event);
    const handle = handleAt(this.paths, this.projected, at.x, at.y, HANDLE.reach.mouse);
    this.map.getContainer().style.cursor = handle ? (handle.midpoint ? 'copy' : 'move') : '';
  }

  private readonly onKey = (event: KeyboardEvent) => {
    const { path, index } = this.selected;
    const edited = this.paths[path];
    if (!edited) return;
    const arrow = ARROWS[event.key];
    if (arrow) {
      const step = event.shiftKey ? KEY_STEP.shift : KEY_STEP.plain;
      const projected = this.projected[path] as ProjectedPath;
      const target = L.point((projected.xs[index] as number) + arrow[0] * step, (projected.ys[index] as number) + arrow[1] * step);
      this.moveVertex(path, index, this.map.unproject(target, this.map.getZoom()));
    } else if (event.key === 'Delete' || event.key === 'Backspace') this.removeVertex(path, index);
    else if ((event.key === 'Insert' || event.key === '+') && index < edgeCount(edited)) {
      this.insertMidpoint(path, index);
    } else if (event.key === ']' || event.key === '[') this.select(event.key === ']' ? 1 : -1);
    else return;
    event.preventDefault();
    event.stopPropagation();
    this.schedulePaint();
  };

  /** Inserts a vertex halfway along the edge from vertex `index`, and selects it. */
  private insertMidpoint(path: number, index: number): void {
    const at = midpointOf(this.paths[path] as EditablePath, index, (x, y) => this.map.unproject(L.point(x, y), this.map.getZoom()), this.projected[path] as ProjectedPath);
    this.selected = { path, index: this.insertVertex(path, index, at) };
  }

  /** The next or previous vertex, across rings and parts. */
  private select(direction: 1 | -1): void {
    let { path, index } = this.selected;
    index += direction;
    if (index < 0 || index >= (this.paths[path]?.latlngs.length ?? 0)) {
      path = (path + direction + this.paths.length) % this.paths.length;
      index = direction > 0 ? 0 : (this.paths[path]?.latlngs.length ?? 1) - 1;
    }
    this.selected = { path, index };
  }
}
