import { canRemoveVertex, type Position } from '@gportal/core';
import type { ShapeParts } from '../geometry';
import type { L } from '../leaflet';

/** One ring of a polygon or one line of the edited shape: its vertices, edited in place. */
export interface EditablePath {
  /** The polygon or line of the shape this path belongs to. */
  part: number;
  latlngs: L.LatLng[];
  /** A ring: its last vertex joins the first one. */
  closed: boolean;
}

/** A vertex handle (`index`), or the midpoint handle of the edge from vertex `index` to the next one. */
export interface HandleRef {
  path: number;
  index: number;
  midpoint: boolean;
}

/** Screen positions (any pixel space) of each path's vertices, in the order of `EditablePath.latlngs`. */
export interface ProjectedPath {
  xs: Float64Array;
  ys: Float64Array;
}

/** The look and reach of the handles, in CSS pixels. */
export const HANDLE = {
  /** Side of a vertex handle's square (leaflet-draw's mouse icon is 8, its touch icon 20). */
  vertexSize: 10,
  midpointSize: 8,
  /** How far from a handle's centre a press still takes it. */
  reach: { mouse: 8, touch: 16 },
  /** An edge shorter than this on screen shows no midpoint handle: it would sit on the vertex handles. */
  midpointMinEdge: 24,
  /** A press that moves less than this is a click, not a drag. */
  dragThreshold: { mouse: 3, touch: 8 },
} as const;

/** The rings and lines of a polygon or line shape, sharing its arrays, so editing a path edits the shape. */
export function pathsOf(shape: ShapeParts): EditablePath[] {
  if (shape.kind === 'polygon') return shape.parts.flatMap((rings, part) => rings.map((latlngs) => ({ part, latlngs, closed: true })));
  if (shape.kind === 'line') return shape.parts.map((latlngs, part) => ({ part, latlngs, closed: false }));
  return [];
}

/** How many edges a path has: a ring's last vertex joins its first. */
export const edgeCount = (path: EditablePath): number => (path.closed ? path.latlngs.length : path.latlngs.length - 1);

/** Whether the edge from vertex `index` shows a midpoint handle at these screen positions. */
export function showsMidpoint(projected: ProjectedPath, index: number): boolean {
  const next = (index + 1) % projected.xs.length;
  const dx = (projected.xs[next] as number) - (projected.xs[index] as number);
  const dy = (projected.ys[next] as number) - (projected.ys[index] as number);
  return dx * dx + dy * dy >= HANDLE.midpointMinEdge * HANDLE.midpointMinEdge;
}

/**
 * The handle a press at (x, y) takes: the nearest vertex within `reach`, else the nearest shown
 * midpoint within it (a vertex wins where both are in reach). Linear in the vertices: a press is
 * rare, and 10 000 distances take well under a millisecond.
 */
export function handleAt(paths: readonly EditablePath[], projected: readonly ProjectedPath[], x: number, y: number, reach: number): HandleRef | undefined {
  const limit = reach * reach;
  let best: HandleRef | undefined;
  let bestDistance = limit;
  let bestMidpoint: HandleRef | undefined;
  let bestMidpointDistance = limit;
  paths.forEach((path, p) => {
    const { xs, ys } = projected[p] as ProjectedPath;
    const edges = edgeCount(path);
    for (let index = 0; index < xs.length; index += 1) {
      const dx = (xs[index] as number) - x;
      const dy = (ys[index] as number) - y;
      const distance = dx * dx + dy * dy;
      if (distance <= bestDistance) {
        bestDistance = distance;
        best = { path: p, index, midpoint: false };
      }
      if (index < edges && showsMidpoint({ xs, ys }, index)) {
        const next = (index + 1) % xs.length;
        const mx = ((xs[index] as number) + (xs[next] as number)) / 2 - x;
        const my = ((ys[index] as number) + (ys[next] as number)) / 2 - y;
        const midpointDistance = mx * mx + my * my;
        if (midpointDistance <= bestMidpointDistance) {
          bestMidpointDistance = midpointDistance;
          bestMidpoint = { path: p, index, midpoint: true };
        }
      }
    }
  });
  return best ?? bestMidpoint;
}

/** The point halfway along the edge from vertex `index` (in lat/lng, as leaflet-draw places its midpoints on screen at that zoom). */
export function midpointOf(path: EditablePath, index: number, unproject: (x: number, y: number) => L.LatLng, projected: ProjectedPath): L.LatLng {
  const next = (index + 1) % path.latlngs.length;
  return unproject(((projected.xs[index] as number) + (projected.xs[next] as number)) / 2, ((projected.ys[index] as number) + (projected.ys[next] as number)) / 2);
}

/** Whether vertex `index` may be removed: the core's rule (a ring keeps 3 vertices, a line 2). */
export function canRemove(path: EditablePath): boolean {
  const positions: Position[] = path.latlngs.map((latlng) => [latlng.lng, latlng.lat]);
  return canRemoveVertex(path.closed ? 'polygon' : 'line', positions);
}
