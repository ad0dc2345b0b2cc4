import type { Geometry, Position } from '../domain/geometry.js';
import type { MapFeature } from '../domain/feature.js';

/** What the topology functions read of a feature: its id and geometry. */
export type TopologyFeature = Pick<MapFeature, 'id' | 'geometry'>;

/** One vertex of one feature: `path` is its indices in the geometry's `coordinates`. */
export interface SharedVertex {
  id: string;
  /** `[i]` in a line or multipoint, `[ring, i]` in a polygon or multiline, `[polygon, ring, i]` in a multipolygon, `[]` for a point. */
  path: number[];
}

function near(position: Position, at: Position, tolerance: number): boolean {
  return Math.hypot((position[0] as number) - (at[0] as number), (position[1] as number) - (at[1] as number)) <= tolerance;
}

function visitVertices(geometry: Geometry, visit: (position: Position, path: number[]) => void): void {
  const along = (positions: readonly Position[], prefix: number[]): void => positions.forEach((position, index) => visit(position, [...prefix, index]));
  switch (geometry.type) {
    case 'Point':
      visit(geometry.coordinates, []);
      return;
    case 'MultiPoint':
    case 'LineString':
      along(geometry.coordinates, []);
      return;
    case 'MultiLineString':
    case 'Polygon':
      geometry.coordinates.forEach((part, partIndex) => along(part, [partIndex]));
      return;
    case 'MultiPolygon':
      geometry.coordinates.forEach((polygon, polygonIndex) => polygon.forEach((ring, ringIndex) => along(ring, [polygonIndex, ringIndex])));
      return;
  }
}

/**
 * Every vertex of every feature at a position, within a tolerance: the vertices topological
 * editing moves together. A ring's first vertex comes with its closing copy (both paths), since
 * moving one without the other would open the ring.
 *
 * @param features - the features to look in.
 * @param at - the position, lon/lat.
 * @param tolerance - the largest distance, in degrees (planar, in the lon/lat plane); 0 for the exact position.
 * @returns `{ id, path }` for each vertex found, in the order of the features and their coordinates.
 *
 * @example
 * ```ts
 * findSharedVertices(features, [118.5, 24.2], 1e-9); // [{ id: 'town.1', path: [0, 3] }, { id: 'town.2', path: [0, 0] }, { id: 'town.2', path: [0, 7] }]
 * ```
 */
export function findSharedVertices(features: readonly TopologyFeature[], at: Position, tolerance: number): SharedVertex[] {
  const found: SharedVertex[] = [];
  for (const feature of features) {
    visitVertices(feature.geometry, (position, path) => {
      if (near(position, at, tolerance)) found.push({ id: feature.id, path });
    });
  }
  return found;
}
