import type { EditableFeature } from '@gportal/core';
import { useEffect } from 'react';
import { L } from './leaflet';

/** Red and thick, unlike the saved (blue) and unsaved (orange, dashed) features beneath. */
export const CONFLICT_STYLE: L.PathOptions = { color: '#cf1322', weight: 5, opacity: 0.9, fill: false, dashArray: '2 6' };

/**
 * Outlines the features whose save conflicts with another client's changes, above the feature
 * layer, until they are resolved. Their ids are on the map element as `data-conflicts`.
 */
export function useConflictHighlight(map: L.Map | undefined, features: readonly EditableFeature[]): void {
  useEffect(() => {
    if (!map) return;
    const element = map.getContainer();
    element.dataset.conflicts = features.map((feature) => feature.id).join(' ');
    if (features.length === 0) return;
    const layer = L.geoJSON(
      features.map((feature) => ({ type: 'Feature' as const, geometry: feature.geometry as GeoJSON.Geometry, properties: {} })),
      { style: () => CONFLICT_STYLE, interactive: false, pointToLayer: (_point, latlng) => L.circleMarker(latlng, { ...CONFLICT_STYLE, radius: 12 }) },
    ).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, features]);
}
