/** Business constants of spec section 9, exported from one place. */
export const DEFAULT_MAX_FEATURES = 2000;
/** The WFS version requests use unless told otherwise. */
export const DEFAULT_WFS_VERSION = '1.1.0';
/** The map's and the WFS answers' CRS: `EPSG:4326`. */
export const DEFAULT_CRS = 'EPSG:4326';
/** The srid of lon/lat bounding boxes: 4326 (WGS 84). */
export const DEFAULT_BBOX_SRID = 4326;
/** The srid a portal workspace is created with: 4490 (CGCS2000). */
export const WORKSPACE_CREATION_SRID = 4490;
/** The seed's default geometry field name is `Shape`, overridden to `geom` for the feature layer. */
export const SEED_GEOMETRY_FIELD = 'Shape';
/** The geometry attribute of a layer gportal creates: `geom`. */
export const DEFAULT_GEOMETRY_FIELD = 'geom';
/** The feature namespace prefix when a server names none. */
export const DEFAULT_FEATURE_NAMESPACE = 'gportal';
/** Tile size of the base map, in pixels. */
export const DEFAULT_TILE_SIZE = 256;
/** The base map's WMTS layer (spec section 7). */
export const DEFAULT_TILE_LAYER = 'cite:vec_town';
/** Prefix of a portal workspace's map-server name: `store_` + id (`store_20`). */
export const DEFAULT_WORKSPACE_PREFIX = 'store_';

/** Sample defaults of spec section 3. */
export const SAMPLE_DEFAULTS = {
  workspace: 'store_33',
  dataStore: 'store_33',
  layer: 'polygon',
  style: 'polygon',
  srid: 4326,
} as const;

/** Initial map bounds of spec section 9 (before the 10 % padding). */
export const INITIAL_BOUNDS = { south: 20.56, north: 28.32, west: 115.85, east: 120.72 } as const;

/** Padding added on every side of {@link INITIAL_BOUNDS}, as a fraction of its size (spec section 9). */
export const INITIAL_BOUNDS_PADDING = 0.1;
/** Bounds that collapse to a point (one feature, one vertex) are widened to a box this many metres across. */
export const COLLAPSED_BOUNDS_SIZE_M = 10;

/** Area units of the readable measurements (spec sections 2 and 9): ha from 10 000 m², km² from 1 000 000 m². */
export const HECTARE_THRESHOLD_M2 = 10_000;
/** Areas from this many m² read in km². */
export const SQUARE_KILOMETRE_THRESHOLD_M2 = 1_000_000;
/** Lengths above this many metres read in km. */
export const KILOMETRE_THRESHOLD_M = 1000;

/** Drawing limits of spec sections 4, 5 and 9. */
export const DRAWING = {
  /** A polygon needs at least 3 distinct points, a line 2; vertex removal keeps these. */
  minVertices: { polygon: 3, line: 2 },
  errorDisplayMs: { drawing: 2500, editing: 1000 },
  clickTolerancePx: 9,
  touchFinishTolerancePx: 10,
  guidelineDashSpacingPx: 20,
  maxGuideLineLength: 4000,
  markerIconSizePx: 24,
  featureStyle: { color: 'blue', weight: 3 },
  sampleMapSizePx: 500,
} as const;
