import { orient2d } from 'robust-predicates';
import type { Geometry, MultiPolygon, Polygon, Position } from '../domain/geometry.js';

/*
 * Planar helpers on lon/lat taken as plane coordinates: what the topology functions need to
 * place a vertex on an edge, compare pieces and tell sides, never a measure for users (that is
 * `geodesicArea`).
 */

/**
 * Twice the signed planar area of a ring (shoelace; positive when counter-clockwise), closed or
 * not. Taken about the ring's first vertex: with lon/lat near 118, 24 the products of raw
 * coordinates are in the thousands and their rounding alone would be 1e-9 of a small town's area.
 */
export function ringSignedArea2(ring: readonly Position[]): number {
  const count = ring.length;
  if (count === 0) return 0;
  const [x0 = 0, y0 = 0] = ring[0] as Position;
  let sum = 0;
  for (let index = 0; index < count; index += 1) {
    const here = ring[index] as Position;
    const next = ring[(index + 1) % count] as Position;
    sum += ((here[0] as number) - x0) * ((next[1] as number) - y0) - ((next[0] as number) - x0) * ((here[1] as number) - y0);
  }
  return sum;
}

/** Planar area of a polygon's rings: |outer| minus |holes|. */
export function polygonPlanarArea(rings: readonly (readonly Position[])[]): number {
  const [outer = [], ...holes] = rings;
  return holes.reduce((area, hole) => area - Math.abs(ringSignedArea2(hole)) / 2, Math.abs(ringSignedArea2(outer)) / 2);
}

/**
 * The planar area of a (multi)polygon in square degrees of its lon/lat coordinates: the measure
 * the split is exact in (a vertex put on an edge lies on the straight lon/lat segment).
 */
export function planarArea(geometry: Polygon | MultiPolygon): number {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.reduce((area, rings) => area + polygonPlanarArea(rings), 0);
}

/** Planar length of a line's positions. */
export function planarLength(line: readonly Position[]): number {
  let length = 0;
  for (let index = 1; index < line.length; index += 1) {
    const [x1 = 0, y1 = 0] = line[index - 1] as Position;
    const [x2 = 0, y2 = 0] = line[index] as Position;
    length += Math.hypot(x2 - x1, y2 - y1);
  }
  return length;
}

/** The sign of the turn a → b → c, exact (robust predicates): > 0 left, < 0 right, 0 collinear. */
export function orientation(a: Position, b: Position, c: Position): number {
  // orient2d is negative for a counter-clockwise turn with y up (lon/lat): flip it.
  return -orient2d(a[0] as number, a[1] as number, b[0] as number, b[1] as number, c[0] as number, c[1] as number);
}

/** Whether p, known collinear with a–b, lies strictly between them. */
export function strictlyBetween(a: Position, b: Position, p: Position): boolean {
  const [ax = 0, ay = 0] = a;
  const [bx = 0, by = 0] = b;
  const [px = 0, py = 0] = p;
  if (ax !== bx) return (px - ax) * (px - bx) < 0;
  return (py - ay) * (py - by) < 0;
}

/** Whether two positions are the same point (x and y; any z is ignored). */
export function samePoint(a: Position | undefined, b: Position | undefined): boolean {
  return a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1];
}

/** The first position of a geometry: where a UI zooms to when nothing better is known. */
export function firstPosition(geometry: Geometry): Position {
  switch (geometry.type) {
    case 'Point':
      return geometry.coordinates;
    case 'MultiPoint':
    case 'LineString':
      return geometry.coordinates[0] ?? [NaN, NaN];
    case 'MultiLineString':
    case 'Polygon':
      return geometry.coordinates[0]?.[0] ?? [NaN, NaN];
    case 'MultiPolygon':
      return geometry.coordinates[0]?.[0]?.[0] ?? [NaN, NaN];
  }
}

/** Where a point lies against a polygon's rings. */
export type PointPlace = 'inside' | 'outside' | 'boundary';

/**
 * Whether a point is inside, outside or on the boundary of a polygon (outer ring, then holes),
 * by crossing number, with exact orientation tests so a point on an edge is told as such.
 */
export function placeOfPoint(point: Position, rings: readonly (readonly Position[])[]): PointPlace {
  const x = point[0] as number;
  const y = point[1] as number;
  let inside = false;
  for (const ring of rings) {
    for (let index = 0; index + 1 < ring.length; index += 1) {
      const a = ring[index] as Position;
      const b = ring[index + 1] as Position;
      const ay = a[1] as number;
      const by = b[1] as number;
      const ax = a[0] as number;
      const bx = b[0] as number;
      if (Math.min(ay, by) <= y && y <= Math.max(ay, by) && Math.min(ax, bx) <= x && x <= Math.max(ax, bx) && orientation(a, b, point) === 0) return 'boundary';
      if (ay > y !== by > y) {
        // The edge goes upwards or downwards past the point: it crosses the ray to the right when the point is on its left (upwards) or right (downwards).
        const side = orientation(a, b, point);
        if (by > ay ? side > 0 : side < 0) inside = !inside;
      }
    }
  }
  return inside ? 'inside' : 'outside';
}
