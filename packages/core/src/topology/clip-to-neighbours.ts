import { bboxIntersects, geometryBBox, type Geometry, type MultiPolygon, type Polygon } from '../domain/geometry.js';
import { differenceOf } from './polygon-algebra.js';

/**
 * A polygon less whatever of it overlaps its neighbours (QGIS's "avoid overlap"), in the plane
 * of the lon/lat coordinates: what a newly drawn or reshaped polygon becomes so that it fits the
 * mosaic. Neighbours that are not polygonal, or whose boxes miss it, are passed over.
 *
 * @param geometry - the polygon to clip.
 * @param neighbours - the other features' geometries.
 * @returns the clipped shape, of the input's type (a Polygon that falls apart into several
 *   pieces becomes a MultiPolygon; x and y only), or `undefined` when the neighbours cover it all.
 *
 * @example
 * ```ts
 * const drawn: Polygon = { type: 'Polygon', coordinates: [[[0, 0], [2, 0], [2, 1], [0, 1], [0, 0]]] };
 * const neighbour: Polygon = { type: 'Polygon', coordinates: [[[1, 0], [3, 0], [3, 1], [1, 1], [1, 0]]] };
 * clipToNeighbours(drawn, [neighbour]); // the square 0,0 to 1,1
 * ```
 */
export function clipToNeighbours(geometry: Polygon | MultiPolygon, neighbours: readonly Geometry[]): Polygon | MultiPolygon | undefined {
  const box = geometryBBox(geometry);
  const near = neighbours.filter(
    (neighbour): neighbour is Polygon | MultiPolygon => (neighbour.type === 'Polygon' || neighbour.type === 'MultiPolygon') && bboxIntersects(box, geometryBBox(neighbour)),
  );
  const left = differenceOf(geometry, near);
  const [only] = left;
  if (only === undefined) return undefined;
  if (geometry.type === 'MultiPolygon' || left.length > 1) return { type: 'MultiPolygon', coordinates: left };
  return { type: 'Polygon', coordinates: only };
}
