import { kinks } from '@turf/kinks';
import { DRAWING } from '../domain/constants.js';
import { openRing, type Geometry, type MultiPoint, type Point, type Position } from '../domain/geometry.js';

/** The two drawable shape families: a polygon ring or a line. */
export type ShapeKind = keyof typeof DRAWING.minVertices;

/** Why a drawn geometry is refused; the UI maps these to its messages ('shape edges cannot cross' …). */
export type GeometryProblem = 'too-few-points' | 'self-intersection';

/** Options of {@link geometryProblem}. */
export interface GeometryCheckOptions {
  /** Self-intersecting shapes are refused unless allowed (leaflet-draw's `allowIntersection`). Default false. */
  allowIntersection?: boolean;
}

/** The vertices of a ring without its closing point, or of a line as they are. */
function vertices(kind: ShapeKind, positions: readonly Position[]): readonly Position[] {
  return kind === 'polygon' ? openRing(positions) : positions;
}

/** Whether there are at least `wanted` distinct positions; stops as soon as there are (a shape being dragged is checked on every step). */
function hasDistinct(positions: readonly Position[], wanted: number): boolean {
  const seen = new Set<string>();
  for (const [x, y] of positions) {
    seen.add(`${x},${y}`);
    if (seen.size >= wanted) return true;
  }
  return false;
}

type Shape = Exclude<Geometry, Point | MultiPoint>;

/** The rings (polygon kinds) or lines (line kinds) of a geometry. */
function parts(geometry: Shape): Array<{ kind: ShapeKind; positions: Position[] }> {
  switch (geometry.type) {
    case 'LineString':
      return [{ kind: 'line', positions: geometry.coordinates }];
    case 'MultiLineString':
      return geometry.coordinates.map((positions) => ({ kind: 'line', positions }));
    case 'Polygon':
      return geometry.coordinates.map((positions) => ({ kind: 'polygon', positions }));
    case 'MultiPolygon':
      return geometry.coordinates.flat().map((positions) => ({ kind: 'polygon', positions }));
  }
}

/** Every ring has at least 3 distinct points and every line 2 (spec section 4); points always pass. */
export function hasEnoughPoints(geometry: Geometry): boolean {
  if (geometry.type === 'Point') return true;
  if (geometry.type === 'MultiPoint') return geometry.coordinates.length > 0;
  const shapes = parts(geometry);
  return (
    shapes.length > 0 &&
    shapes.every(({ kind, positions }) => hasDistinct(vertices(kind, positions), DRAWING.minVertices[kind]))
  );
}

/** True when edges of the geometry cross or touch away from their shared vertices (rings and parts included). */
export function selfIntersects(geometry: Geometry): boolean {
  if (geometry.type === 'Point' || geometry.type === 'MultiPoint') return false;
  return kinks(geometry).features.length > 0;
}

/** The first rule a drawn or edited geometry breaks, or `undefined` when it may be kept. */
export function geometryProblem(geometry: Geometry, options: GeometryCheckOptions = {}): GeometryProblem | undefined {
  const { allowIntersection = false } = options;
  if (!hasEnoughPoints(geometry)) return 'too-few-points';
  if (!allowIntersection && selfIntersects(geometry)) return 'self-intersection';
  return undefined;
}

/**
 * Whether a vertex may be removed from a ring or line with these positions (a ring's closing
 * point is not counted). Refused when the shape has fewer than 4 (ring) or 3 (line) vertices
 * before the removal — leaflet-draw's edit handler rule — so a ring keeps 3 and a line 2.
 */
export function canRemoveVertex(kind: ShapeKind, positions: readonly Position[]): boolean {
  return vertices(kind, positions).length > DRAWING.minVertices[kind];
}
