import type { Position } from '@gportal/core';

/** A screen position in CSS pixels. */
export interface ScreenPoint {
  x: number;
  y: number;
}

/** Where a position snapped: exactly onto a vertex (its own coordinates), or onto an edge (a screen point on it). */
export type Snapped = { kind: 'vertex'; position: Position } | { kind: 'edge'; point: ScreenPoint };

/** How far a drawn or dragged vertex reaches for a neighbour, in CSS pixels. */
export const SNAP_REACH_PX = { mouse: 10, touch: 16 } as const;

/**
 * The nearest vertex of these rings (or lines) within `reach` screen pixels of `at`, else the
 * nearest point on one of their edges within reach, else `undefined`. A vertex wins over a
 * nearer edge, as in QGIS: shared boundaries stay identical. A vertex is returned as its own
 * position, not one read back from the screen, so the two features hold the same coordinates.
 */
export function snapPoint(rings: Iterable<readonly Position[]>, toScreen: (position: Position) => ScreenPoint, at: ScreenPoint, reach: number): Snapped | undefined {
  let vertex: { position: Position; distance: number } | undefined;
  let edge: { point: ScreenPoint; distance: number } | undefined;
  for (const ring of rings) {
    let previous: ScreenPoint | undefined;
    for (const position of ring) {
      const point = toScreen(position);
      const distance = Math.hypot(point.x - at.x, point.y - at.y);
      if (distance <= reach && (!vertex || distance < vertex.distance)) vertex = { position, distance };
      if (previous && !vertex) {
        const onEdge = nearestOnSegment(at, previous, point);
        const along = Math.hypot(onEdge.x - at.x, onEdge.y - at.y);
        if (along <= reach && (!edge || along < edge.distance)) edge = { point: onEdge, distance: along };
      }
      previous = point;
    }
  }
  if (vertex) return { kind: 'vertex', position: vertex.position };
  return edge && { kind: 'edge', point: edge.point };
}

function nearestOnSegment(at: ScreenPoint, a: ScreenPoint, b: ScreenPoint): ScreenPoint {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((at.x - a.x) * dx + (at.y - a.y) * dy) / length));
  return { x: a.x + t * dx, y: a.y + t * dy };
}
