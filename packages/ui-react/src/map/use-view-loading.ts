import type { EditSession } from '@gportal/core';
import { useEffect } from 'react';
import type { L } from './leaflet';

/**
 * Hands the map's view to the session at start and after every move (`moveend`), so a layer
 * larger than a load loads what the view shows (`EditSession.loadView`); a layer loaded whole
 * ignores it. A failed read is told by the session's `error` event (operation `view`).
 */
export function useViewLoading(map: L.Map | undefined, session: EditSession | undefined): void {
  useEffect(() => {
    if (!map || !session || session.loading !== 'view') return;
    const load = () => {
      const bounds = map.getBounds();
      session.loadView([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()]).catch(() => undefined);
    };
    load();
    map.on('moveend', load);
    return () => {
      map.off('moveend', load);
    };
  }, [map, session]);
}
