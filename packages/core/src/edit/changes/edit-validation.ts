import type { FeatureSchema, Properties } from '../../domain/feature.js';
import { geoJsonGeometryProblem } from '../../domain/geometry.js';
import { textProblem, valueProblem } from '../../domain/schema-fit.js';
import { ValidationError } from '../../errors/errors.js';

/** Refuses anything but a geometry gportal can draw, store and send, saying why (`geoJsonGeometryProblem`). */
export function assertGeometry(geometry: unknown): void {
  const problem = geoJsonGeometryProblem(geometry);
  if (problem !== undefined) throw new ValidationError({ geometry: problem });
}

/**
 * Why a value can be neither journaled nor sent whatever the schema says, or `undefined`: an
 * Invalid Date (what `new Date('10000-01-01')` makes of a five-digit year), `NaN`, `±Infinity`,
 * a text holding a character XML cannot carry, or anything that is not a property value at all.
 */
function unrecordable(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'an invalid date' : undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${String(value)} is not a finite number`;
  if (typeof value === 'string') return textProblem(value);
  if (value === null || typeof value === 'boolean') return undefined;
  return `${typeof value === 'object' || typeof value === 'undefined' ? 'an' : 'a'} ${typeof value} is not a property value`;
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
      schema && !property
        ? `unknown property '${name}'`
        : (unrecordable(value) ?? (!schema || !property ? undefined : schema.readOnly?.includes(name) ? `property '${name}' is read-only` : valueProblem(value, property)));
    // An own field whatever the name: `problems.__proto__ = …` would set a prototype, and say nothing.
    if (problem) Object.defineProperty(problems, name, { value: problem, enumerable: true });
  }
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
}
