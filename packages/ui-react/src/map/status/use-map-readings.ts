import { geodesicLength } from '@gportal/core';
import { useEffect, useState } from 'react';
import type { L } from '../leaflet';

/** Pixels across the map's centre the scale is measured over: wide enough to be exact, narrow enough to stay on any map. */
const SAMPLE_PX = 100;

/**
 * Ground metres a CSS pixel is along the parallel through the map's centre (the map's EPSG:4326
 * grid stretches east–west by latitude, so this is the scale where the user looks), on the
 * ellipsoid as the measurements are; `undefined` while the map has no size.
 */
export function metresPerPixel(map: L.Map): number | undefined {
  const size = map.getSize();
  if (size.x <= 0 || size.y <= 0) return undefined;
  const y = size.y / 2;
  const west = map.containerPointToLatLng([size.x / 2 - SAMPLE_PX / 2, y]);
  const east = map.containerPointToLatLng([size.x / 2 + SAMPLE_PX / 2, y]);
  const metres = geodesicLength({ type: 'LineString', coordinates: [[west.lng, west.lat], [east.lng, east.lat]] });
  return Number.isFinite(metres) && metres > 0 ? metres / SAMPLE_PX : undefined;
}

/** A longitude and latitude, the longitude wrapped into ±180°. */
export interface LonLat {
  readonly lon: number;
  readonly lat: number;
}

function lonLatOf(latlng: L.LatLng): LonLat {
  const wrapped = latlng.wrap();
  return { lon: wrapped.lng, lat: wrapped.lat };
}

/**
 * What the status line reads from the map: the pointer's position (the map's centre until a
 * pointer moves over it or a finger taps it, so a touch screen reads something too) and the
 * metres a pixel is. The pointer is read once a frame, however often the mouse moves.
 */
export function useMapReadings(map: L.Map | undefined): { position: LonLat | undefined; metresPerPixel: number | undefined } {
  const [position, setPosition] = useState<LonLat>();
  const [scale, setScale] = useState<number>();
  useEffect(() => {
    if (!map) return;
    let frame: number | undefined;
    let latest: L.LatLng | undefined;
    const show = () => {
      frame = undefined;
      if (latest) setPosition(lonLatOf(latest));
    };
    const onPointer = (event: L.LeafletMouseEvent) => {
      latest = event.latlng;
      frame ??= requestAnimationFrame(show);
    };
    const onView = () => {
      setScale(metresPerPixel(map));
      if (!latest) setPosition(lonLatOf(map.getCenter()));
    };
    onView();
    map.on('mousemove', onPointer);
    map.on('click', onPointer);
    map.on('moveend zoomend resize', onView);
    return () => {
      map.off('mousemove', onPointer);
      map.off('click', onPointer);
      map.off('moveend zoomend resize', onView);
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [map]);
  return { position, metresPerPixel: scale };
}
