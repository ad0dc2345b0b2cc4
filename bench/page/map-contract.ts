/**
 * What a map contender of the render tables implements. Its own module, so gportal's contenders
 * (`gportal-feature-map.ts`, `gportal-vertex-edit.ts`) use the anchors' map options and steps
 * without importing the harness that loads them.
 */
import type { FeatureCollection } from 'geojson';
import type L from 'leaflet';

/**
 * A map contender: mounts a map of the whole layer into a 1000×800 element. The harness times
 * `mount` and every step until the next frame is produced.
 */
export interface RenderContender {
  name: string;
  role: 'anchor' | 'gportal';
  mount(element: HTMLElement, collection: FeatureCollection): MountedMap;
}

export interface MountedMap {
  /** The scripted pan / zoom / fit steps, in order, each drawn in the next frame. */
  steps: Array<{ kind: 'pan' | 'zoom' | 'fit'; run(): void }>;
  /**
   * Resolves when what `mount`, a step or `redraw` started shows on the map, for a contender that
   * paints off the main thread; the harness waits for it, then for the next frame. Leaflet's
   * layers paint synchronously and leave it out.
   */
  settled?(): Promise<void>;
  /** Redraws the whole layer from its data (what a reload or a session redraw does). */
  redraw(): void;
  /** Leaflet layers on the map, for the leak check. */
  layerCount(): number;
  destroy(): void;
}

/**
 * Edits one polygon's vertices. `mount` shows the polygon (not timed); `start` begins its vertex
 * edit (timed until the next frame: "editing enabled after"); `move(i)` drags vertex `i` a
 * little, drawn in the next frame.
 */
export interface VertexDragContender {
  name: string;
  role: 'anchor' | 'gportal';
  mount(element: HTMLElement, ring: Array<[number, number]>): Promise<VertexDragEditor> | VertexDragEditor;
}

export interface VertexDragEditor {
  start(): Promise<void> | void;
  move(index: number): void;
  destroy(): void;
}

export const MAP_OPTIONS: L.MapOptions = { zoomAnimation: false, fadeAnimation: false, markerZoomAnimation: false, inertia: false, attributionControl: false };

/** 11 pans of 200–600 px, 8 zooms in and out by one, 1 fit: the same sequence for every contender. */
export function scriptedSteps(map: L.Map, bounds: L.LatLngBounds | (() => L.LatLngBounds)): MountedMap['steps'] {
  const pans: Array<[number, number]> = [[300, 0], [0, 250], [-600, 0], [0, -400], [200, 200], [-250, 300], [500, -200], [-300, -300], [400, 100], [-200, 450], [250, -350]];
  const zooms = [1, 1, -1, 1, -1, -1, 1, -1];
  const steps: MountedMap['steps'] = [];
  pans.forEach((offset, index) => {
    steps.push({ kind: 'pan', run: () => map.panBy(offset, { animate: false }) });
    const zoom = zooms[index];
    if (zoom !== undefined) steps.push({ kind: 'zoom', run: () => map.setZoom(map.getZoom() + zoom, { animate: false }) });
  });
  steps.push({ kind: 'fit', run: () => map.fitBounds(typeof bounds === 'function' ? bounds() : bounds, { animate: false }) });
  return steps;
}
