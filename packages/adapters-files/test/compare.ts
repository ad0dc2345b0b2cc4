import type { Geometry, Position } from '@gportal/core';
import { expect } from 'vitest';

/** A ring without its closing position, turned to run anticlockwise and to start at its lowest-left vertex (x within `tolerance` counting as a tie). */
function normalRing(ring: readonly Position[], tolerance: number): Position[] {
  let open = ring.slice(0, -1).map((position) => position.slice(0, 2));
  let twiceArea = 0;
  for (let index = 0; index < open.length; index += 1) {
    const a = open[index] as Position;
    const b = open[(index + 1) % open.length] as Position;
    twiceArea += (a[0] as number) * (b[1] as number) - (b[0] as number) * (a[1] as number);
  }
  if (twiceArea < 0) open = open.reverse();
  let start = 0;
  open.forEach((position, index) => {
    const best = open[start] as Position;
    if ((position[0] as number) < (best[0] as number) - tolerance || (Math.abs((position[0] as number) - (best[0] as number)) <= tolerance && (position[1] as number) < (best[1] as number))) start = index;
  });
  return [...open.slice(start), ...open.slice(0, start)];
}

/** The geometry's positions in a form that two writers' orders and windings agree on: a list of lists of positions. */
function parts(geometry: Geometry, tolerance: number): Position[][] {
  switch (geometry.type) {
    case 'Point':
      return [[geometry.coordinates.slice(0, 2)]];
    case 'MultiPoint':
      return [geometry.coordinates.map((position) => position.slice(0, 2))];
    case 'LineString':
      return [geometry.coordinates.map((position) => position.slice(0, 2))];
    case 'MultiLineString':
      return geometry.coordinates.map((line) => line.map((position) => position.slice(0, 2)));
    case 'Polygon':
      return geometry.coordinates.map((ring) => normalRing(ring, tolerance));
    case 'MultiPolygon':
      return geometry.coordinates.flatMap((polygon) => polygon.map((ring) => normalRing(ring, tolerance)));
  }
}

/** That two geometries are the same shape (kind, parts, positions) within `tolerance` in their units. */
export function expectSameGeometry(actual: Geometry, expected: Geometry, tolerance: number): void {
  expect(actual.type).toBe(expected.type);
  const a = parts(actual, tolerance * 10);
  const b = parts(expected, tolerance * 10);
  expect(a.map((part) => part.length)).toEqual(b.map((part) => part.length));
  a.forEach((part, partIndex) =>
    part.forEach((position, index) => {
      const other = (b[partIndex] as Position[])[index] as Position;
      expect(Math.abs((position[0] as number) - (other[0] as number)), `x of part ${partIndex} position ${index}`).toBeLessThanOrEqual(tolerance);
      expect(Math.abs((position[1] as number) - (other[1] as number)), `y of part ${partIndex} position ${index}`).toBeLessThanOrEqual(tolerance);
    }),
  );
}

/** One degree of latitude is about 111 km: 1e-7° is about a centimetre. */
export const DEGREE_TOLERANCE = 1e-7;
