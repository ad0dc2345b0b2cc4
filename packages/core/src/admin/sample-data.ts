import type { PostgisStoreSpec } from '../domain/admin.js';
import { INITIAL_BOUNDS } from '../domain/constants.js';
import type { ChangeSet, FeatureSchema, Properties, PropertyType, PropertyValue } from '../domain/feature.js';
import type { Geometry, Position } from '../domain/geometry.js';
import { NotFoundError } from '../errors/errors.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import { LAYER_KINDS, type LayerKind } from './feature-type-spec.js';

/**
 * The connection a data store made from the test screen gets: a PostGIS database of the store's
 * name on the map server's own host, with the stock PostGIS account.
 */
export const DEFAULT_POSTGIS_CONNECTION = { host: 'localhost', port: 5432, schema: 'public', user: 'postgres', password: 'postgres' } as const;

/** The PostGIS data store payload for the store `name` (database of the same name). */
export function buildPostgisStoreSpec(name: string, connection: Partial<Omit<PostgisStoreSpec, 'name' | 'dbtype'>> = {}): PostgisStoreSpec {
  return { ...DEFAULT_POSTGIS_CONNECTION, database: name, ...connection, name, dbtype: 'postgis' };
}

/** A sample geometry of each layer kind, inside the sample area (spec section 9). */
function sampleGeometry(kind: LayerKind): Geometry {
  const lng = (INITIAL_BOUNDS.west + INITIAL_BOUNDS.east) / 2;
  const lat = (INITIAL_BOUNDS.south + INITIAL_BOUNDS.north) / 2;
  const ring = (x: number, y: number, half: number): Position[] => [
    [x - half, y - half],
    [x + half, y - half],
    [x + half, y + half],
    [x - half, y + half],
    [x - half, y - half],
  ];
  const line = (y: number): Position[] => [
    [lng - 0.2, y],
    [lng, y + 0.1],
    [lng + 0.2, y],
  ];
  const geometries: Record<LayerKind, Geometry> = {
    point: { type: 'Point', coordinates: [lng, lat] },
    line: { type: 'LineString', coordinates: line(lat) },
    multiline: { type: 'MultiLineString', coordinates: [line(lat), line(lat + 0.3)] },
    polygon: { type: 'Polygon', coordinates: [ring(lng, lat, 0.1)] },
    multipolygon: { type: 'MultiPolygon', coordinates: [[ring(lng - 0.2, lat, 0.08)], [ring(lng + 0.2, lat, 0.08)]] },
    multipoint: { type: 'MultiPoint', coordinates: [[lng - 0.2, lat], [lng + 0.2, lat]] },
  };
  return geometries[kind];
}

const SAMPLE_VALUES: Readonly<Record<PropertyType, (name: string) => PropertyValue>> = {
  string: (name) => (name === 'name' ? 'gportal 示例' : 'gportal'),
  number: () => 1,
  boolean: () => false,
  date: () => new Date(Date.UTC(2024, 0, 1)),
};

/** Every writable property of the schema with a sample value of its type, so NOT NULL columns are filled too. */
function sampleProperties(schema: FeatureSchema): Properties {
  const readOnly = new Set(schema.readOnly ?? []);
  return Object.fromEntries(
    schema.properties.filter((property) => !readOnly.has(property.name)).map((property) => [property.name, SAMPLE_VALUES[property.type](property.name)]),
  );
}

/** One insert of a sample feature of the layer kind into the layer described by `schema`. */
export function sampleInsert(kind: LayerKind, schema: FeatureSchema): ChangeSet {
  return {
    typeName: schema.typeName,
    inserts: [{ handle: `sample-${kind}`, geometry: sampleGeometry(kind), properties: sampleProperties(schema) }],
    updates: [],
    deletes: [],
  };
}

/** The workspace a type name belongs to (`store_33:polygon` → `store_33`); `undefined` for a bare name. */
function workspaceOf(typeName: string): string | undefined {
  const colon = typeName.indexOf(':');
  return colon > 0 ? typeName.slice(0, colon) : undefined;
}

/**
 * The feature layer of the workspace that sample data of `kind` goes to: `workspace:kind` when
 * the server has it, else the workspace's first layer whose geometry is of that kind (servers
 * name their layers freely). Layers of other workspaces are never used. A bare type name (QGIS
 * Server: one project, no workspaces) belongs to whichever workspace is asked for. Throws
 * `NotFoundError` when the workspace has no layer of that kind.
 */
export async function findLayerOfKind(source: FeatureSource, kind: LayerKind, workspace: string): Promise<FeatureSchema> {
  const names = (await source.listTypes())
    .map((type) => type.name)
    .filter((name) => {
      const owner = workspaceOf(name);
      return owner === undefined || owner === workspace;
    });
  const preferred = names.filter((name) => name === `${workspace}:${kind}` || name === kind);
  for (const name of [...preferred, ...names.filter((name) => !preferred.includes(name))]) {
    const schema = await source.describe(name);
    if (schema.geometryKind === LAYER_KINDS[kind]) return schema;
  }
  throw new NotFoundError(`${LAYER_KINDS[kind]} layer`, `workspace ${workspace} has no ${LAYER_KINDS[kind]} layer to insert sample data into`);
}
