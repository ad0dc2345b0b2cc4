import { useCallback, useEffect, useRef, useState } from 'react';
import type { FeatureLayerRenderer } from '../layer';
import { L } from '../leaflet';
import { SNAP_REACH_PX } from '../geometry';

/** The browser-storage key of the 吸附 toggle: `off` when turned off; on otherwise (the default). */
export const SNAP_STORAGE_KEY = 'gportal:snap';
/** Wider than leaflet-draw's vertex icon, so the ring shows around the vertex it snapped onto. */
const MARKER_SIZE = 22;

function storedSnap(): boolean {
  try {
    return localStorage.getItem(SNAP_STORAGE_KEY) !== 'off';
  } catch {
    // Storage denied (privacy settings, sandboxed frames): the default, not remembered.
    return true;
  }
}

function rememberSnap(on: boolean): void {
  try {
    if (on) localStorage.removeItem(SNAP_STORAGE_KEY);
    else localStorage.setItem(SNAP_STORAGE_KEY, 'off');
  } catch {
    // Not remembered; the toggle still works for this page.
  }
}

/**
 * 吸附: while on, a drawn or dragged vertex snaps to the nearest vertex of a shown feature within
 * 10 px (16 px by touch), else to the nearest point of an edge (of the edited layer's features,
 * and of the layers shown beside it through `also`), found through the layer canvas's
 * spatial index; a marker shows where it snapped until the next vertex that does not. On by
 * default; the choice is remembered in browser storage.
 */
/** Where a vertex snaps onto one set of features (a renderer's `snap`). */
export type SnapTarget = (latlng: L.LatLng, reach: number) => ReturnType<FeatureLayerRenderer['snap']>;

export function useSnapping(map: L.Map | undefined, renderer: FeatureLayerRenderer | undefined, also?: SnapTarget) {
  const [enabled, setEnabledState] = useState(storedSnap);
  const marker = useRef<L.Marker>(undefined);

  const hide = useCallback(() => {
    marker.current?.remove();
    marker.current = undefined;
  }, []);
  useEffect(() => hide, [map, hide]);

  const setEnabled = useCallback(
    (on: boolean) => {
      rememberSnap(on);
      setEnabledState(on);
      if (!on) hide();
    },
    [hide],
  );

  const snap = useCallback(
    (latlng: L.LatLng, touch: boolean): L.LatLng | undefined => {
      const reach = SNAP_REACH_PX[touch ? 'touch' : 'mouse'];
      const own = enabled && map && renderer ? renderer.snap(latlng, reach) : undefined;
      // The layers shown beside it too (a boundary along a river): a vertex before an edge, then the nearer.
      const other = enabled && map && also && own?.kind !== 'vertex' ? also(latlng, reach) : undefined;
      const snapped = !other ? own : !own || other.kind === 'vertex' || latlng.distanceTo(other.latlng) < latlng.distanceTo(own.latlng) ? other : own;
      if (!snapped || !map) {
        hide();
        return undefined;
      }
      if (!marker.current) {
        const icon = L.divIcon({ className: 'gportal-snap-marker', iconSize: [MARKER_SIZE, MARKER_SIZE], iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE / 2] });
        marker.current = L.marker(snapped.latlng, { icon, interactive: false, keyboard: false, zIndexOffset: 10_000 }).addTo(map);
      } else marker.current.setLatLng(snapped.latlng);
      marker.current.getElement()?.setAttribute('data-snap', snapped.kind);
      return snapped.latlng;
    },
    [enabled, map, renderer, also, hide],
  );

  return { enabled, setEnabled, snap, hide };
}
