import type { GeometryKind, PropertyType } from '@gportal/core';

/**
 * What the adapter knows about the OGC protocols, as data: versions, namespaces, element names,
 * type names. Code looks these up instead of branching on versions.
 */

export type WfsVersion = '1.0.0' | '1.1.0' | '2.0.0';
export type GmlVersion = 'GML2' | 'GML3' | 'GML32';

export const NS = {
  wfs: 'http://www.opengis.net/wfs',
  wfs20: 'http://www.opengis.net/wfs/2.0',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  gml: 'http://www.opengis.net/gml',
  gml32: 'http://www.opengis.net/gml/3.2',
  ogc: 'http://www.opengis.net/ogc',
  fes: 'http://www.opengis.net/fes/2.0',
} as const;

export interface WfsVersionProtocol {
  /** Namespace and schema location of the version's requests. */
  namespace: string;
  schemaLocation: string;
  /** The GML of its geometries. */
  gml: GmlVersion;
  /** The element naming the property a Transaction's Update sets. */
  updatedPropertyName: 'Name' | 'ValueReference';
  /** The filter element selecting features by id, in GetFeature queries. */
  featureIdFilter: { namespace: string; element: string; attribute: string };
  /** The element naming a property in a GetFeature filter (in the `featureIdFilter` namespace). */
  filterPropertyName: 'PropertyName' | 'ValueReference';
  /** The GetFeature `Query` attribute naming the feature type. */
  queryTypeAttribute: 'typeName' | 'typeNames';
  /** The KVP parameter naming the feature type in DescribeFeatureType. */
  typeNameParameter: string;
  /** The GetFeature attribute limiting the number of features. */
  limitAttribute: 'maxFeatures' | 'count';
  /**
   * The answer's attribute holding the count a `resultType="hits"` GetFeature asks for. WFS 1.0
   * has no hits; QGIS Server and GeoServer answer them anyway, as in 1.1.
   */
  hitsAttribute: 'numberOfFeatures' | 'numberMatched';
  /** Where a GetFeature `Query` orders its answer (`SortBy`, in the filter namespace); WFS 1.0 has none. */
  sortBy: { namespace: string } | undefined;
}

export const WFS_VERSIONS: Readonly<Record<WfsVersion, WfsVersionProtocol>> = {
  '1.0.0': {
    namespace: NS.wfs,
    schemaLocation: `${NS.wfs} http://schemas.opengis.net/wfs/1.0.0/wfs.xsd`,
    gml: 'GML2',
    updatedPropertyName: 'Name',
    featureIdFilter: { namespace: NS.ogc, element: 'FeatureId', attribute: 'fid' },
    filterPropertyName: 'PropertyName',
    queryTypeAttribute: 'typeName',
    typeNameParameter: 'TYPENAME',
    limitAttribute: 'maxFeatures',
    hitsAttribute: 'numberOfFeatures',
    sortBy: undefined,
  },
  '1.1.0': {
    namespace: NS.wfs,
    schemaLocation: `${NS.wfs} http://schemas.opengis.net/wfs/1.1.0/wfs.xsd`,
    gml: 'GML3',
    updatedPropertyName: 'Name',
    featureIdFilter: { namespace: NS.ogc, element: 'FeatureId', attribute: 'fid' },
    filterPropertyName: 'PropertyName',
    queryTypeAttribute: 'typeName',
    typeNameParameter: 'TYPENAME',
    limitAttribute: 'maxFeatures',
    hitsAttribute: 'numberOfFeatures',
    sortBy: { namespace: NS.ogc },
  },
  '2.0.0': {
    namespace: NS.wfs20,
    schemaLocation: `${NS.wfs20} http://schemas.opengis.net/wfs/2.0/wfs.xsd`,
    gml: 'GML32',
    updatedPropertyName: 'ValueReference',
    featureIdFilter: { namespace: NS.fes, element: 'ResourceId', attribute: 'rid' },
    filterPropertyName: 'ValueReference',
    queryTypeAttribute: 'typeNames',
    typeNameParameter: 'TYPENAMES',
    limitAttribute: 'count',
    hitsAttribute: 'numberMatched',
    sortBy: { namespace: NS.fes },
  },
};

export function isWfsVersion(value: string): value is WfsVersion {
  return Object.hasOwn(WFS_VERSIONS, value);
}

/**
 * The srsName the adapter writes and asks for: lon/lat whatever the server's convention for
 * `EPSG:4326` is (QGIS Server and OpenLayers disagree on it; see `scripts/wfs-server/README.md`).
 */
export const LON_LAT_SRS_NAME = 'urn:ogc:def:crs:OGC:1.3:CRS84';

