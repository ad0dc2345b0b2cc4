import type { Polygon } from '../src/domain/geometry.js';

/** A square of half-width `half` degrees around (`lng`, `lat`), its ring closed. */
export function square(lng: number, lat: number, half = 0.05): Polygon {
  return {
    type: 'Polygon',
    coordinates: [[[lng - half, lat - half], [lng + half, lat - half], [lng + half, lat + half], [lng - half, lat + half], [lng - half, lat - half]]],
  };
}
