/** Business constants of spec section 9, exported from one place. */
export const DEFAULT_MAX_FEATURES = 2000;
export const DEFAULT_WFS_VERSION = '1.1.0';
export const DEFAULT_CRS = 'EPSG:4326';
export const DEFAULT_BBOX_SRID = 4326;
export const WORKSPACE_CREATION_SRID = 4490;
/** The seed's default geometry field name is `Shape`, overridden to `geom` for the feature layer. */
export const SEED_GEOMETRY_FIELD = 'Shape';
export const DEFAULT_GEOMETRY_FIELD = 'geom';
export const DEFAULT_FEATURE_NAMESPACE = 'gportal';
export const DEFAULT_TILE_SIZE = 256;
export const DEFAULT_TILE_LAYER = 'cite:vec_town';
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
