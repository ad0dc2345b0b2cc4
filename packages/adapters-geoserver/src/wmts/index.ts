export { wmtsTileLayer, WMTS_TILE_LAYER_DEFAULTS, type LeafletCrsName, type WmtsTileLayer, type WmtsTileLayerOptions } from './wmts-tile-layer.js';