/** GeoJSON first: it is always lon/lat and needs no GML parsing. */
export const PREFERRED_OUTPUT_FORMAT = 'application/json';

/** XML Schema simple types → the core's property types; anything else is read as a string. */
/** The XSD number types that hold whole numbers only. */
export const XSD_INTEGER_TYPES: ReadonlySet<string> = new Set([
  'int', 'integer', 'long', 'short', 'byte', 'nonNegativeInteger', 'positiveInteger', 'negativeInteger', 'nonPositiveInteger',
  'unsignedInt', 'unsignedLong', 'unsignedShort', 'unsignedByte',
]);

export const XSD_PROPERTY_TYPES: Readonly<Record<string, PropertyType>> = {
  int: 'number',
  integer: 'number',
  long: 'number',
  short: 'number',
  byte: 'number',
  decimal: 'number',
  double: 'number',
  float: 'number',
  nonNegativeInteger: 'number',
  positiveInteger: 'number',
  negativeInteger: 'number',
  nonPositiveInteger: 'number',
  unsignedInt: 'number',
  unsignedLong: 'number',
  unsignedShort: 'number',
  unsignedByte: 'number',
  boolean: 'boolean',
  date: 'date',
  dateTime: 'date',
  string: 'string',
};

/** What differs between the GML versions a Transaction's geometries are written in. */
export interface GmlWriting {
  namespace: string;
  /** GML 2 writes `coordinates` tuples; GML 3 `pos` / `posList`. */
  coordinates: 'tuples' | 'posList';
  exterior: string;
  interior: string;
  /**
   * Element and member names of the multi-geometries in Inserts and in Updates. QGIS Server
   * rejects `MultiSurface` / `MultiCurve` input in WFS 1.x (notes/real-wfs-server.md gotcha 6), so
   * the GML 2 names are written; `ol/format/WFS` writes GML 3.2 Update values with the GML 3.2
   * names (GML 3.2 has no others), and the adapter keeps to what OpenLayers sent.
   */
  insertMulti: MultiGeometryNames;
  updateMulti: MultiGeometryNames;
}

export type MultiGeometryNames = Readonly<Record<'MultiPoint' | 'MultiLineString' | 'MultiPolygon', { element: string; member: string }>>;

const GML2_MULTI: MultiGeometryNames = {
  MultiPoint: { element: 'MultiPoint', member: 'pointMember' },
  MultiLineString: { element: 'MultiLineString', member: 'lineStringMember' },
  MultiPolygon: { element: 'MultiPolygon', member: 'polygonMember' },
};

const GML32_MULTI: MultiGeometryNames = {
  MultiPoint: { element: 'MultiPoint', member: 'pointMember' },
  MultiLineString: { element: 'MultiCurve', member: 'curveMember' },
  MultiPolygon: { element: 'MultiSurface', member: 'surfaceMember' },
};

export const GML_WRITING: Readonly<Record<GmlVersion, GmlWriting>> = {
  GML2: { namespace: NS.gml, coordinates: 'tuples', exterior: 'outerBoundaryIs', interior: 'innerBoundaryIs', insertMulti: GML2_MULTI, updateMulti: GML2_MULTI },
  GML3: { namespace: NS.gml, coordinates: 'posList', exterior: 'exterior', interior: 'interior', insertMulti: GML2_MULTI, updateMulti: GML2_MULTI },
  GML32: { namespace: NS.gml32, coordinates: 'posList', exterior: 'exterior', interior: 'interior', insertMulti: GML2_MULTI, updateMulti: GML32_MULTI },
};

/** GML property types (GML 2, 3.1 and 3.2 names) → the geometry kind of the layer. */
export const GML_GEOMETRY_KINDS: Readonly<Record<string, GeometryKind>> = {
  PointPropertyType: 'Point',
  MultiPointPropertyType: 'MultiPoint',
  LineStringPropertyType: 'LineString',
  CurvePropertyType: 'LineString',
  MultiLineStringPropertyType: 'MultiLineString',
  MultiCurvePropertyType: 'MultiLineString',
  PolygonPropertyType: 'Polygon',
  SurfacePropertyType: 'Polygon',
  MultiPolygonPropertyType: 'MultiPolygon',
  MultiSurfacePropertyType: 'MultiPolygon',
};

/**
 * Integer properties with these names are the table's primary key as published by the server
 * (QGIS Server lists its `id` as a non-nillable int): the server assigns them, so inserts omit them.
 */
export const SERVER_KEY_NAMES: ReadonlySet<string> = new Set(['id', 'fid', 'gid', 'ogc_fid', 'objectid']);

/** QGIS Server and GeoServer accept these in an inserted feature besides the schema's fields. */
export const GML_FEATURE_MEMBERS: ReadonlySet<string> = new Set(['boundedBy']);
