import type { FeatureCollection } from 'geojson';
import L from 'leaflet';

/**
 * A map contender: mounts a map of the whole layer into a 1000×800 element. The harness times
 * `mount` and every step until the next frame is produced. gportal's feature map plugs in with a
 * module `packages/ui-react/src/map/*.bench-contender.{ts,tsx}` exporting `renderContender`
 * (and, for editing, `vertexDragContender`); until one exists its rows are reported as pending.
 */
export interface RenderContender {
  name: string;
  role: 'anchor' | 'gportal';
  mount(element: HTMLElement, collection: FeatureCollection): MountedMap;
}

export interface MountedMap {
  /** The scripted pan / zoom / fit steps, in order, each drawn in the next frame. */
  steps: Array<{ kind: 'pan' | 'zoom' | 'fit'; run(): void }>;
  /** Redraws the whole layer from its data (what a reload or a session redraw does). */
  redraw(): void;
  /** Leaflet layers on the map, for the leak check. */
  layerCount(): number;
  destroy(): void;
}

/** Edits one polygon's vertices: `move(i)` drags vertex `i` a little, drawn in the next frame. */
export interface VertexDragContender {
  name: string;
  role: 'anchor' | 'gportal';
  mount(element: HTMLElement, ring: Array<[number, number]>): { move(index: number): void; destroy(): void };
}

const MAP_OPTIONS: L.MapOptions = { zoomAnimation: false, fadeAnimation: false, markerZoomAnimation: false, inertia: false, attributionControl: false };

/** 11 pans of 200–600 px, 8 zooms in and out by one, 1 fit: the same sequence for every contender. */
export function scriptedSteps(map: L.Map, bounds: L.LatLngBounds): MountedMap['steps'] {
  const pans: Array<[number, number]> = [[300, 0], [0, 250], [-600, 0], [0, -400], [200, 200], [-250, 300], [500, -200], [-300, -300], [400, 100], [-200, 450], [250, -350]];
  const zooms = [1, 1, -1, 1, -1, -1, 1, -1];
  const steps: MountedMap['steps'] = [];
  pans.forEach((offset, index) => {
    steps.push({ kind: 'pan', run: () => map.panBy(offset, { animate: false }) });
    const zoom = zooms[index];
    if (zoom !== undefined) steps.push({ kind: 'zoom', run: () => map.setZoom(map.getZoom() + zoom, { animate: false }) });
  });
  steps.push({ kind: 'fit', run: () => map.fitBounds(bounds, { animate: false }) });
  return steps;
}

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
    editing.enable();
    const markers = editing._verticesHandlers?.[0]?._markers ?? editing._markers ?? [];
    return {
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

/** gportal's map contenders, when the feature map provides them (see `RenderContender`). */
export function gportalMapContenders(): { render: RenderContender[]; vertexDrag: VertexDragContender[] } {
  const modules = import.meta.glob<{ renderContender?: RenderContender; vertexDragContender?: VertexDragContender }>(
    '../../packages/ui-react/src/map/**/*.bench-contender.{ts,tsx}',
    { eager: true },
  );
  const render: RenderContender[] = [];
  const vertexDrag: VertexDragContender[] = [];
  for (const module of Object.values(modules)) {
    if (module.renderContender) render.push(module.renderContender);
    if (module.vertexDragContender) vertexDrag.push(module.vertexDragContender);
  }
  return { render, vertexDrag };
}
