/**
 * GeoJSON geometry types (RFC 7946), structurally compatible with `@types/geojson`
 * so adapters can pass them to turf or ol without conversion.
 */
export type Position = number[];

/** A GeoJSON Point. */
export interface Point {
  type: 'Point';
  coordinates: Position;
}
/** A GeoJSON MultiPoint. */
export interface MultiPoint {
  type: 'MultiPoint';
  coordinates: Position[];
}
/** A GeoJSON LineString. */
export interface LineString {
  type: 'LineString';
  coordinates: Position[];
}
/** A GeoJSON MultiLineString. */
export interface MultiLineString {
  type: 'MultiLineString';
  coordinates: Position[][];
}
/** A GeoJSON Polygon: an outer ring, then holes; each ring closed. */
export interface Polygon {
  type: 'Polygon';
  coordinates: Position[][];
}
/** A GeoJSON MultiPolygon. */
export interface MultiPolygon {
  type: 'MultiPolygon';
  coordinates: Position[][][];
}

/** A GeoJSON geometry (lon/lat for EPSG:4326); GeometryCollection is not used. */
export type Geometry = Point | MultiPoint | LineString | MultiLineString | Polygon | MultiPolygon;
/** The `type` of a {@link Geometry}. */
export type GeometryKind = Geometry['type'];

/** Every geometry kind gportal handles (GeoJSON's, without GeometryCollection). */
export const GEOMETRY_KINDS: readonly GeometryKind[] = [
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
];

/** `[minx, miny, maxx, maxy]` — lon/lat order for EPSG:4326 data. */
export type BBox = [number, number, number, number];

/** Bounding box of a geometry, `[minx, miny, maxx, maxy]`. */
export function geometryBBox(geometry: Geometry): BBox {
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  // Plain loops, no callback or destructuring per position: a layer's bounds read a million of them.
  const extend = (positions: readonly Position[]): void => {
    for (let index = 0; index < positions.length; index += 1) {
      const position = positions[index] as Position;
      // A missing ordinate is undefined, which no comparison lets through.
      const x = position[0] as number;
      const y = position[1] as number;
      if (x < box[0]) box[0] = x;
      if (y < box[1]) box[1] = y;
      if (x > box[2]) box[2] = x;
      if (y > box[3]) box[3] = y;
    }
  };
  switch (geometry.type) {
    case 'Point':
      extend([geometry.coordinates]);
      break;
    case 'MultiPoint':
    case 'LineString':
      extend(geometry.coordinates);
      break;
    case 'MultiLineString':
    case 'Polygon':
      for (const part of geometry.coordinates) extend(part);
      break;
    case 'MultiPolygon':
      for (const polygon of geometry.coordinates) for (const ring of polygon) extend(ring);
      break;
  }
  return box;
}

/** Calls `visit` with every position of the geometry, ring closings included. */
export function forEachPosition(geometry: Geometry, visit: (position: Position) => void): void {
  switch (geometry.type) {
    case 'Point':
      visit(geometry.coordinates);
      return;
    case 'MultiPoint':
    case 'LineString':
      geometry.coordinates.forEach(visit);
      return;
    case 'MultiLineString':
    case 'Polygon':
      geometry.coordinates.forEach((part) => part.forEach(visit));
      return;
    case 'MultiPolygon':
      geometry.coordinates.forEach((polygon) => polygon.forEach((ring) => ring.forEach(visit)));
      return;
  }
}

/**
 * A ring's vertices without its closing position: a ring written closed (its last position its
 * first, as GeoJSON and 界址点 lists write it) loses the repeat; an open one is given back as it is.
 */
export function openRing(ring: readonly Position[]): readonly Position[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  const closed = ring.length > 1 && first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1];
  return closed ? ring.slice(0, -1) : ring;
}

/**
 * Whether two `[minx, miny, maxx, maxy]` boxes overlap (touching counts).
 *
 * @example
 * ```ts
 * bboxIntersects([0, 0, 2, 2], [1, 1, 3, 3]); // true
 * bboxIntersects([0, 0, 1, 1], [2, 2, 3, 3]); // false
 * ```
 */
export function bboxIntersects(a: BBox, b: BBox): boolean {
  return a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];
}

