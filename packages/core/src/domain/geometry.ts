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

/**
 * Whether a value looks like a {@link Geometry}: an object with one of the {@link GEOMETRY_KINDS}
 * as its `type` and a `coordinates` array.
 *
 * @example
 * ```ts
 * isGeometry({ type: 'Point', coordinates: [119.3, 26.08] }); // true
 * isGeometry({ type: 'GeometryCollection', geometries: [] }); // false
 * ```
 */
export function isGeometry(value: unknown): value is Geometry {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { type?: unknown; coordinates?: unknown };
  return (
    typeof candidate.type === 'string' &&
    (GEOMETRY_KINDS as readonly string[]).includes(candidate.type) &&
    Array.isArray(candidate.coordinates)
  );
}
