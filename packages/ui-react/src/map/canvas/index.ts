/**
 * The feature canvas: one Leaflet renderer for every line and polygon of a layer, painted on the
 * main thread or by the raster workers. It uses Leaflet and flatbush only (no React, nothing else
 * of the map), so it can stand on its own.
 */
export { FeatureCanvas, type FeatureCanvasOptions } from './feature-canvas';
export { type FlatShape, flatShapeOf } from './flat-shape';
export type { CanvasFeature } from './types';
