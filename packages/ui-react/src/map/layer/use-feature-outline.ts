import type { EditableFeature } from '@gportal/core';
import { useEffect } from 'react';
import { L } from '../leaflet';

/** How {@link useFeatureOutline} draws: the line, an optional wider halo beneath it, and the map element's data key of the ids. */
export interface FeatureOutlineOptions {
  style: L.PathOptions;
  /** Drawn first, wider: keeps the line's contrast on any base map. */
  halo?: L.PathOptions;
  /** `data-…` key of the map element listing the outlined ids, for pages and tests. */
  dataKey: string;
}

/** Outlines `features` above the feature layer until the list changes; their ids are on the map element. */
export function useFeatureOutline(map: L.Map | undefined, features: readonly EditableFeature[], { style, halo, dataKey }: FeatureOutlineOptions): void {
  useEffect(() => {
    if (!map) return;
    const element = map.getContainer();
    element.dataset[dataKey] = features.map((feature) => feature.id).join(' ');
    if (features.length === 0) return;
    const shapes = features.map((feature) => ({ type: 'Feature' as const, geometry: feature.geometry as GeoJSON.Geometry, properties: {} }));
    const layers = (halo ? [halo, style] : [style]).map((pathStyle) =>
      L.geoJSON(shapes, { style: () => pathStyle, interactive: false, pointToLayer: (_point, latlng) => L.circleMarker(latlng, { ...pathStyle, radius: 12 }) }).addTo(map),
    );
    return () => {
      for (const layer of layers) layer.remove();
    };
  }, [map, features, style, halo, dataKey]);
}
