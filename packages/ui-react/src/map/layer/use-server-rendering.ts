import { useEffect } from 'react';
import { L } from '../leaflet';

/** Above the base map (250), under the features (the overlay pane, 400). */
const SERVER_RENDERING_PANE = 'gportal-server-rendering';

/** What {@link useServerRendering} shows: the map server's WMS picture of one layer. */
export interface ServerRenderingOptions {
  /** The map server's WMS endpoint; without it nothing is shown. */
  wmsUrl: string | undefined;
  /** The layer, by its WFS type name (the WMS layer of the same name). */
  typeName: string | undefined;
  /** Shown only while true: where the view holds too many features to load them for editing. */
  active: boolean;
}

/**
 * The server's own rendering of a layer (WMS `GetMap`, PNG, transparent) over the base map and
 * under the features, while the view holds more features than can be loaded: the user still
 * sees the layer, drawn by the server, without loading it. Removed when no longer `active`.
 */
export function useServerRendering(map: L.Map | undefined, { wmsUrl, typeName, active }: ServerRenderingOptions): void {
  useEffect(() => {
    if (!map || !wmsUrl || !typeName || !active) return;
    if (!map.getPane(SERVER_RENDERING_PANE)) {
      const pane = map.createPane(SERVER_RENDERING_PANE);
      pane.style.zIndex = '300';
      pane.style.pointerEvents = 'none';
    }
    // WMS 1.3.0 with EPSG:4326: Leaflet writes the BBOX lat/lon, as that version wants. Half
    // transparent: a server's style may be dark, and the toolbar stays readable over it.
    const layer = L.tileLayer
      .wms(wmsUrl, { layers: typeName, styles: '', format: 'image/png', transparent: true, version: '1.3.0', opacity: 0.5, pane: SERVER_RENDERING_PANE, className: 'gportal-server-rendering' })
      .addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, wmsUrl, typeName, active]);
}

/** The WMS endpoint beside a WFS one: GeoServer's `/wfs` service path becomes `/wms`; an OWS endpoint (QGIS Server's) serves both. */
export function wmsUrlOf(wfsUrl: string): string {
  return wfsUrl.replace(/\/wfs(?=$|[?#])/i, '/wms');
}
