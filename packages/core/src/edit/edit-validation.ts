import type { FeatureSchema, Properties } from '../domain/feature.js';
import { geoJsonGeometryProblem } from '../domain/geometry.js';
import { valueProblem } from '../domain/schema-fit.js';
import { ValidationError } from '../errors/errors.js';

/** Refuses anything but a geometry gportal can draw, store and send, saying why (`geoJsonGeometryProblem`). */
export function assertGeometry(geometry: unknown): void {
  const problem = geoJsonGeometryProblem(geometry);
  if (problem !== undefined) throw new ValidationError({ geometry: problem });
}

/**
 * Why a value can be neither journaled nor sent whatever the schema says, or `undefined`: an
 * Invalid Date (what `new Date('10000-01-01')` makes of a five-digit year), `NaN`, `±Infinity`,
 * or anything that is not a property value at all.
 */
function unrecordable(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'an invalid date' : undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${String(value)} is not a finite number`;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  return `a ${typeof value} is not a property value`;
}

/**
 * Checked when values enter the session: every value must be one the journal can record, and once
 * the schema is known, unknown and server-filled properties and values of the wrong type are
 * refused too, before anything is journaled or sent.
 */
export function assertWritable(schema: FeatureSchema | undefined, properties: Properties): void {
  const problems: Record<string, string> = {};
  for (const [name, value] of Object.entries(properties)) {
    const property = schema?.properties.find((candidate) => candidate.name === name);
    const problem =
      unrecordable(value) ??
      (!schema ? undefined : !property ? `unknown property '${name}'` : schema.readOnly?.includes(name) ? `property '${name}' is read-only` : valueProblem(value, property));
    if (problem) problems[name] = problem;
  }
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
}
