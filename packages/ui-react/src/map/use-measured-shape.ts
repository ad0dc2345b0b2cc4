import { useEffect } from 'react';
import type { ShapeParts } from './geometry';
import { UNSAVED_STYLE } from './layer';
import { L } from './leaflet';

/**
 * Shows a finished measure's path or polygon on `map` (drawn as an unsaved shape is, not
 * interactive: clicks reach the map beneath) until `shape` is `undefined`. It is never a feature:
 * the session never sees it.
 */
export function useMeasuredShape(map: L.Map | undefined, shape: ShapeParts | undefined): void {
  useEffect(() => {
    if (!map || !shape || shape.kind === 'point') return;
    const options = { ...UNSAVED_STYLE, interactive: false };
    const layer = shape.kind === 'polygon' ? L.polygon(shape.parts, options) : L.polyline(shape.parts, { ...options, fill: false });
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, shape]);
}
