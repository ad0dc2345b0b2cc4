/**
 * The large part's anchor: OpenLayers' `VectorLayer` over a `VectorSource` with the `bbox`
 * loading strategy, reading GeoJSON from the same QGIS Server (a GetFeature with the view's BBOX
 * for every extent not loaded yet), in an EPSG:4326 view with Leaflet's resolutions, and
 * `ol/interaction/Modify` for the vertex drag. ol's default style and interactions.
 */
import type Feature from 'ol/Feature.js';
import Map from 'ol/Map.js';
import View from 'ol/View.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import Modify from 'ol/interaction/Modify.js';
import VectorLayer from 'ol/layer/Vector.js';
import { bbox } from 'ol/loadingstrategy.js';
import VectorSource from 'ol/source/Vector.js';
import 'ol/ol.css';
import { resolutionOf } from '../large-path.js';
import type { LargeContender } from './large-contenders.js';

/** Rows per page of the anchor's table, as gportal's. */
const PAGE_ROWS = 50;
const COLUMNS = ['name', 'population', 'area_km2', 'is_capital', 'founded'];

export const olBboxContender: LargeContender = {
  name: 'ol VectorLayer + bbox',
  role: 'anchor',
  async mount(element, { wfsUrl, typeName, start, activity }) {
    element.style.height = '800px';
    const source = new VectorSource<Feature>({
      format: new GeoJSON(),
      strategy: bbox,
      // QGIS Server reads the BBOX KVP as lon/lat and answers GeoJSON in lon/lat.
      url: (extent) => `${wfsUrl}?SERVICE=WFS&VERSION=1.1.0&REQUEST=GetFeature&TYPENAME=${typeName}&OUTPUTFORMAT=application/json&BBOX=${extent.join(',')}`,
    });
    const view = new View({ projection: 'EPSG:4326', center: start.center, resolution: resolutionOf(start.zoom) });
    const map = new Map({ target: element, layers: [new VectorLayer({ source })], view, controls: [] });
    map.addInteraction(new Modify({ source }));
    map.on('postrender', activity);
    // The table as one that pages what the client holds: every feature of the layer read first (ol/format/GeoJSON), in id order, then a page of rows at a time.
    const table = document.createElement('table');
    element.after(table);
    let rows: Feature[] = [];
    let at = 0;
    const idNumber = (feature: Feature) => Number(String(feature.getId()).split('.').pop());
    const render = () => {
      const body = document.createElement('tbody');
      for (const feature of rows.slice(at, at + PAGE_ROWS)) {
        const row = body.insertRow();
        row.insertCell().textContent = String(feature.getId());
        for (const column of COLUMNS) row.insertCell().textContent = String(feature.get(column) ?? '');
      }
      table.replaceChildren(body);
    };
    return {
      table: {
        async open() {
          const response = await fetch(`${wfsUrl}?SERVICE=WFS&VERSION=1.1.0&REQUEST=GetFeature&TYPENAME=${typeName}&OUTPUTFORMAT=application/json`, { signal: AbortSignal.timeout(300_000) });
          rows = new GeoJSON().readFeatures(await response.text()) as Feature[];
          rows.sort((a, b) => idNumber(a) - idNumber(b));
          render();
        },
        async next() {
          at += PAGE_ROWS;
          render();
        },
      },
      setView({ center, zoom }) {
        view.setCenter(center);
        view.setResolution(resolutionOf(zoom));
      },
      pixelOf(position) {
        const [x, y] = map.getPixelFromCoordinate(position) as [number, number];
        const box = element.getBoundingClientRect();
        return { x: box.left + x, y: box.top + y };
      },
      // ol draws on the main thread, in the frame after a change.
      showsFeatures: () => source.getFeatures().length > 0,
      idle: () => true,
    };
  },
};
