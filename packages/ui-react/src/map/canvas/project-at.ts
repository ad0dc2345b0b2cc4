import type { Project } from './flat-shape';
import L from 'leaflet';

/** A CRS whose projection and transformation Leaflet exposes (every `L.CRS` of Leaflet has them). */
interface ProjectedCRS {
  projection: L.Projection;
}

const WEB_MERCATOR_RADIUS = 6378137;
const DEGREE = Math.PI / 180;

/**
 * The map's projection at `zoom` as a function writing world pixels: the projection of the CRS
 * (inlined for Leaflet's spherical Mercator and lon/lat, so that no object is made per position)
 * followed by its affine transformation, read off two positions.
 */
export function projectAt(crs: L.CRS, zoom: number): Project {
  const { projection } = crs as unknown as ProjectedCRS;
  const projectAny = (lng: number, lat: number, into: { x: number; y: number }): void => {
    const point = projection.project(L.latLng(lat, lng));
    into.x = point.x;
    into.y = point.y;
  };
  let projected: Project = projectAny;
  if (projection === L.Projection.LonLat) {
    projected = (lng, lat, into) => {
      into.x = lng;
      into.y = lat;
    };
  } else if (projection === L.Projection.SphericalMercator) {
    const max = (L.Projection.SphericalMercator as unknown as { MAX_LATITUDE: number }).MAX_LATITUDE;
    projected = (lng, lat, into) => {
      const sin = Math.sin(Math.max(Math.min(max, lat), -max) * DEGREE);
      into.x = WEB_MERCATOR_RADIUS * lng * DEGREE;
      into.y = (WEB_MERCATOR_RADIUS * Math.log((1 + sin) / (1 - sin))) / 2;
    };
  }
  const [a, b] = [L.latLng(0, 0), L.latLng(10, 10)];
  const [pixelA, pixelB] = [crs.latLngToPoint(a, zoom), crs.latLngToPoint(b, zoom)];
  const [projectedA, projectedB] = [{ x: 0, y: 0 }, { x: 0, y: 0 }];
  projected(a.lng, a.lat, projectedA);
  projected(b.lng, b.lat, projectedB);
  const scaleX = (pixelB.x - pixelA.x) / (projectedB.x - projectedA.x);
  const scaleY = (pixelB.y - pixelA.y) / (projectedB.y - projectedA.y);
  const offsetX = pixelA.x - scaleX * projectedA.x;
  const offsetY = pixelA.y - scaleY * projectedA.y;
  return (lng, lat, into) => {
    projected(lng, lat, into);
    into.x = scaleX * into.x + offsetX;
    into.y = scaleY * into.y + offsetY;
  };
}
