import type { PropertySchema } from './feature.js';
import { geoJsonGeometryProblem, type Geometry, type GeometryKind } from './geometry.js';

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

/**
 * The geometry in the layer's kind (a single one promoted to a one-part multi), or why it cannot
 * be stored there: not GeoJSON, a malformed shape, or another kind.
 */
export function fitGeometry(value: unknown, kind: GeometryKind): Geometry | string {
  const problem = geoJsonGeometryProblem(value);
  if (problem) return problem;
  const geometry = value as Geometry;
  if (geometry.type === kind) return geometry;
  if (PROMOTIONS[kind] === geometry.type) return { type: kind, coordinates: [geometry.coordinates] } as Geometry;
  return `a ${geometry.type} does not fit the ${kind} layer`;
}
