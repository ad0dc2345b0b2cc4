import type { Geometry, Position } from '@gportal/core';

/** Twice the signed planar area of a ring (shoelace): positive when it runs anticlockwise. */
function doubleSignedArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let index = 0, previous = ring.length - 1; index < ring.length; previous = index, index += 1) {
    const a = ring[previous] as Position;
    const b = ring[index] as Position;
    sum += (a[0] as number) * (b[1] as number) - (b[0] as number) * (a[1] as number);
  }
  return sum;
}

/** The planar area of a polygon's rings: the outer ring's less its holes', in the units of its coordinates squared. */
export function planarPolygonArea(rings: readonly (readonly Position[])[]): number {
  return rings.reduce((area, ring, index) => area + (index === 0 ? 1 : -1) * Math.abs(doubleSignedArea(ring)) / 2, 0);
}

/** The planar area of a polygon or multipolygon; 0 for other kinds. */
export function planarArea(geometry: Geometry): number {
  if (geometry.type === 'Polygon') return planarPolygonArea(geometry.coordinates);
  if (geometry.type === 'MultiPolygon') return geometry.coordinates.reduce((area, polygon) => area + planarPolygonArea(polygon), 0);
  return 0;
}

function orient(ring: Position[], anticlockwise: boolean): Position[] {
  return doubleSignedArea(ring) > 0 === anticlockwise ? ring : [...ring].reverse();
}

/**
 * A polygon's rings wound one way: outer rings anticlockwise and holes clockwise (RFC 7946's rule,
 * `outerAnticlockwise` true) or the other way round (the Shapefile's rule).
 */
export function windRings(geometry: Geometry, outerAnticlockwise: boolean): Geometry {
  const polygon = (rings: Position[][]) => rings.map((ring, index) => orient(ring, index === 0 ? outerAnticlockwise : !outerAnticlockwise));
  if (geometry.type === 'Polygon') return { type: 'Polygon', coordinates: polygon(geometry.coordinates) };
  if (geometry.type === 'MultiPolygon') return { type: 'MultiPolygon', coordinates: geometry.coordinates.map(polygon) };
  return geometry;
}

/** The geometry with every position replaced by `map`'s answer. */
export function mapPositions(geometry: Geometry, map: (position: Position) => Position): Geometry {
  switch (geometry.type) {
    case 'Point':
      return { type: 'Point', coordinates: map(geometry.coordinates) };
    case 'MultiPoint':
      return { type: 'MultiPoint', coordinates: geometry.coordinates.map(map) };
    case 'LineString':
      return { type: 'LineString', coordinates: geometry.coordinates.map(map) };
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: geometry.coordinates.map((line) => line.map(map)) };
    case 'Polygon':
      return { type: 'Polygon', coordinates: geometry.coordinates.map((ring) => ring.map(map)) };
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((polygon) => polygon.map((ring) => ring.map(map))) };
  }
}

/** The centre of a set of geometries' bounds, or `undefined` when there are none. */
export function centreOf(geometries: readonly Geometry[]): Position | undefined {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const geometry of geometries) {
    mapPositions(geometry, (position) => {
      const [x = NaN, y = NaN] = position;
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
      return position;
    });
  }
  return minX <= maxX ? [(minX + maxX) / 2, (minY + maxY) / 2] : undefined;
}
