import type { Geometry } from '@gportal/core';
import { useEffect } from 'react';
import { L } from '../leaflet';

/** The neighbours as they will follow: dashed orange, as unsaved shapes are, over their saved outline. */
const PREVIEW_STYLE: L.PathOptions = { color: '#d46b08', weight: 2, dashArray: '5 4', fill: false, interactive: false };

/**
 * 拓扑编辑's preview: the neighbours' outlines as they follow the shape being edited (their shared
 * vertices moved, the vertices inserted on shared edges added), redrawn at each step of the edit
 * and gone when it ends. Their ids are on the map element as `data-following`.
 */
export function useNeighbourPreview(map: L.Map | undefined, following: ReadonlyArray<{ id: string; geometry: Geometry }>): void {
  useEffect(() => {
    if (!map || following.length === 0) return;
    const group = L.layerGroup(following.map(({ geometry }) => L.geoJSON(geometry, { style: PREVIEW_STYLE, interactive: false }))).addTo(map);
    const container = map.getContainer();
    container.dataset.following = following.map(({ id }) => id).join(' ');
    return () => {
      group.remove();
      delete container.dataset.following;
    };
  }, [map, following]);
}
