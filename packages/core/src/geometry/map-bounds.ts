import geographiclib from 'geographiclib-geodesic';
import { COLLAPSED_BOUNDS_SIZE_M, INITIAL_BOUNDS, INITIAL_BOUNDS_PADDING } from '../domain/constants.js';
import { geometryBBox, type Geometry } from '../domain/geometry.js';

const { Geodesic } = geographiclib;

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
 * `sizeMetres` across centred on it, since fitting a point would zoom in without limit.
 */
export function fittableBounds(bounds: MapBounds, sizeMetres: number = COLLAPSED_BOUNDS_SIZE_M): MapBounds {
  if (bounds.south !== bounds.north || bounds.west !== bounds.east) return bounds;
  const half = sizeMetres / 2;
  const at = (azimuth: number) => Geodesic.WGS84.Direct(bounds.south, bounds.west, azimuth, half);
  return {
    south: at(180).lat2 ?? bounds.south,
    west: at(270).lon2 ?? bounds.west,
    north: at(0).lat2 ?? bounds.north,
    east: at(90).lon2 ?? bounds.east,
  };
}
