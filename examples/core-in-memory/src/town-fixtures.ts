import type { FeatureSchema, Polygon } from '@gportal/core';
import type { GeoJsonLayer } from './geojson-feature-source.js';

/** A one-degree cell with its south-west corner at `[lng, lat]`. */
export function degreeCell(lng: number, lat: number): Polygon {
  return { type: 'Polygon', coordinates: [[[lng, lat], [lng + 1, lat], [lng + 1, lat + 1], [lng, lat + 1], [lng, lat]]] };
}

/**
 * Geodesic areas of one-degree cells on WGS 84 (GeographicLib's `PolygonArea`, as in
 * `Planimeter`): the equator cell is the textbook 12 308.78 km².
 */
export const CELL_AREA_M2 = { equator: 12_308_778_361.47, lat30: 10_642_455_822.33 } as const;

export const TOWN_SCHEMA: FeatureSchema = {
  typeName: 'towns:area',
  geometryField: 'geometry',
  geometryKind: 'Polygon',
  properties: [
    { name: 'name', type: 'string', nullable: true },
    { name: 'population', type: 'number', nullable: true },
  ],
};

/** Three towns as another team might keep them: a GeoJSON FeatureCollection. */
export const TOWNS_GEOJSON: GeoJsonLayer = {
  schema: TOWN_SCHEMA,
  collection: {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', id: 1, geometry: degreeCell(118, 30), properties: { name: 'Huangshan', population: 1_330_000 } },
      { type: 'Feature', id: 2, geometry: degreeCell(119, 30), properties: { name: null, population: 5000 } },
      { type: 'Feature', id: 3, geometry: degreeCell(0, 0), properties: { name: 'Equator', population: 1200 } },
    ],
  },
};
