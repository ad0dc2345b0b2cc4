import type { PropertySchema } from './feature.js';
import { geoJsonGeometryProblem, type Geometry, type GeometryKind } from './geometry.js';

/**
 * Characters XML 1.0 cannot carry, in a text value or anywhere else (a C0 control such as U+000B
 * from a pasted presentation line, U+FFFE, a lone surrogate): a WFS request holding one cannot be
 * written, so such a value is refused where it is entered.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** Why a text cannot be sent in XML (the first character that cannot, as `U+XXXX` and its position), or `undefined`. */
export function textProblem(text: string): string | undefined {
  const match = NOT_XML.exec(text);
  if (!match) return undefined;
  const code = (match[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
  return `contains the character U+${code} at position ${match.index + 1}, which cannot be saved`;
}

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
  if (!fits) return `expected a ${property.type}, got ${value instanceof Date ? 'a date' : typeof value}`;
  if (property.integer && !Number.isInteger(value)) return `expected a whole number, got ${String(value)}`;
  return typeof value === 'string' ? textProblem(value) : undefined;
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
