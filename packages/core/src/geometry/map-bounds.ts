import { COLLAPSED_BOUNDS_SIZE_M, INITIAL_BOUNDS, INITIAL_BOUNDS_PADDING } from '../domain/constants.js';
import { geometryBBox, type Geometry } from '../domain/geometry.js';

/** WGS84's semi-major axis (m) and first eccentricity squared. */
const WGS84_A = 6_378_137;
const WGS84_E2 = (1 / 298.257_223_563) * (2 - 1 / 298.257_223_563);

/** Lat/lng bounds in degrees, in the shape map libraries take (Leaflet's `[[south, west], [north, east]]`). */
export interface MapBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Grows bounds by `ratio` of their height and width on every side, as Leaflet's `LatLngBounds.pad`. */
export function padBounds(bounds: MapBounds, ratio: number): MapBounds {
  const height = (bounds.north - bounds.south) * ratio;
  const width = (bounds.east - bounds.west) * ratio;
  return { south: bounds.south - height, west: bounds.west - width, north: bounds.north + height, east: bounds.east + width };
}

/** The map's first view: the sample region of spec section 9, padded 10 %. */
export function initialMapBounds(): MapBounds {
  return padBounds(INITIAL_BOUNDS, INITIAL_BOUNDS_PADDING);
}

/** Bounds of every geometry together; `undefined` when there is nothing to bound. */
export function boundsOfGeometries(geometries: Iterable<Geometry>): MapBounds | undefined {
  let bounds: MapBounds | undefined;
  for (const geometry of geometries) {
    const [west, south, east, north] = geometryBBox(geometry);
    if (![west, south, east, north].every(Number.isFinite)) continue;
    bounds = bounds
      ? {
          south: Math.min(bounds.south, south),
          west: Math.min(bounds.west, west),
          north: Math.max(bounds.north, north),
          east: Math.max(bounds.east, east),
        }
      : { south, west, north, east };
  }
  return bounds;
}

/**
 * Bounds a map can fit: bounds that collapse to a point (a single point feature) become a box
 * `sizeMetres` across centred on it, since fitting a point would zoom in without limit. The box's
 * half sides come from the ellipsoid's radii of curvature at the point (meridian and prime
 * vertical): over a few metres they match a geodesic solution to far below a millimetre, without
 * the geodesic library on a map's first load.
 */
export function fittableBounds(bounds: MapBounds, sizeMetres: number = COLLAPSED_BOUNDS_SIZE_M): MapBounds {
  if (bounds.south !== bounds.north || bounds.west !== bounds.east) return bounds;
  const half = sizeMetres / 2;
  const latitude = (bounds.south * Math.PI) / 180;
  const w = Math.sqrt(1 - WGS84_E2 * Math.sin(latitude) ** 2);
  const meridian = (WGS84_A * (1 - WGS84_E2)) / w ** 3;
  const parallel = (WGS84_A / w) * Math.cos(latitude);
  const dLat = (half / meridian) * (180 / Math.PI);
  const dLng = Math.min(180, (half / Math.max(parallel, Number.EPSILON)) * (180 / Math.PI));
  return { south: bounds.south - dLat, west: bounds.west - dLng, north: bounds.north + dLat, east: bounds.east + dLng };
}
