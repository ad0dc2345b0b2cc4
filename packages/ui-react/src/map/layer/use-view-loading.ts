import type { EditSession } from '@gportal/core';
import { useEffect } from 'react';
import type { L } from '../leaflet';

/**
 * Hands the map's view to the session at start and after every move (`moveend`), so a layer
 * larger than a load loads what the view shows (`EditSession.loadView`); a layer loaded whole
 * ignores it. A failed read is told by the session's `error` event (operation `view`). While
 * views load, the map element carries `data-loading-view` (for pages that embed it, and tests).
 */
export function useViewLoading(map: L.Map | undefined, session: EditSession | undefined): void {
  useEffect(() => {
    if (!map || !session || session.loading !== 'view') return;
    const element = map.getContainer();
    let loading = 0;
    const mark = () => {
      if (loading > 0) element.dataset.loadingView = String(loading);
      else delete element.dataset.loadingView;
    };
    const load = () => {
      const bounds = map.getBounds();
      loading++;
      mark();
      session
        .loadView([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()])
        .catch(() => undefined)
        .finally(() => {
          loading--;
          mark();
        });
    };
    load();
    map.on('moveend', load);
    return () => {
      map.off('moveend', load);
      loading = 0;
      mark();
    };
  }, [map, session]);
}
