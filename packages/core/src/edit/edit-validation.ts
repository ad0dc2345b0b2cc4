import type { FeatureSchema, Properties } from '../domain/feature.js';
import { isGeometry } from '../domain/geometry.js';
import { ValidationError } from '../errors/errors.js';

export function assertGeometry(geometry: unknown): void {
  if (!isGeometry(geometry)) throw new ValidationError({ geometry: 'not a GeoJSON geometry' });
}

/** Once the schema is known, unknown and server-filled properties are refused before anything is sent. */
export function assertWritable(schema: FeatureSchema | undefined, properties: Properties): void {
  if (!schema) return;
  const problems: Record<string, string> = {};
  for (const name of Object.keys(properties)) {
    if (!schema.properties.some((property) => property.name === name)) problems[name] = `unknown property '${name}'`;
    else if (schema.readOnly?.includes(name)) problems[name] = `property '${name}' is read-only`;
  }
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
}