/** How deep positions sit in each kind's `coordinates` (0: `coordinates` is the position). */
export const POSITION_DEPTH: Readonly<Record<GeometryKind, number>> = {
  Point: 0,
  MultiPoint: 1,
  LineString: 1,
  MultiLineString: 2,
  Polygon: 2,
  MultiPolygon: 3,
};

const NOT_A_GEOMETRY = 'not a GeoJSON geometry';
const NOT_A_POSITION = 'a position must be an array of 2 or 3 numbers';
const NOT_FINITE = 'coordinates must be finite numbers';

/*
 * The checks below take `unknown` (anything a caller, a server or storage handed over) and make
 * one pass over the positions, with no callback or allocation per position: a drawn or loaded
 * geometry may hold a million of them. Their depth is the kind's, so hostile nesting costs nothing.
 */

function positionProblem(position: unknown): string | undefined {
  if (!Array.isArray(position) || position.length < 2 || position.length > 3) return NOT_A_POSITION;
  for (let index = 0; index < position.length; index += 1) {
    const value: unknown = position[index];
    if (typeof value !== 'number' || !Number.isFinite(value)) return NOT_FINITE;
  }
  return undefined;
}

function positionsProblem(positions: readonly unknown[]): string | undefined {
  for (let index = 0; index < positions.length; index += 1) {
    const problem = positionProblem(positions[index]);
    if (problem) return problem;
  }
  return undefined;
}

function lineProblem(line: unknown): string | undefined {
  if (!Array.isArray(line)) return NOT_A_POSITION;
  if (line.length < 2) return 'a line needs at least 2 positions';
  return positionsProblem(line);
}

function ringProblem(ring: unknown): string | undefined {
  if (!Array.isArray(ring)) return NOT_A_POSITION;
  if (ring.length < 4) return 'a polygon ring needs at least 4 positions';
  const problem = positionsProblem(ring);
  if (problem) return problem;
  const first = ring[0] as Position;
  const last = ring[ring.length - 1] as Position;
  return first[0] === last[0] && first[1] === last[1] && first[2] === last[2] ? undefined : 'a polygon ring must be closed';
}

function polygonProblem(rings: unknown): string | undefined {
  if (!Array.isArray(rings)) return NOT_A_POSITION;
  if (rings.length === 0) return 'no rings';
  for (let index = 0; index < rings.length; index += 1) {
    const problem = ringProblem(rings[index]);
    if (problem) return problem;
  }
  return undefined;
}

/** The first part's problem, or that there are none. */
function partsProblem(parts: readonly unknown[], none: string, partProblem: (part: unknown) => string | undefined): string | undefined {
  if (parts.length === 0) return none;
  for (let index = 0; index < parts.length; index += 1) {
    const problem = partProblem(parts[index]);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Why a value is not a geometry gportal can draw, store and send, or `undefined` when it is: a
 * GeoJSON geometry of a known kind, nested exactly as its kind says, whose positions are 2 or 3
 * finite numbers, lines of at least 2 positions, polygons of at least one ring of at least 4
 * positions, closed, and multi geometries of at least one part. NaN, ±Infinity, strings and empty
 * rings are refused here, before they reach a session, a journal or the map.
 */
export function geoJsonGeometryProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return NOT_A_GEOMETRY;
  const { type, coordinates } = value as { type?: unknown; coordinates?: unknown };
  if (typeof type !== 'string' || !Object.hasOwn(POSITION_DEPTH, type) || !Array.isArray(coordinates)) return NOT_A_GEOMETRY;
  switch (type as GeometryKind) {
    case 'Point':
      return positionProblem(coordinates);
    case 'MultiPoint':
      return partsProblem(coordinates, 'no points', positionProblem);
    case 'LineString':
      return lineProblem(coordinates);
    case 'MultiLineString':
      return partsProblem(coordinates, 'no lines', lineProblem);
    case 'Polygon':
      return polygonProblem(coordinates);
    case 'MultiPolygon':
      return partsProblem(coordinates, 'no polygons', polygonProblem);
  }
}

/**
 * Whether a value is a geometry gportal accepts: see {@link geoJsonGeometryProblem}.
 *
 * @example
 * ```ts
 * isGeometry({ type: 'Point', coordinates: [119.3, 26.08] }); // true
 * isGeometry({ type: 'Point', coordinates: [NaN, 26.08] }); // false
 * ```
 */
export function isGeometry(value: unknown): value is Geometry {
  return geoJsonGeometryProblem(value) === undefined;
}
