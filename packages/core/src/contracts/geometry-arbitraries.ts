import fc from 'fast-check';
import type { Geometry, LineString, MultiLineString, MultiPoint, MultiPolygon, Point, Polygon, Position } from '../domain/geometry.js';

/*
 * fast-check arbitraries of well-formed geometries (what `geometryProblem` accepts), for the
 * property suites of the core and of the adapters' readers and writers.
 */

/** A finite ordinate: any double but NaN and ±Infinity, -0 included (a writer must not turn it into garbage). */
export const ordinate = fc.double({ noNaN: true, noDefaultInfinity: true });

/** A 2D or 3D position (every position of one geometry has the same dimension, as writers give them). */
export const position = (dimension: 2 | 3): fc.Arbitrary<Position> => fc.array(ordinate, { minLength: dimension, maxLength: dimension });

const line = (dimension: 2 | 3) => fc.array(position(dimension), { minLength: 2, maxLength: 8 });
/** A closed ring of at least 4 positions (not checked for self-intersection: no reader needs that). */
const ring = (dimension: 2 | 3) => fc.array(position(dimension), { minLength: 3, maxLength: 8 }).map((positions) => [...positions, [...(positions[0] as Position)]]);
const rings = (dimension: 2 | 3) => fc.array(ring(dimension), { minLength: 1, maxLength: 3 });

/** Every kind of well-formed geometry in a dimension. */
export function geometryOfDimension(dimension: 2 | 3): fc.Arbitrary<Geometry> {
  return fc.oneof(
    position(dimension).map((coordinates): Point => ({ type: 'Point', coordinates })),
    fc.array(position(dimension), { minLength: 1, maxLength: 6 }).map((coordinates): MultiPoint => ({ type: 'MultiPoint', coordinates })),
    line(dimension).map((coordinates): LineString => ({ type: 'LineString', coordinates })),
    fc.array(line(dimension), { minLength: 1, maxLength: 3 }).map((coordinates): MultiLineString => ({ type: 'MultiLineString', coordinates })),
    rings(dimension).map((coordinates): Polygon => ({ type: 'Polygon', coordinates })),
    fc.array(rings(dimension), { minLength: 1, maxLength: 3 }).map((coordinates): MultiPolygon => ({ type: 'MultiPolygon', coordinates })),
  );
}

/** A well-formed geometry of any kind, 2D or 3D. */
export const validGeometry: fc.Arbitrary<Geometry> = fc.oneof(geometryOfDimension(2), geometryOfDimension(3));
