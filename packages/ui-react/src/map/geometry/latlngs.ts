import type { Geometry, GeometryKind, LineString, Polygon, Position } from '@gportal/core';
import { L } from '../leaflet';

/** A GeoJSON position (lon, lat) as a Leaflet LatLng. */
export const toLatLng = ([lng, lat]: Position): L.LatLng => L.latLng(lat as number, lng as number);

/** A LatLng as a GeoJSON position, unrounded (Leaflet's `toGeoJSON()` would cut to 6 decimals). */
export const toPosition = (latlng: L.LatLng): Position => [latlng.lng, latlng.lat];

/** A ring without its closing point, as Leaflet holds polygon rings. */
function openRing(ring: readonly Position[]): Position[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  const closed = ring.length > 1 && first && last && first[0] === last[0] && first[1] === last[1];
  return closed ? ring.slice(0, -1) : [...ring];
}

function closeRing(ring: Position[]): Position[] {
  const first = ring[0];
  return first ? [...ring, [...first]] : ring;
}

/** A geometry's parts in Leaflet's form, as the vertex editor edits them in place: polygons as rings, lines, points. */
export type ShapeParts = { kind: 'polygon'; parts: L.LatLng[][][] } | { kind: 'line'; parts: L.LatLng[][] } | { kind: 'point'; parts: L.LatLng[] };

/** The parts of a geometry in Leaflet's form: each polygon as rings of LatLngs, each line, each point. */
export function shapeParts(geometry: Geometry): ShapeParts {
  switch (geometry.type) {
    case 'Point':
      return { kind: 'point', parts: [toLatLng(geometry.coordinates)] };
    case 'MultiPoint':
      return { kind: 'point', parts: geometry.coordinates.map(toLatLng) };
    case 'LineString':
      return { kind: 'line', parts: [geometry.coordinates.map(toLatLng)] };
    case 'MultiLineString':
      return { kind: 'line', parts: geometry.coordinates.map((line) => line.map(toLatLng)) };
    case 'Polygon':
      return { kind: 'polygon', parts: [geometry.coordinates.map((ring) => openRing(ring).map(toLatLng))] };
    case 'MultiPolygon':
      return { kind: 'polygon', parts: geometry.coordinates.map((polygon) => polygon.map((ring) => openRing(ring).map(toLatLng))) };
  }
}

export const polygonOf = (rings: readonly L.LatLng[][]): Polygon => ({
  type: 'Polygon',
  coordinates: rings.map((ring) => closeRing(ring.map(toPosition))),
});

export const lineOf = (latlngs: readonly L.LatLng[]): LineString => ({ type: 'LineString', coordinates: latlngs.map(toPosition) });

/**
 * The geometry of a layer of `kind` made of these parts: one drawn polygon becomes a MultiPolygon
 * of one part in a multipolygon layer, a drawn point a MultiPoint of one part in a multipoint layer.
 */
export function geometryOfParts(kind: GeometryKind, parts: ShapeParts): Geometry {
  switch (kind) {
    case 'Polygon':
      return polygonOf(parts.kind === 'polygon' ? (parts.parts[0] ?? []) : []);
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: parts.kind === 'polygon' ? parts.parts.map((rings) => polygonOf(rings).coordinates) : [] };
    case 'LineString':
      return lineOf(parts.kind === 'line' ? (parts.parts[0] ?? []) : []);
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: parts.kind === 'line' ? parts.parts.map((line) => lineOf(line).coordinates) : [] };
    case 'Point':
      return { type: 'Point', coordinates: parts.kind === 'point' && parts.parts[0] ? toPosition(parts.parts[0]) : [] };
    case 'MultiPoint':
      return { type: 'MultiPoint', coordinates: parts.kind === 'point' ? parts.parts.map(toPosition) : [] };
  }
}

/** The shape family a layer of this geometry kind draws: polygons, lines or points. */
export function shapeKindOf(kind: GeometryKind): ShapeParts['kind'] {
  if (kind === 'Polygon' || kind === 'MultiPolygon') return 'polygon';
  if (kind === 'LineString' || kind === 'MultiLineString') return 'line';
  return 'point';
}

/** The vertices placed so far (and the cursor, when given) as shape parts of one polygon or line. */
export function drawingParts(kind: 'polygon' | 'line', vertices: readonly L.LatLng[]): ShapeParts {
  return kind === 'polygon' ? { kind, parts: [[[...vertices]]] } : { kind, parts: [[...vertices]] };
}
