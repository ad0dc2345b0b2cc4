import type { EditableFeature } from '@gportal/core';
import { useEffect } from 'react';
import { L } from '../leaflet';
import { useLatest } from '../../ui/use-latest';

/** A feature marked for deletion: red and dashed, so it reads as "going" and can still be clicked. */
export const MARKED_STYLE: L.PathOptions = { color: '#cf1322', weight: 3, dashArray: '4 6', fillOpacity: 0.1 };

/**
 * The features marked in `删除`, drawn over the map in the marked style. The renderer hides
 * them, so without this a second click would find nothing to unmark: a click on a marked copy
 * calls `onUnmark` and does not reach the map.
 */
export function useDeleteMarks(map: L.Map | undefined, marked: readonly EditableFeature[], onUnmark: (id: string) => void): void {
  const latest = useLatest(onUnmark);
  useEffect(() => {
    if (!map || marked.length === 0) return;
    const group = L.featureGroup();
    for (const feature of marked) {
      const layer = L.geoJSON(feature.geometry, {
        style: () => MARKED_STYLE,
        pointToLayer: (_point, latlng) => L.circleMarker(latlng, { ...MARKED_STYLE, radius: 8 }),
      });
      layer.on('click', (event: L.LeafletMouseEvent) => {
        L.DomEvent.stopPropagation(event);
        latest.current(feature.id);
      });
      group.addLayer(layer);
    }
    group.addTo(map);
    map.getContainer().dataset.marked = String(marked.length);
    return () => {
      group.remove();
      delete map.getContainer().dataset.marked;
    };
  }, [map, marked, latest]);
}

/** While `active`, Escape calls `onEscape` (as `取消` does), from the map or anywhere on the page but a dialog. */
export function useEscape(active: boolean, onEscape: () => void): void {
  const latest = useLatest(onEscape);
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      // Escape in a dialog over the map (输入坐标, a form) closes that dialog only, never the mode beneath it.
      const inDialog = event.target instanceof Element && event.target.closest('[role="dialog"], dialog') !== null;
      if (event.key === 'Escape' && !inDialog) latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active, latest]);
}
