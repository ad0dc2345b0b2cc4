// The package is CommonJS without named-export hints, so Node's ESM loader only offers its default export.
import geographiclib from 'geographiclib-geodesic';
import { openRing, type LineString, type MultiLineString, type MultiPolygon, type Polygon, type Position } from '../domain/geometry.js';

const { Geodesic } = geographiclib;
const WGS84 = Geodesic.WGS84;

/** The geometries that have an area. */
export type AreaGeometry = Polygon | MultiPolygon;
/** The geometries that have a length. */
export type LengthGeometry = LineString | MultiLineString;


/** Area of one ring on the ellipsoid, whatever its orientation. */
function ringArea(ring: readonly Position[]): number {
  const polygon = WGS84.Polygon(false);
  for (const [lng = NaN, lat = NaN] of openRing(ring)) polygon.AddPoint(lat, lng);
  // Signed, then absolute: unsigned mode would give a clockwise ring the rest of the ellipsoid.
  return Math.abs(polygon.Compute(false, true).area ?? 0);
}

function polygonArea(rings: readonly Position[][]): number {
  const [outer = [], ...holes] = rings;
  return holes.reduce((area, hole) => area - ringArea(hole), ringArea(outer));
}

/** Geodesic area in m² on the WGS84 ellipsoid (lon/lat input); holes are subtracted, parts summed. */
export function geodesicArea(geometry: AreaGeometry): number {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.reduce((area, rings) => area + polygonArea(rings), 0);
}

function lineLength(line: readonly Position[]): number {
  let length = 0;
  for (let index = 1; index < line.length; index += 1) {
    const [lng1 = NaN, lat1 = NaN] = line[index - 1] as Position;
    const [lng2 = NaN, lat2 = NaN] = line[index] as Position;
    length += WGS84.Inverse(lat1, lng1, lat2, lng2, Geodesic.DISTANCE).s12 ?? 0;
  }
  return length;
}

/** Geodesic length in m on the WGS84 ellipsoid (lon/lat input), summed over the parts of a multi line. */
export function geodesicLength(geometry: LengthGeometry): number {
  const lines = geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates;
  return lines.reduce((length, line) => length + lineLength(line), 0);
}
