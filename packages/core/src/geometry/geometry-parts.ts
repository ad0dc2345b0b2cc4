import type { Geometry, LineString, MultiLineString, MultiPoint, MultiPolygon, Polygon, Position } from '../domain/geometry.js';
import { hasEnoughPoints, selfIntersects, type GeometryProblem } from './geometry-rules.js';

/** Why a hole, a part or a removal is refused: a shape rule, or the last part of a feature. */
export type PartProblem = GeometryProblem | 'last-part';

/** The new geometry, or why the change is refused (the geometry is then unchanged). */
export type PartEdit<G extends Geometry> = { ok: true; geometry: G } | { ok: false; problem: PartProblem };

/** Where a part or hole sits: polygon, line or point `part`, and for polygons ring `ring` (0 = the outer ring, > 0 = a hole). */
export interface PartRef {
  /** The polygon of a (multi)polygon, the line of a (multi)line or the point of a multipoint, from 0. */
  part: number;
  /** The ring of that polygon: 0 its outer ring, 1 and on its holes (0 for lines and points). */
  ring: number;
}

type AreaShape = Polygon | MultiPolygon;
type LineShape = LineString | MultiLineString;

function closeRing(ring: readonly Position[]): Position[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  const closed = ring.length > 1 && first && last && first[0] === last[0] && first[1] === last[1];
  return closed || !first ? [...ring] : [...ring, [...first]];
}

