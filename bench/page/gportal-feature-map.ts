/**
 * The feature map in `npm run bench` (bench/README.md), through `@gportal/ui-react`'s public
 * entry: the app never imports the benchmark. An `EditSession` loads the layer and every `load`
 * event hands its snapshots to the `FeatureLayerRenderer`, as the editor does. The vertex drag
 * (`gportal-vertex-edit.ts`) goes through the whole editor, `FeatureMap`.
 */
import { EditSession, type EditableFeature, type FeatureSchema, type FeatureSource, type FeatureTransactions, type Geometry, type MapFeature } from '@gportal/core';
import { FeatureLayerRenderer } from '@gportal/ui-react';
import type { FeatureCollection } from 'geojson';
import L from 'leaflet';
import { MAP_OPTIONS, scriptedSteps, type RenderContender } from './map-contract.js';

const TYPE_NAME = 'bench:layer';

/** The benchmark's layer as a feature source: the first read hands over the parsed answer as the GeoJSON reader keeps it, every later one (a redraw) fresh copies, as a new answer would. */
function sourceOf(schema: FeatureSchema, features: MapFeature[]): FeatureSource {
  let reads = 0;
  return {
    listTypes: async () => [{ name: TYPE_NAME, title: TYPE_NAME }],
    describe: async () => schema,
    getFeatures: async () => ({ features: reads++ === 0 ? features : structuredClone(features), skipped: 0 }),
  };
}

/** Nothing is saved in the benchmark. */
const NO_SAVES: FeatureTransactions = {
  commit: () => Promise.reject(new Error('the benchmark saves nothing')),
};

/** A session over these features whose every load (first load, redraw) is drawn by `renderer`, as the editor does. */
function sessionOf(schema: FeatureSchema, features: MapFeature[], onLoad: (features: EditableFeature[]) => void): EditSession {
  const session = new EditSession({ source: sourceOf(schema, features), transactions: NO_SAVES, typeName: TYPE_NAME });
  session.on('load', (loaded) => onLoad(loaded.features));
  return session;
}

const schemaOf = (geometryKind: FeatureSchema['geometryKind']): FeatureSchema => ({ typeName: TYPE_NAME, geometryField: 'geom', geometryKind, properties: [] });

/** The layer's bounds as the renderer read them while drawing, as the editor fits a load. */
function latLngBoundsOf(renderer: FeatureLayerRenderer): L.LatLngBounds {
  const bounds = renderer.bounds();
  if (!bounds) throw new Error('the benchmark layer is empty');
  return L.latLngBounds([bounds.south, bounds.west], [bounds.north, bounds.east]);
}

export const renderContender: RenderContender = {
  name: 'gportal FeatureLayerRenderer (one canvas of flat shapes simplified per zoom, flatbush, session snapshots)',
  role: 'gportal',
  mount(element, collection: FeatureCollection) {
    const features: MapFeature[] = collection.features.map((feature, index) => ({
      id: String(feature.id ?? index),
      geometry: feature.geometry as Geometry,
      properties: {},
    }));
    // As in the editor, the map has a view before the layer loads and fits the first load (editor-map.tsx).
    const map = L.map(element, MAP_OPTIONS).setView([0, 0], 2);
    // The editor always listens for clicks on features (popup, edit, delete).
    const renderer = new FeatureLayerRenderer(map, { onFeatureClick: () => undefined });
    let bounds: L.LatLngBounds | undefined;
    const session = sessionOf(schemaOf('MultiPolygon'), features, (loaded) => {
      renderer.render(loaded);
      if (bounds) return;
      bounds = latLngBoundsOf(renderer);
      map.fitBounds(bounds, { animate: false });
    });
    // The session's reads settle in microtasks; the layer is painted off the main thread, so the
    // harness waits for the load (or redraw) and then for the canvas to show it.
    let loading: Promise<unknown> = session.load();
    return {
      steps: scriptedSteps(map, () => bounds ?? latLngBoundsOf(renderer)),
      async settled() {
        await loading;
        await renderer.whenDrawn();
      },
      redraw() {
        loading = session.redraw();
      },
      layerCount() {
        let count = 0;
        map.eachLayer(() => {
          count += 1;
        });
        return count;
      },
      destroy() {
        renderer.remove();
        map.remove();
      },
    };
  },
};
