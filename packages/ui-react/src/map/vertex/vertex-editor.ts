import type { ShapeParts } from '../geometry';
import { L } from '../leaflet';
import { canRemove, edgeCount, HANDLE, handleAt, midpointOf, pathsOf, type EditablePath, type HandleRef } from './vertex-handles';
import { VertexPainter } from './vertex-painter';

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

/** Keyboard moves, in screen pixels. */
const KEY_STEP = { plain: 1, shift: 10 } as const;
const ARROWS: Readonly<Record<string, [number, number]>> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
/** Events of a press on a handle that the map must not see (it would pan, or take a click). */
const SWALLOWED = ['mousedown', 'mouseup', 'click', 'dblclick', 'touchstart', 'touchmove', 'touchend'] as const;
/** After a handle gesture, how long the compatibility mouse events and the click it makes may come. */
const SWALLOW_MS = 600;

interface Gesture {
  pointerId: number;
  handle: HandleRef;
  startX: number;
  startY: number;
  threshold: number;
  dragging: boolean;
}

/**
 * The vertex editor of the "hot" copy of a polygon or line, drawn by `VertexPainter` (the shape
 * and its handles on one canvas, from screen positions projected once per zoom). A press is
 * hit-tested against the handles' screen positions: dragging a vertex moves it, dragging a
 * midpoint inserts a vertex there, clicking a vertex removes it (refused below the core's
 * minimum), clicking a midpoint inserts one. The keyboard edits through one focusable handle:
 * arrows move its vertex (Shift: 10 px), Delete removes it, [ and ] pick another, Insert adds one
 * after it. Edits change `shape` in place.
 */
export class VertexEditor {
  private readonly paths: EditablePath[];
  private readonly painter: VertexPainter;
  private selected: { path: number; index: number } = { path: 0, index: 0 };
  private gesture: Gesture | undefined;
  private swallowUntil = 0;

  constructor(
    private readonly map: L.Map,
    readonly shape: ShapeParts,
    private readonly options: VertexEditorOptions,
  ) {
    this.paths = pathsOf(shape);
    const container = map.getContainer();
    this.painter = new VertexPainter(map, shape, this.paths, options, () => this.selected);
    this.painter.focusHandle.addEventListener('keydown', this.onKey);
    container.addEventListener('pointerdown', this.onPointerDown, true);
    container.addEventListener('pointermove', this.onPointerMove, true);
    container.addEventListener('pointerup', this.onPointerUp, true);
    container.addEventListener('pointercancel', this.onPointerCancel, true);
    for (const type of SWALLOWED) container.addEventListener(type, this.swallow, true);
  }

  /** Moves a vertex: one step of a drag, or of the keyboard. Only the canvas around it is repainted. */
  moveVertex(path: number, index: number, latlng: L.LatLng): void {
    const edited = this.paths[path];
    if (!edited || index >= edited.latlngs.length) return;
    const from = edited.latlngs[index] as L.LatLng;
    edited.latlngs[index] = latlng;
    this.options.onStep?.({ kind: 'move', from, to: latlng });
    this.painter.vertexMoved(path, index, latlng);
    this.options.onChange();
  }

  /** Inserts a vertex after vertex `index` (on the edge to the next one); returns its index. */
  insertVertex(path: number, index: number, latlng: L.LatLng): number {
    const edited = this.paths[path] as EditablePath;
    const a = edited.latlngs[index] as L.LatLng;
    const b = edited.latlngs[(index + 1) % edited.latlngs.length] as L.LatLng;
    edited.latlngs.splice(index + 1, 0, latlng);
    this.options.onStep?.({ kind: 'insert', between: [a, b], at: latlng });
    this.painter.projectPath(path);
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
    this.painter.projectPath(path);
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
    this.painter.schedulePaint();
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
    this.painter.projectPath(path);
    this.selected = { path, index: 0 };
    this.changed();
    return true;
  }

  /** Names the keyboard's handle again (the language changed). */
  relabel(): void {
    this.painter.schedulePaint();
  }

  remove(): void {
    const container = this.map.getContainer();
    container.removeEventListener('pointerdown', this.onPointerDown, true);
    container.removeEventListener('pointermove', this.onPointerMove, true);
    container.removeEventListener('pointerup', this.onPointerUp, true);
    container.removeEventListener('pointercancel', this.onPointerCancel, true);
    for (const type of SWALLOWED) container.removeEventListener(type, this.swallow, true);
    container.style.cursor = '';
    this.painter.focusHandle.removeEventListener('keydown', this.onKey);
    this.painter.remove();
  }

  private changed(): void {
    this.painter.schedulePaint();
    this.options.onChange();
  }

  /** A pointer's position in projected pixels (the map container's top-left corner is its pixel bounds' minimum). */
  private pointerAt(event: PointerEvent): L.Point {
    return this.map.mouseEventToContainerPoint(event as unknown as MouseEvent).add(this.map.getPixelBounds().min as L.Point);
  }

  private readonly onPointerDown = (event: PointerEvent) => {
    if (!event.isPrimary || event.button !== 0 || this.gesture) return;
    // The map's own controls (zoom buttons, attribution) keep their presses.
    if ((event.target as Element).closest('.leaflet-control-container')) return;
    const touch = event.pointerType !== 'mouse';
    const at = this.pointerAt(event);
    const handle = handleAt(this.paths, this.painter.projectedPaths(), at.x, at.y, touch ? HANDLE.reach.touch : HANDLE.reach.mouse);
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
    const handle = handleAt(this.paths, this.painter.projectedPaths(), at.x, at.y, HANDLE.reach.mouse);
    this.map.getContainer().style.cursor = handle ? (handle.midpoint ? 'copy' : 'move') : '';
  }

  private readonly onKey = (event: KeyboardEvent) => {
    const { path, index } = this.selected;
    const edited = this.paths[path];
    if (!edited) return;
    const arrow = ARROWS[event.key];
    if (arrow) {
      const step = event.shiftKey ? KEY_STEP.shift : KEY_STEP.plain;
      const projected = this.painter.projected(path);
      const target = L.point((projected.xs[index] as number) + arrow[0] * step, (projected.ys[index] as number) + arrow[1] * step);
      this.moveVertex(path, index, this.map.unproject(target, this.map.getZoom()));
    } else if (event.key === 'Delete' || event.key === 'Backspace') this.removeVertex(path, index);
    else if ((event.key === 'Insert' || event.key === '+') && index < edgeCount(edited)) {
      this.insertMidpoint(path, index);
    } else if (event.key === ']' || event.key === '[') this.select(event.key === ']' ? 1 : -1);
    else return;
    event.preventDefault();
    event.stopPropagation();
    this.painter.schedulePaint();
  };

  /** Inserts a vertex halfway along the edge from vertex `index`, and selects it. */
  private insertMidpoint(path: number, index: number): void {
    const at = midpointOf(this.paths[path] as EditablePath, index, (x, y) => this.map.unproject(L.point(x, y), this.map.getZoom()), this.painter.projected(path));
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