/** Even-odd ray cast: whether `point` lies strictly inside `ring` (a point on an edge may come out either way). */
export function ringContains(ring: readonly Position[], point: Position): boolean {
  const [x = NaN, y = NaN] = point;
  let inside = false;
  for (let index = 0, previous = ring.length - 1; index < ring.length; previous = index, index += 1) {
    const [xi = NaN, yi = NaN] = ring[index] as Position;
    const [xj = NaN, yj = NaN] = ring[previous] as Position;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether every vertex of `inner` lies inside `outer`: with no crossing edges (checked apart), the whole ring does. */
const ringWithin = (inner: readonly Position[], outer: readonly Position[]): boolean => inner.every((point) => ringContains(outer, point));

/** Whether some vertex of one ring lies inside the other: two rings that do not cross then overlap. */
const ringsOverlap = (a: readonly Position[], b: readonly Position[]): boolean => a.some((point) => ringContains(b, point)) || b.some((point) => ringContains(a, point));

const polygonsOf = (geometry: AreaShape): Position[][][] => (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates);

function withPolygons<G extends AreaShape>(geometry: G, polygons: Position[][][]): G {
  return (geometry.type === 'Polygon' ? { type: 'Polygon', coordinates: polygons[0] ?? [] } : { type: 'MultiPolygon', coordinates: polygons }) as G;
}

/** The rule a changed shape breaks: too few points, or edges that cross (rings of one polygon and parts included). */
function shapeProblem(geometry: Geometry): PartProblem | undefined {
  if (!hasEnoughPoints(geometry)) return 'too-few-points';
  if (selfIntersects(geometry)) return 'self-intersection';
  return undefined;
}

/**
 * Cuts a hole bounded by `ring` (open or closed) into the polygon whose outer ring holds it. Refused
 * as `'self-intersection'` when the ring crosses its polygon's rings, lies outside every polygon,
 * or lies inside, around or across another hole (the editor says "shape edges cannot cross");
 * as `'too-few-points'` below 3 distinct points.
 */
export function addHole<G extends AreaShape>(geometry: G, ring: readonly Position[]): PartEdit<G> {
  const hole = closeRing(ring);
  if (!hasEnoughPoints({ type: 'Polygon', coordinates: [hole] })) return { ok: false, problem: 'too-few-points' };
  const polygons = polygonsOf(geometry);
  const target = polygons.findIndex(([outer = []]) => ringWithin(hole, outer));
  if (target < 0) return { ok: false, problem: 'self-intersection' };
  const [, ...holes] = polygons[target] as Position[][];
  if (holes.some((other) => ringsOverlap(hole, other))) return { ok: false, problem: 'self-intersection' };
  const changed = polygons.map((rings, index) => (index === target ? [...rings, hole] : rings));
  const result = withPolygons(geometry, changed);
  const problem = shapeProblem({ type: 'Polygon', coordinates: changed[target] as Position[][] });
  return problem ? { ok: false, problem } : { ok: true, geometry: result };
}

/**
 * Adds a part to a multipolygon (`part` is its outer ring, open or closed), a multi-line (`part`
 * is the line) or a multipoint (`part` holds the points drawn, usually one). A polygon part that
 * crosses, holds or lies inside another part is refused as `'self-intersection'`, as is a line
 * part crossing another line; points cannot cross, so only an empty `part` is refused (`'too-few-points'`).
 */
export function addPart(geometry: MultiPolygon, part: readonly Position[]): PartEdit<MultiPolygon>;
export function addPart(geometry: MultiLineString, part: readonly Position[]): PartEdit<MultiLineString>;
export function addPart(geometry: MultiPoint, part: readonly Position[]): PartEdit<MultiPoint>;
export function addPart(geometry: MultiPolygon | MultiLineString | MultiPoint, part: readonly Position[]): PartEdit<MultiPolygon | MultiLineString | MultiPoint> {
  if (geometry.type === 'MultiPoint') {
    if (part.length === 0) return { ok: false, problem: 'too-few-points' };
    return { ok: true, geometry: { type: 'MultiPoint', coordinates: [...geometry.coordinates, ...part.map((point) => [...point])] } };
  }
  if (geometry.type === 'MultiLineString') {
    const result: MultiLineString = { type: 'MultiLineString', coordinates: [...geometry.coordinates, [...part]] };
    const problem = shapeProblem(result);
    return problem ? { ok: false, problem } : { ok: true, geometry: result };
  }
  const outer = closeRing(part);
  const result: MultiPolygon = { type: 'MultiPolygon', coordinates: [...geometry.coordinates, [outer]] };
  const problem = shapeProblem(result) ?? (geometry.coordinates.some(([other = []]) => ringsOverlap(outer, other)) ? 'self-intersection' : undefined);
  return problem ? { ok: false, problem } : { ok: true, geometry: result };
}

/** The number of parts: polygons of a (multi)polygon, lines of a (multi)line, points of a (multi)point. */
export function partCount(geometry: Geometry): number {
  switch (geometry.type) {
    case 'Point':
    case 'LineString':
    case 'Polygon':
      return 1;
    default:
      return geometry.coordinates.length;
  }
}

/**
 * Removes a hole (`ring > 0`) or a whole part (`ring` 0: a polygon with its holes, a line, or a
 * point of a multipoint). A feature keeps at least one part: removing its last is refused as `'last-part'`.
 */
export function removePart<G extends AreaShape | LineShape | MultiPoint>(geometry: G, ref: PartRef): PartEdit<G> {
  if (geometry.type === 'MultiPoint') {
    if (partCount(geometry) <= 1) return { ok: false, problem: 'last-part' };
    return { ok: true, geometry: { type: 'MultiPoint', coordinates: geometry.coordinates.filter((_, index) => index !== ref.part) } as G };
  }
  if (geometry.type === 'LineString' || geometry.type === 'MultiLineString') {
    if (partCount(geometry) <= 1) return { ok: false, problem: 'last-part' };
    const lines = (geometry as MultiLineString).coordinates.filter((_, index) => index !== ref.part);
    return { ok: true, geometry: { type: 'MultiLineString', coordinates: lines } as G };
  }
  const polygons = polygonsOf(geometry as AreaShape);
  const rings = polygons[ref.part];
  if (!rings || ref.ring >= rings.length) return { ok: true, geometry };
  if (ref.ring > 0) {
    const changed = polygons.map((polygon, index) => (index === ref.part ? polygon.filter((_, ring) => ring !== ref.ring) : polygon));
    return { ok: true, geometry: withPolygons(geometry as AreaShape, changed) as G };
  }
  if (polygons.length <= 1) return { ok: false, problem: 'last-part' };
  return { ok: true, geometry: withPolygons(geometry as AreaShape, polygons.filter((_, index) => index !== ref.part)) as G };
}

/**
 * The hole or polygon part under `point`: the innermost ring holding it (a hole before its
 * polygon), or `undefined` outside every part. Lines have no inside: the caller picks them by distance.
 */
export function polygonPartAt(geometry: AreaShape, point: Position): PartRef | undefined {
  const polygons = polygonsOf(geometry);
  for (let part = 0; part < polygons.length; part += 1) {
    const [outer = [], ...holes] = polygons[part] as Position[][];
    if (!ringContains(outer, point)) continue;
    const hole = holes.findIndex((ring) => ringContains(ring, point));
    return { part, ring: hole < 0 ? 0 : hole + 1 };
  }
  return undefined;
}
