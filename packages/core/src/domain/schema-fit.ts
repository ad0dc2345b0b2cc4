import type { PropertySchema } from './feature.js';
import { isGeometry, type Geometry, type GeometryKind, type Position } from './geometry.js';

/**
 * Why a value does not fit its property's type, or `undefined` when it does. `null` fits every
 * type; whether the property takes it (`nullable`) is the caller's rule.
 */
export function valueProblem(value: unknown, property: PropertySchema): string | undefined {
  if (value === null) return undefined;
  const fits =
    property.type === 'date'
      ? value instanceof Date && !Number.isNaN(value.getTime())
      : property.type === 'number'
        ? typeof value === 'number' && Number.isFinite(value)
        : typeof value === property.type;
  return fits ? undefined : `expected a ${property.type}, got ${value instanceof Date ? 'a date' : typeof value}`;
}

/** The single geometry a multi layer also takes, stored as a one-part multi geometry (as PostGIS-backed servers do). */
const PROMOTIONS: Readonly<Partial<Record<GeometryKind, GeometryKind>>> = {
  MultiPoint: 'Point',
  MultiLineString: 'LineString',
  MultiPolygon: 'Polygon',
};

function positionProblem(position: Position): boolean {
  return position.length < 2 || !position.every((value) => typeof value === 'number' && Number.isFinite(value));
}

function lineProblem(line: Position[]): string | undefined {
  if (line.length < 2) return 'a line needs at least 2 positions';
  return line.some(positionProblem) ? 'coordinates must be finite numbers' : undefined;
}

function ringProblem(ring: Position[]): string | undefined {
  if (ring.length < 4) return 'a polygon ring needs at least 4 positions';
  if (ring.some(positionProblem)) return 'coordinates must be finite numbers';
  const first = ring[0] as Position;
  const last = ring[ring.length - 1] as Position;
  return first[0] === last[0] && first[1] === last[1] ? undefined : 'a polygon ring must be closed';
}

function shapeProblem(geometry: Geometry): string | undefined {
  const first = (problems: Array<string | undefined>): string | undefined => problems.find((problem) => problem !== undefined);
  switch (geometry.type) {
    case 'Point':
      return positionProblem(geometry.coordinates) ? 'coordinates must be finite numbers' : undefined;
    case 'MultiPoint':
      return geometry.coordinates.length === 0 || geometry.coordinates.some(positionProblem) ? 'coordinates must be finite numbers' : undefined;
    case 'LineString':
      return lineProblem(geometry.coordinates);
    case 'MultiLineString':
      return geometry.coordinates.length === 0 ? 'no lines' : first(geometry.coordinates.map(lineProblem));
    case 'Polygon':
      return geometry.coordinates.length === 0 ? 'no rings' : first(geometry.coordinates.map(ringProblem));
    case 'MultiPolygon':
      return geometry.coordinates.length === 0 || geometry.coordinates.some((polygon) => polygon.length === 0)
        ? 'no rings'
        : first(geometry.coordinates.flat().map(ringProblem));
  }
}

/**
 * The geometry in the layer's kind (a single one promoted to a one-part multi), or why it cannot
 * be stored there: not GeoJSON, a malformed shape, or another kind.
 */
export function fitGeometry(geometry: unknown, kind: GeometryKind): Geometry | string {
  if (!isGeometry(geometry)) return 'not a GeoJSON geometry';
  const problem = shapeProblem(geometry);
  if (problem) return problem;
  if (geometry.type === kind) return geometry;
  if (PROMOTIONS[kind] === geometry.type) return { type: kind, coordinates: [geometry.coordinates] } as Geometry;
  return `a ${geometry.type} does not fit the ${kind} layer`;
}
