import type { GeometryKind } from './geometry.js';

/** A portal workspace (spec section 3). Its map-server name is `prefix + id` (`store_20`). */
export interface Workspace {
  id: number;
  name: string;
  srid: number;
  databaseName: string;
}

export interface WorkspaceInfo {
  name: string;
  isolated?: boolean;
}

export interface NamespaceInfo {
  prefix: string;
  uri: string;
  isolated?: boolean;
}

/** PostGIS data store payload (spec section 3). */
export interface PostgisStoreSpec {
  name: string;
  description?: string;
  host: string;
  port: number;
  database: string;
  schema: string;
  user: string;
  password: string;
  dbtype: 'postgis';
}

export interface DataStoreInfo {
  name: string;
  workspace: string;
  type?: string;
  enabled: boolean;
  /** Connection parameters as key → value; passwords are masked by GeoServer. */
  connectionParameters: Record<string, string>;
}

export interface BoundingBox {
  minx: number;
  maxx: number;
  miny: number;
  maxy: number;
  crs: string;
}

/** Geometry bindings a feature type attribute may have (GeoServer's JTS class names map to these). */
export type GeometryBinding = Extract<
  GeometryKind,
  'Point' | 'LineString' | 'Polygon' | 'MultiPolygon' | 'MultiLineString' | 'MultiPoint'
>;

export type AttributeBinding = GeometryBinding | 'String' | 'Integer' | 'Long' | 'Double' | 'Boolean' | 'Date';

export interface AttributeSpec {
  name: string;
  binding: AttributeBinding;
  nillable?: boolean;
  minOccurs?: number;
  maxOccurs?: number;
}

export type ProjectionPolicy = 'FORCE_DECLARED' | 'REPROJECT_TO_DECLARED' | 'NONE';

/** Feature type (layer) payload (spec section 3). */
export interface FeatureTypeSpec {
  name: string;
  nativeName: string;
  namespace: string;
  title: string;
  keywords: string[];
  nativeCRS: string;
  srs: string;
  nativeBoundingBox: BoundingBox;
  latLonBoundingBox: BoundingBox;
  projectionPolicy: ProjectionPolicy;
  enabled: boolean;
  store: string;
  maxFeatures: number;
  numDecimals: number;
  attributes: AttributeSpec[];
}

export interface FeatureTypeInfo extends Partial<FeatureTypeSpec> {
  name: string;
  workspace: string;
  store: string;
}

/** `{ workspace, name }`; written `workspace:name` (spec section 3, layer style). */
export interface StyleRef {
  name: string;
  workspace?: string;
}

export interface LayerInfo {
  name: string;
  workspace: string;
  type?: string;
  defaultStyle?: StyleRef;
  styles: StyleRef[];
  /** The feature type or coverage the layer publishes. */
  resource?: { name: string; workspace?: string; store?: string };
  enabled?: boolean;
}

export type StyleFormat = 'sld' | 'se';

/** A style: its name and SLD XML definition (spec section 3). */
export interface StyleSpec {
  name: string;
  sld: string;
  workspace?: string;
}

export interface StyleInfo {
  name: string;
  workspace?: string;
  format?: string;
  languageVersion?: string;
  filename?: string;
}

/** Where a style lives: globally, or inside a workspace. */
export interface StyleScope {
  workspace?: string;
}

export interface DeleteOptions {
  recurse?: boolean;
}

export interface StyleDeleteOptions extends StyleScope {
  purge?: boolean;
  recurse?: boolean;
}

/** Formats a style reference as `workspace:style` (or `style` when global). */
export function formatStyleRef(ref: StyleRef): string {
  return ref.workspace ? `${ref.workspace}:${ref.name}` : ref.name;
}

/** Parses `workspace:style` (or a bare `style`). */
export function parseStyleRef(text: string): StyleRef {
  const index = text.indexOf(':');
  return index < 0 ? { name: text } : { workspace: text.slice(0, index), name: text.slice(index + 1) };
}
