import { useEffect } from 'react';
import type { L } from '../leaflet';

/**
 * While `active`, two taps (or clicks) on `map` within Leaflet's 200 ms are two taps, never a
 * double tap that zooms in: a drawing tool's vertices, and a tool's picks (合并, 删除, the feature
 * 分割 or 编辑 takes), where a second tap on a feature unpicks it. The zoom comes back as it was.
 */
export function useTapsWithoutZoom(map: L.Map | undefined, active: boolean): void {
  useEffect(() => {
    const zoom = map?.doubleClickZoom;
    if (!active || !zoom?.enabled()) return;
    zoom.disable();
    return () => {
      zoom.enable();
    };
  }, [map, active]);
}
