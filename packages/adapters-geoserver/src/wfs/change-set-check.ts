import {
  ValidationError,
  isGeometry,
  type ChangeSet,
  type FeatureSchema,
  type Geometry,
  type GeometryKind,
  type Position,
  type Properties,
} from '@gportal/core';
import { valueProblem } from './property-values.js';

/** The single geometry a multi layer also takes, written as a one-part multi geometry. */
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

/** The geometry in the layer's kind (a single one promoted to a one-part multi), or why it cannot be. */
function fitGeometry(geometry: unknown, kind: GeometryKind): Geometry | string {
  if (!isGeometry(geometry)) return 'not a GeoJSON geometry';
  const problem = shapeProblem(geometry);
  if (problem) return problem;
  if (geometry.type === kind) return geometry;
  if (PROMOTIONS[kind] === geometry.type) return { type: kind, coordinates: [geometry.coordinates] } as Geometry;
  return `a ${geometry.type} does not fit the ${kind} layer`;
}

/**
 * Checks a change set against the layer's schema before anything is sent, and returns it in the
 * form to write: only schema properties (QGIS Server 3.22 loops forever on any other element in an
 * Insert), server-assigned keys left out of inserts, values of the schema's types, geometries of
 * the layer's kind. QGIS Server commits each action on its own, so refusing here what the server
 * would refuse keeps a half-applied transaction from happening. Problems throw one
 * `ValidationError` whose fields are `<handle or id>.<property>` (or `.geometry`).
 */
export function checkChangeSet(changes: ChangeSet, schema: FeatureSchema): ChangeSet {
  const fields: Record<string, string> = {};
  const readOnly = new Set(schema.readOnly ?? []);
  const byName = new Map(schema.properties.map((property) => [property.name, property]));

  const checkProperties = (ref: string, properties: Properties, dropReadOnly: boolean): Properties => {
    const kept: Properties = {};
    for (const [name, value] of Object.entries(properties)) {
      const property = byName.get(name);
      if (!property) {
        fields[`${ref}.${name}`] = `${schema.typeName} has no property ${name}`;
      } else if (readOnly.has(name)) {
        if (!dropReadOnly) fields[`${ref}.${name}`] = `${name} is assigned by the server`;
      } else {
        const problem = valueProblem(value, property);
        if (problem) fields[`${ref}.${name}`] = problem;
        else kept[name] = value;
      }
    }
    return kept;
  };
  const checkGeometry = (ref: string, geometry: unknown): Geometry => {
    const fitted = fitGeometry(geometry, schema.geometryKind);
    if (typeof fitted === 'string') fields[`${ref}.geometry`] = fitted;
    return fitted as Geometry;
  };

  const handles = new Set<string>();
  const inserts = changes.inserts.map((insert) => {
    if (!insert.handle || handles.has(insert.handle)) fields[`${insert.handle}.handle`] = 'every insert needs its own handle';
    handles.add(insert.handle);
    // Inserts may come from copies of loaded features, which carry the server's key: leave it out.
    return { handle: insert.handle, geometry: checkGeometry(insert.handle, insert.geometry), properties: checkProperties(insert.handle, insert.properties, true) };
  });
  const updates = changes.updates.map((update) => ({
    id: update.id,
    ...(update.geometry !== undefined ? { geometry: checkGeometry(update.id, update.geometry) } : {}),
    ...(update.properties !== undefined ? { properties: checkProperties(update.id, update.properties, false) } : {}),
  }));
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return { typeName: changes.typeName, inserts, updates, deletes: [...changes.deletes] };
}
