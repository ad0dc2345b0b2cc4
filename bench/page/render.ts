import L from 'leaflet';
import { renderContender as gportalRenderContender } from './gportal-feature-map.js';
import { vertexDragContender as gportalVertexDragContender } from './gportal-vertex-edit.js';
import { MAP_OPTIONS, scriptedSteps, type RenderContender, type VertexDragContender } from './map-contract.js';

function leafletContender(name: string, renderer: () => L.Renderer): RenderContender {
  return {
    name,
    role: 'anchor',
    mount(element, collection) {
      const map = L.map(element, MAP_OPTIONS);
      // Leaflet hands GeoJSON options on to every path: one renderer (one canvas or SVG) for the layer.
      const options = { renderer: renderer() } as L.GeoJSONOptions;
      let layer = L.geoJSON(collection, options);
      const bounds = layer.getBounds();
      map.fitBounds(bounds, { animate: false });
      layer.addTo(map);
      return {
        steps: scriptedSteps(map, bounds),
        redraw() {
          layer.remove();
          layer = L.geoJSON(collection, options).addTo(map);
        },
        layerCount() {
          let count = 0;
          map.eachLayer(() => {
            count += 1;
          });
          return count;
        },
        destroy: () => map.remove(),
      };
    },
  };
}

export const LEAFLET_RENDER_CONTENDERS: RenderContender[] = [
  leafletContender('Leaflet L.geoJSON, canvas renderer', () => L.canvas()),
  leafletContender('Leaflet L.geoJSON, SVG renderer (default)', () => L.svg()),
];

/** leaflet-draw's vertex editing (`L.Edit.Poly`): one marker per vertex, each drag redraws the polygon. */
export const LEAFLET_DRAW_VERTEX_DRAG: VertexDragContender = {
  name: 'leaflet-draw L.Edit.Poly (marker per vertex)',
  role: 'anchor',
  mount(element, ring) {
    const map = L.map(element, MAP_OPTIONS);
    const polygon = L.polygon(ring.map(([lng, lat]) => L.latLng(lat, lng))).addTo(map);
    map.fitBounds(polygon.getBounds(), { animate: false });
    const editing = (polygon as unknown as { editing: { enable(): void; _verticesHandlers?: Array<{ _markers: L.Marker[] }>; _markers?: L.Marker[] } }).editing;
    let markers: L.Marker[] = [];
    return {
      start() {
        editing.enable();
        markers = editing._verticesHandlers?.[0]?._markers ?? editing._markers ?? [];
      },
      move(index) {
        const marker = markers[index % markers.length] as L.Marker;
        const position = marker.getLatLng();
        marker.setLatLng(L.latLng(position.lat + 0.0005, position.lng + 0.0005));
        marker.fire('drag');
      },
      destroy: () => map.remove(),
    };
  },
};

/** gportal's map contenders, through `@gportal/ui-react`'s public entry. */
export const GPORTAL_RENDER_CONTENDERS: RenderContender[] = [gportalRenderContender];
export const GPORTAL_VERTEX_DRAG_CONTENDERS: VertexDragContender[] = [gportalVertexDragContender];
