import { DEFAULT_MAX_FEATURES, formatArea, geodesicArea, ValidationError, type FeatureSource, type Geometry } from '@gportal/core';

/** One town of the report. */
export interface TownArea {
  id: string;
  /** The feature's `name` property, or its id when it has none. */
  name: string;
  /** Geodesic area on the WGS 84 ellipsoid, m². */
  squareMetres: number;
  /** `squareMetres` for people: m², ha or km² (the core's `formatArea`). */
  area: string;
}

/** Every town of a polygon layer, largest first, and their sum. */
export interface TownAreaReport {
  typeName: string;
  towns: TownArea[];
  totalSquareMetres: number;
  total: string;
  /** Features the source sent without a geometry (not counted). */
  skipped: number;
}

/** Options of {@link townAreaReport}. */
export interface TownAreaReportOptions {
  /** Polygon or multipolygon layer; default `store_33:polygon`, the sample towns. */
  typeName?: string;
  /** Most towns read; default `DEFAULT_MAX_FEATURES` (2000). */
  maxFeatures?: number;
}

const AREA_KINDS: ReadonlySet<Geometry['type']> = new Set(['Polygon', 'MultiPolygon']);

/**
 * Loads the towns of a polygon layer from any `FeatureSource` (the in-memory adapters, WFS, or
 * your own) and sums their geodesic areas. A layer of points or lines is refused with a
 * `ValidationError` before its features are read.
 */
export async function townAreaReport(source: FeatureSource, options: TownAreaReportOptions = {}): Promise<TownAreaReport> {
  const typeName = options.typeName ?? 'store_33:polygon';
  const schema = await source.describe(typeName);
  if (!AREA_KINDS.has(schema.geometryKind)) {
    throw new ValidationError({ typeName: `${typeName} holds ${schema.geometryKind} features; a town-area report needs polygons` });
  }
  const { features, skipped } = await source.getFeatures({ typeName, maxFeatures: options.maxFeatures ?? DEFAULT_MAX_FEATURES });
  const towns = features
    .flatMap(({ id, properties, geometry }) => {
      if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') return [];
      const squareMetres = geodesicArea(geometry);
      const name = typeof properties.name === 'string' && properties.name !== '' ? properties.name : id;
      return [{ id, name, squareMetres, area: formatArea(squareMetres) }];
    })
    .sort((a, b) => b.squareMetres - a.squareMetres);
  const totalSquareMetres = towns.reduce((sum, town) => sum + town.squareMetres, 0);
  return { typeName, towns, totalSquareMetres, total: formatArea(totalSquareMetres), skipped };
}
