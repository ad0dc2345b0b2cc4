/** The base maps under the features (the offline land, a WMTS layer) and the Leaflet map they lie on. */
export { baseLayerOf, baseMapLayerOf, MAP_CRS, naturalEarthLayer, wmtsBaseLayer, type BaseMapSources } from './base-layer';
export { BASE_MAP_CHOICES, defaultBaseMap, isBaseMapChoice, isOffered, type BaseMapChoice, type BaseMapOffer } from './base-map-choice';
export { tiandituTileUrl, TIANDITU_SUBDOMAINS, type TiandituMap } from './tianditu';
export { toLatLngBounds, useBaseLayer, useLeafletMap } from './use-leaflet-map';
