import type { BBox, Geometry, GeometryKind } from './geometry.js';

/** A property value as the core sees it: typed by the layer's schema. */
export type PropertyValue = string | number | boolean | Date | null;
/** A feature's properties by name. */
export type Properties = Record<string, PropertyValue>;

/** The four property types a feature schema knows (spec section 3). */
export type PropertyType = 'number' | 'string' | 'boolean' | 'date';

/** One property of a {@link FeatureSchema}. */
export interface PropertySchema {
  name: string;
  type: PropertyType;
  nullable: boolean;
  /** A `number` property that holds whole numbers only (`xsd:int`, `long`, a PostGIS `integer` column): `3.7` does not fit. */
  integer?: boolean;
  /** The server's own type name (`int`, `xsd:decimal`, `java.lang.String` …), kept for diagnostics. */
  nativeType?: string;
  /**
   * The field's title as the server gives it, for people to read (a QGIS project's field alias,
   * `名称` for `name`): what a UI shows when no label is configured for the field.
   */
  title?: string;
}

/** A layer's schema: its geometry and typed properties. */
export interface FeatureSchema {
  typeName: string;
  /** Name of the geometry property: `geom` on GeoServer here, always `geometry` on QGIS Server. */
  geometryField: string;
  geometryKind: GeometryKind;
  properties: PropertySchema[];
  /** Feature namespace URI, when the server publishes one. */
  namespace?: string;
  /** Properties the server fills itself (primary keys); never sent on insert. */
  readOnly?: string[];
}

/** A map feature: server id, typed properties and a GeoJSON geometry (lon/lat for EPSG:4326). */
export interface MapFeature {
  id: string;
  properties: Properties;
  geometry: Geometry;
}

/** Change-tracking state of a feature in an edit session (spec section 3). */
export type FeatureState = 'exist' | 'insert' | 'update' | 'remove';

/** The comparisons of an {@link AttributeFilter}: equal, not equal, less (or equal), greater (or equal). */
export type ComparisonOperator = 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge';

/**
 * Attribute filter, translated by each adapter into its own query language (OGC Filter in WFS).
 * It has SQL's three-valued logic, as the servers' databases do: a comparison or a `like` on a
 * null property is unknown, `not` of unknown is unknown, and only a true filter selects. Strings
 * compare as the server's database compares them (by code point in memory and on a `C` database,
 * as on the test server); dates by their instant; numbers as numbers.
 */
export type AttributeFilter =
  | { op: ComparisonOperator; property: string; value: string | number | boolean | Date }
  /**
   * A string pattern, case-insensitive: `*` any run of characters (none included), `?` exactly
   * one character, `!` takes the next character literally (`!*`, `!?`, `!!`); every other
   * character stands for itself. {@link likePatternOf} escapes a user's text.
   */
  | { op: 'like'; property: string; pattern: string }
  | { op: 'isNull'; property: string }
  | { op: 'and' | 'or'; filters: AttributeFilter[] }
  | { op: 'not'; filter: AttributeFilter };

/** One key of a {@link FeatureQuery.sortBy}. */
export interface SortKey {
  property: string;
  order: 'asc' | 'desc';
}

/** Which features {@link FeatureSource.getFeatures} reads. */
export interface FeatureQuery {
  typeName: string;
  /** Defaults to {@link DEFAULT_MAX_FEATURES} (2000). */
  maxFeatures?: number;
  /** `[minx, miny, maxx, maxy]` in lon/lat (EPSG:4326). */
  bbox?: BBox;
  filter?: AttributeFilter;
  featureIds?: string[];
  /**
   * Features of the selection skipped before the first one answered, for paging (WFS
   * `startIndex`); defaults to 0. Pages follow the source's order, which must be the same from
   * one request to the next: give `sortBy` for pages that never overlap or skip.
   */
  startIndex?: number;
  /**
   * The order of the answer, by these keys in turn, then by feature id (ascending, its trailing
   * number compared as a number: `towns.9` before `towns.10`), so equal keys are always in the
   * same order and pages never overlap or skip. An empty array asks for the id order alone; left
   * out, the source's own order. Nulls sort after every value ascending and before them
   * descending (as PostgreSQL does); strings in the Unicode root collation in memory (`alpine`
   * before `BETA`, as QGIS Server sorts), in the server's collation elsewhere. A source that cannot sort or page throws
   * `QueryNotSupportedError`.
   */
  sortBy?: SortKey[];
}

/** Which features {@link FeatureSource.countFeatures} counts: the selection of a {@link FeatureQuery}, without paging. */
export type FeatureCountQuery = Pick<FeatureQuery, 'typeName' | 'bbox' | 'filter'> & {
  /**
   * Where the count may stop: a source may answer `atMost` for a selection holding more (QGIS
   * Server counts 100 000 rows in about a second, 2001 at once); the answer is exact below it.
   * Left out: the whole selection is counted.
   */
  atMost?: number;
};

/** The answer of {@link FeatureSource.getFeatures}. */
export interface FeatureSet {
  features: MapFeature[];
  /** Features the server sent without an id or a geometry the map can draw (`isGeometry`); they are skipped (spec section 8). */
  skipped: number;
}

/** A layer a {@link FeatureSource} offers. */
export interface FeatureTypeSummary {
  name: string;
  title?: string;
  /** Lon/lat bounding box advertised by the server. */
  bbox?: BBox;
}

/** A new feature in a transaction. */
export interface FeatureInsert {
  /** Client handle echoed by the server so inserted ids can be matched whatever their order. */
  handle: string;
  geometry: Geometry;
  properties: Properties;
}

/** A change to an existing feature in a transaction: only what changed. */
export interface FeatureUpdate {
  id: string;
  /** Present only when the geometry changed. */
  geometry?: Geometry;
  /** Only the properties that changed. */
  properties?: Properties;
}

/** Every pending change of one layer, sent in one transaction. */
export interface ChangeSet {
  typeName: string;
  inserts: FeatureInsert[];
  updates: FeatureUpdate[];
  deletes: string[];
}

/** The three actions of a WFS transaction. */
export type TransactionActionKind = 'insert' | 'update' | 'delete';

/** One action the server refused while committing the others (QGIS Server is not atomic). */
export interface ActionFailure {
  kind: TransactionActionKind;
  /** The insert handle, or the feature id of an update or delete. */
  ref: string;
  message: string;
}

/** What a committed transaction answered. */
export interface CommitResult {
  /** Inserted ids matched to their handles. */
  inserted: Array<{ handle: string; id: string }>;
  totals: { inserted: number; updated: number; deleted: number };
  /** Actions the server refused; empty on full success. */
  failures: ActionFailure[];
}
