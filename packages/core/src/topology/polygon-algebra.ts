import { difference, intersection, union, type Geom } from 'polyclip-ts';
import type { MultiPolygon, Polygon, Position } from '../domain/geometry.js';

/*
 * The polygon algebra of the topology functions, on polyclip-ts (the library @turf/union and
 * @turf/difference stand on): a sweep line with exact predicates, so edges that share their
 * vertices leave no sliver. It works in the plane of the lon/lat coordinates and keeps x and y
 * only.
 */

/** The polygons of a (multi)polygon as polyclip-ts takes them. */
function toClip(geometry: Polygon | MultiPolygon): Geom {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.map((rings) => rings.map((ring) => ring.map((position) => [position[0] as number, position[1] as number] as [number, number])));
}

/** polyclip-ts's answer as GeoJSON polygons' coordinates (outer rings counter-clockwise, holes clockwise). */
function fromClip(polygons: ReturnType<typeof union>): Position[][][] {
  return polygons as Position[][][];
}

/** The union of polygonal geometries, as polygons' coordinates (none for no input). */
export function unionOf(geometries: readonly (Polygon | MultiPolygon)[]): Position[][][] {
  const [first, ...rest] = geometries.map(toClip);
  return first === undefined ? [] : fromClip(union(first, ...rest));
}

/** The part of `geometry` that lies in `other`, as polygons' coordinates. */
export function intersectionOf(geometry: Polygon | MultiPolygon, other: Polygon | MultiPolygon): Position[][][] {
  return fromClip(intersection(toClip(geometry), toClip(other)));
}

/** `geometry` less every one of `others`, as polygons' coordinates. */
export function differenceOf(geometry: Polygon | MultiPolygon, others: readonly (Polygon | MultiPolygon)[]): Position[][][] {
  // polyclip-ts wants at least one geometry to subtract; the union of one is the geometry made valid.
  if (others.length === 0) return fromClip(union(toClip(geometry)));
  return fromClip(difference(toClip(geometry), ...others.map(toClip)));
}

/** One polygon as a Polygon, several (or none) as a MultiPolygon. */
export function polygonal(polygons: Position[][][]): Polygon | MultiPolygon {
  const [only] = polygons;
  return polygons.length === 1 && only !== undefined ? { type: 'Polygon', coordinates: only } : { type: 'MultiPolygon', coordinates: polygons };
}
