import type { Geometry, Position } from '../domain/geometry.js';
import type { TopologyFeature } from './shared-vertices.js';

const same = (a: Position, b: Position, tolerance: number): boolean => Math.abs((a[0] as number) - (b[0] as number)) <= tolerance && Math.abs((a[1] as number) - (b[1] as number)) <= tolerance;

/** A geometry's rings (open: the closing copy left out) and lines. */
function pathsOf(geometry: Geometry): Array<{ positions: Position[]; closed: boolean }> {
  const ring = (positions: Position[]) => ({ positions: same(positions[0] as Position, positions.at(-1) as Position, 0) ? positions.slice(0, -1) : positions, closed: true });
  switch (geometry.type) {
    case 'Polygon':
      return geometry.coordinates.map(ring);
    case 'MultiPolygon':
      return geometry.coordinates.flat().map(ring);
    case 'LineString':
      return [{ positions: geometry.coordinates, closed: false }];
    case 'MultiLineString':
      return geometry.coordinates.map((positions) => ({ positions, closed: false }));
    default:
      return [];
  }
}

/** The planar length of a walk through positions. */
function lengthOf(positions: readonly Position[]): number {
  let length = 0;
  for (let index = 1; index < positions.length; index += 1) {
    const a = positions[index - 1] as Position;
    const b = positions[index] as Position;
    length += Math.hypot((b[0] as number) - (a[0] as number), (b[1] as number) - (a[1] as number));
  }
  return length;
}

/**
 * Tracing: the vertices a new shape's edge takes between two vertices of one neighbour's boundary,
 * so it follows that boundary exactly. `from` and `to` are both vertices of one ring or line of
 * one of `features` (within `tolerance` degrees); the answer is the vertices between them along
 * it, `from` and `to` left out: round a ring the shorter way (by planar length), or the longer
 * with `longer`; along a line, the one way there is. Empty when no ring or line has both, or they
 * are neighbours on it.
 *
 * @example
 * ```ts
 * // A square's corners (0,0) and (1,1): the way through (1,0), or with `longer` through (0,1).
 * traceBoundary([{ id: 'a', geometry: square }], [0, 0], [1, 1]); // [[1, 0]]
 * ```
 */
export function traceBoundary(features: readonly TopologyFeature[], from: Position, to: Position, { longer = false, tolerance = 0 }: { longer?: boolean; tolerance?: number } = {}): Position[] {
  if (same(from, to, tolerance)) return [];
  for (const feature of features) {
    for (const { positions, closed } of pathsOf(feature.geometry)) {
      const start = positions.findIndex((position) => same(position, from, tolerance));
      if (start === -1) continue;
      const end = positions.findIndex((position) => same(position, to, tolerance));
      if (end === -1) continue;
      if (!closed) return start < end ? positions.slice(start + 1, end) : positions.slice(end + 1, start).reverse();
      const count = positions.length;
      const forward: Position[] = [];
      for (let index = (start + 1) % count; index !== end; index = (index + 1) % count) forward.push(positions[index] as Position);
      const backward: Position[] = [];
      for (let index = (start - 1 + count) % count; index !== end; index = (index - 1 + count) % count) backward.push(positions[index] as Position);
      const forwardLength = lengthOf([from, ...forward, to]);
      const backwardLength = lengthOf([from, ...backward, to]);
      const shorter = forwardLength <= backwardLength ? forward : backward;
      const other = shorter === forward ? backward : forward;
      return (longer ? other : shorter).map((position) => [position[0] as number, position[1] as number]);
    }
  }
  return [];
}
