import type { AttributeSpec, BoundingBox, FeatureTypeSpec, GeometryBinding } from '../domain/admin.js';
import { DEFAULT_BBOX_SRID, DEFAULT_GEOMETRY_FIELD, DEFAULT_MAX_FEATURES } from '../domain/constants.js';

/** The layer kinds of the test screens and the feature map selector, with their geometry binding. */
export const LAYER_KINDS = {
  point: 'Point',
  line: 'LineString',
  polygon: 'Polygon',
  multipolygon: 'MultiPolygon',
  multiline: 'MultiLineString',
  multipoint: 'MultiPoint',
} as const satisfies Record<string, GeometryBinding>;

/** A layer kind of the test screens: `point`, `line`, `polygon`, `multipolygon`, `multiline` or `multipoint`. */
export type LayerKind = keyof typeof LAYER_KINDS;

/** The whole lon/lat world, GeoServer's default bounding box for a new layer in EPSG:4326. */
export function defaultBoundingBox(srid: number = DEFAULT_BBOX_SRID): BoundingBox {
  return { minx: -180, maxx: 180, miny: -90, maxy: 90, crs: `EPSG:${srid}` };
}

/** Input of {@link buildFeatureTypeSpec}: what a person chooses for a new layer. */
export interface FeatureTypeSpecInput {
  name: string;
  kind: LayerKind;
  store: string;
  namespace: string;
  srid?: number;
  /** Non-geometry attributes; the geometry attribute `geom` is added from `kind`. */
  attributes?: AttributeSpec[];
  title?: string;
  keywords?: string[];
}

/** Builds a feature type payload for a new PostGIS table of one geometry kind (spec section 3). */
export function buildFeatureTypeSpec(input: FeatureTypeSpecInput): FeatureTypeSpec {
  const srid = input.srid ?? DEFAULT_BBOX_SRID;
  return {
    name: input.name,
    nativeName: input.name,
    namespace: input.namespace,
    title: input.title ?? input.name,
    keywords: input.keywords ?? ['features', input.name],
    nativeCRS: `EPSG:${srid}`,
    srs: `EPSG:${srid}`,
    nativeBoundingBox: defaultBoundingBox(srid),
    latLonBoundingBox: defaultBoundingBox(DEFAULT_BBOX_SRID),
    projectionPolicy: 'FORCE_DECLARED',
    enabled: true,
    store: input.store,
    maxFeatures: DEFAULT_MAX_FEATURES,
    numDecimals: 8,
    attributes: [
      { name: DEFAULT_GEOMETRY_FIELD, binding: LAYER_KINDS[input.kind], nillable: true, minOccurs: 0, maxOccurs: 1 },
      ...(input.attributes ?? []),
    ],
  };
}
