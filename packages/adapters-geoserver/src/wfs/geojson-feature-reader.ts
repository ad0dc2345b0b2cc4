import { MapServerError, POSITION_DEPTH, isGeometry, type Geometry, type GeometryKind, type MapFeature } from '@gportal/core';
import type { WfsLayer } from './describe-feature-type.js';
import { propertyReaders } from './property-values.js';

/** What the readers of a GetFeature answer hand back: the features kept and the ids of those skipped. */
export interface ReadFeatures {
  features: MapFeature[];
  skippedIds: string[];
}

interface GeoJsonFeature {
  id?: unknown;
  geometry?: unknown;
  properties?: unknown;
}

/**
 * Drops z (and m) in place: the map is 2D, and the positions of the parsed answer are not copied.
 * A writer gives every position of a line or ring the same dimension, so a line whose first
 * position is 2D is left alone without visiting the rest.
 */
function keepTwoDimensions(coordinates: unknown, depth: number): void {
  if (!Array.isArray(coordinates)) return;
  if (depth === 0) {
    if (coordinates.length > 2) coordinates.length = 2;
    return;
  }
  if (depth === 1) {
    const first: unknown = coordinates[0];
    if (!Array.isArray(first) || first.length <= 2) return;
  }
  for (const child of coordinates) keepTwoDimensions(child, depth - 1);
}

/**
 * The geometry in 2D, or `undefined` when it is none the map can draw (`isGeometry`: finite
 * numbers nested as its kind says). Z is dropped before the check, which then passes over the
 * positions once.
 */
function geometryOf(value: unknown): Geometry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { type, coordinates } = value as { type?: unknown; coordinates?: unknown };
  if (typeof type !== 'string' || !Object.hasOwn(POSITION_DEPTH, type)) return undefined;
  keepTwoDimensions(coordinates, POSITION_DEPTH[type as GeometryKind]);
  const geometry = { type, coordinates };
  return isGeometry(geometry) ? geometry : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function membersOf(collection: unknown): unknown[] | undefined {
  if (!isObject(collection)) return undefined;
  const { type, features } = collection;
  if (type === 'Feature') return [collection];
  return Array.isArray(features) ? features : undefined;
}

/** Why a member of `features` is not a GeoJSON Feature at all (the answer is then malformed), or `undefined`. */
function memberProblem(member: unknown): string | undefined {
  if (!isObject(member)) return `a feature is ${member === null ? 'null' : Array.isArray(member) ? 'an array' : `a ${typeof member}`}`;
  const { id, properties } = member as GeoJsonFeature;
  if (id !== undefined && id !== null && typeof id !== 'string' && typeof id !== 'number') return `a feature id is ${Array.isArray(id) ? 'an array' : `a ${typeof id}`}`;
  if (properties !== undefined && properties !== null && !isObject(properties)) return 'the properties of a feature are not an object';
  return undefined;
}

/**
 * A GeoJSON GetFeature answer read in one pass over the parsed JSON: geometries are taken as
 * parsed (lon/lat by definition), properties typed by the layer's schema. Equal to reading it
 * through `ol/format/GeoJSON` (proven on the captured answers), at about the cost of `JSON.parse`.
 * A feature without an id or without a geometry the map can draw (NaN, ±Infinity, strings, empty
 * rings, wrong nesting) is skipped and reported; an answer whose members are not features at all
 * (`"features": [null]`) is a `MalformedResponse`.
 */
export function readGeoJsonFeatures(text: string, layer: WfsLayer, status: number): ReadFeatures {
  const { schema } = layer;
  const readers = propertyReaders(schema);
  let members: unknown[] | undefined;
  try {
    members = membersOf(JSON.parse(text));
  } catch (error) {
    throw new MapServerError({ status, code: 'MalformedResponse', text: `GetFeature ${schema.typeName}: unreadable GeoJSON: ${text.slice(0, 200)}`, cause: error });
  }
  if (!members) {
    throw new MapServerError({ status, code: 'UnexpectedResponse', text: `GetFeature ${schema.typeName}: expected a GeoJSON FeatureCollection: ${text.slice(0, 200)}` });
  }
  const features: MapFeature[] = [];
  const skippedIds: string[] = [];
  for (const member of members) {
    const problem = memberProblem(member);
    if (problem) throw new MapServerError({ status, code: 'MalformedResponse', text: `GetFeature ${schema.typeName}: ${problem}: ${text.slice(0, 200)}` });
    const { id: rawId, geometry: rawGeometry, properties: rawProperties } = member as GeoJsonFeature;
    const id = rawId === undefined || rawId === null ? undefined : String(rawId);
    const geometry = geometryOf(rawGeometry);
    if (id === undefined || !geometry) {
      skippedIds.push(id ?? '(no id)');
      continue;
    }
    const source = (rawProperties ?? {}) as Record<string, unknown>;
    const properties: MapFeature['properties'] = {};
    // Own properties only: a schema property named `constructor` must not read Object's.
    for (const [name, read] of readers) properties[name] = read(Object.hasOwn(source, name) ? source[name] : undefined);
    features.push({ id, geometry, properties });
  }
  return { features, skippedIds };
}
