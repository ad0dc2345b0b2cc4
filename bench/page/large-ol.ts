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
    return {
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
