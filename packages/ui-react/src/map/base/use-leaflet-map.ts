import { initialMapBounds, type MapBounds } from '@gportal/core';
import { startTransition, useEffect, useState, type RefObject } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { BASE_PANE, BASE_TILES_PANE, MAP_CRS } from './base-layer';
import { L } from '../leaflet';
import { nextTask } from '../../ui/stages';

/** Leaflet's `[[south, west], [north, east]]` of the core's bounds. */
export const toLatLngBounds = ({ south, west, north, east }: MapBounds): L.LatLngBounds => L.latLngBounds([south, west], [north, east]);

/**
 * A Leaflet map in the element of `container`, showing the initial bounds (spec section 9)
 * until data arrives, and kept the element's size as it changes; removed with everything on it
 * when the component goes. Its zoom buttons are named in the app's language.
 */
export function useLeafletMap(container: RefObject<HTMLDivElement | null>): L.Map | undefined {
  const { t } = useI18n();
  const [map, setMap] = useState<L.Map>();
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let live = true;
    let made: { map: L.Map; resized: ResizeObserver } | undefined;
    // Made in a task of its own, after the commit's other effects (the session's start among
    // them): the map's making lays the page out (Leaflet measures its element), and that with
    // the rest of the commit's effects would be one long task.
    void nextTask().then(() => {
      if (!live) return;
      // Leaflet's own zoom control has English titles built in; the one added below is named from the table.
      const created = L.map(element, { crs: MAP_CRS, zoomSnap: 0.25, zoomControl: false });
      created.attributionControl.setPrefix('Leaflet');
      const pane = created.createPane(BASE_PANE);
      pane.style.zIndex = '250';
      created.createPane(BASE_TILES_PANE).style.zIndex = '260';
      created.fitBounds(toLatLngBounds(initialMapBounds()));
      // The map follows its element, not only the window (Leaflet's `trackResize`): the side menu
      // folding, or the page's layout settling, resize the element while the window keeps its size,
      // and a map that did not know would leave its new part without land, features or tiles. The
      // centre stays; its layers are redrawn once the element has stopped changing (a transition).
      const resized = new ResizeObserver(() => created.invalidateSize({ debounceMoveend: true }));
      resized.observe(element);
      made = { map: created, resized };
      // The editor's render with its map (its layers, canvas and handlers made in its effects) as
      // a transition: rendered in slices, its effects in a task after the commit's, not all of it
      // in one task (a default update is rendered at once). No input waits on it: the map is new.
      startTransition(() => setMap(created));
    });
    return () => {
      live = false;
      made?.resized.disconnect();
      made?.map.remove();
      setMap(undefined);
    };
  }, [container]);
  // Made again on a switch of language: its titles are set when the control is added.
  useEffect(() => {
    if (!map) return;
    const control = L.control.zoom({ zoomInTitle: t('leaflet.zoomIn'), zoomOutTitle: t('leaflet.zoomOut') }).addTo(map);
    return () => {
      control.remove();
    };
  }, [map, t]);
  return map;
}

/** Adds the base layer made by `create` (when given, and handed `after`) under the features; removes it on cleanup. */
export function useBaseLayer(map: L.Map | undefined, create: ((after?: Promise<unknown>) => Promise<L.Layer>) | undefined, onError: (error: unknown) => void, after?: Promise<unknown>): void {
  useEffect(() => {
    if (!map || !create) return;
    let layer: L.Layer | undefined;
    let live = true;
    create(after).then(
      (made) => {
        if (!live) return;
        layer = made;
        made.addTo(map);
      },
      (error: unknown) => live && onError(error),
    );
    return () => {
      live = false;
      if (layer) map.removeLayer(layer);
    };
    // `onError` only reports; a new one must not reload the base map.
  }, [map, create, after]);
}
