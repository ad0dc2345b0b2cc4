import type { MapFeature, Properties, PropertyValue } from '../../domain/feature.js';
import type { Geometry, Position } from '../../domain/geometry.js';

// Whether a server's copy holds what was sent: servers round coordinates and numbers, store a
// simple geometry sent to a multi column as a single-part multi, and read dates back as text.

/** Coordinates agree within this (degrees): servers round them (QGIS Server to 8 decimals). */
const COORDINATE_TOLERANCE = 1e-7;

function samePositions(a: Position, b: Position): boolean {
  return Math.abs((a[0] ?? NaN) - (b[0] ?? NaN)) <= COORDINATE_TOLERANCE && Math.abs((a[1] ?? NaN) - (b[1] ?? NaN)) <= COORDINATE_TOLERANCE;
}

function sameNested(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return false;
  if (typeof a[0] === 'number' || typeof b[0] === 'number') return samePositions(a as Position, b as Position);
  return a.length === b.length && a.every((item, index) => sameNested(item, b[index]));
}

/** A single-part multi geometry is what a server stores for a simple one sent to a multi column. */
function parts(geometry: Geometry): { type: string; coordinates: unknown } {
  if (geometry.type.startsWith('Multi') && (geometry.coordinates as unknown[]).length === 1) {
    return { type: geometry.type.slice('Multi'.length), coordinates: (geometry.coordinates as unknown[])[0] };
  }
  return geometry;
}

/** Equal geometries up to the rounding and the single-part promotion a server applies. */
export function sameStoredGeometry(sent: Geometry, stored: Geometry): boolean {
  const [a, b] = [parts(sent), parts(stored)];
  return a.type === b.type && sameNested(a.coordinates, b.coordinates);
}

/** Equal property values up to a server's number rounding and date reading. */
export function sameStoredValue(sent: PropertyValue | undefined, stored: PropertyValue | undefined): boolean {
  if (sent instanceof Date || stored instanceof Date) {
    const time = (value: PropertyValue | undefined) => (value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN);
    return time(sent) === time(stored);
  }
  if (typeof sent === 'number' && typeof stored === 'number') return Math.abs(sent - stored) <= 1e-9 * Math.max(1, Math.abs(sent), Math.abs(stored));
  return (sent ?? null) === (stored ?? null);
}

/** Whether a stored feature holds every sent property value (and the sent geometry, when given). */
export function holdsSent(stored: MapFeature, geometry: Geometry | undefined, properties: Properties): boolean {
  if (geometry && !sameStoredGeometry(geometry, stored.geometry)) return false;
  return Object.entries(properties).every(([name, value]) => sameStoredValue(value, stored.properties[name]));
}
