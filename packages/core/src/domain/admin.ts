import type { GeometryKind } from './geometry.js';

/** A portal workspace (spec section 3). Its map-server name is `prefix + id` (`store_20`). */
export interface Workspace {
  id: number;
  name: string;
  srid: number;
  databaseName: string;
}

/** A map-server workspace. */
export interface WorkspaceInfo {
  name: string;
  isolated?: boolean;
}

/** The XML namespace of a workspace. */
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

/** A data store as the map server describes it. */
export interface DataStoreInfo {
  name: string;
  workspace: string;
  type?: string;
  enabled: boolean;
  /** Connection parameters as key → value; passwords are masked by GeoServer. */
  connectionParameters: Record<string, string>;
}

/** A bounding box in a named CRS, as GeoServer's feature types carry it. */
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

/** The type of a feature type attribute: a geometry, or GeoServer's `String`, `Integer`, `Long`, `Double`, `Boolean`, `Date`. */
export type AttributeBinding = GeometryBinding | 'String' | 'Integer' | 'Long' | 'Double' | 'Boolean' | 'Date';

/** One attribute (column) of a feature type. */
export interface AttributeSpec {
  name: string;
  binding: AttributeBinding;
  nillable?: boolean;
  minOccurs?: number;
  maxOccurs?: number;
}

/** How the map server treats a layer's native and declared CRS. */
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

/** A feature type as the map server describes it: what it knows of the spec, and where it lives. */
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

/** A published layer: its styles and the resource it publishes. */
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

/** A style document's format: SLD 1.0 (`sld`) or Symbology Encoding / SLD 1.1 (`se`). */
export type StyleFormat = 'sld' | 'se';

/** A style: its name and SLD XML definition (spec section 3). */
export interface StyleSpec {
  name: string;
  sld: string;
  workspace?: string;
}

/** A style as the map server describes it. */
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

/** How far a delete goes. */
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
