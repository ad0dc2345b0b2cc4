/**
 * The session's features on the map: their canvas and styles, loading by view, the server's
 * rendering, the outlines and marks over them, the layer's info marker and stepping through features.
 */
export { FEATURE_STYLE, FeatureLayerRenderer, type FeatureLayerRendererOptions, markerIcon, UNSAVED_STYLE } from './feature-layer-renderer';
export type { LayerInfoTemplate } from './layer-info';
export { useConflictHighlight } from './use-conflict-highlight';
export { useDeleteMarks, useEscape } from './use-delete-marks';
export { useFeatureStepping } from './use-feature-stepping';
export { useHeldFeatures } from './use-held-features';
export { useLargeLayer } from './use-large-layer';
export { type LayerInfoOptions, useLayerInfoMarker } from './use-layer-info';
export { useLayerShown } from './use-layer-shown';
export { useMissingHighlight } from './use-missing-highlight';
export { useSelectionHighlight } from './use-selection-highlight';
export { wmsUrlOf } from './use-server-rendering';
