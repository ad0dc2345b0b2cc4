/**
 * The feature map, embeddable without the app: what the screens and the package's public entry
 * use of it. It needs a services container (`ServicesProvider`) and the message table (`I18nProvider`).
 */
export { baseLayerOf, MAP_CRS, naturalEarthLayer, toLatLngBounds, useBaseLayer, useLeafletMap, wmtsBaseLayer } from './base';
export { EditorMap, type EditorMapProps } from './editor-map';
export { FeatureMap, type FeatureMapProps, FeatureMapView, type FeatureMapViewProps } from './feature-map';
export { ShapeFeedback, type ShapeParts } from './geometry';
export { FEATURE_STYLE, FeatureLayerRenderer, type FeatureLayerRendererOptions, type LayerInfoTemplate, UNSAVED_STYLE, wmsUrlOf } from './layer';
export { L } from './leaflet';
export { EDITOR_STAGES, loadFeatureMap } from './load-feature-map';
export { LayerTypeSelect, PendingBadge, ServerLayerSelect } from './panels';
export { DEFAULT_LAYER_KIND, type FieldLabels, type FeatureSessionView, MAP_LAYER_KINDS, type PendingCounts, resolveLayerTypes, type SessionStatus, useBeforeUnload, useFeatureSession, useLayerChoice, useLeaveGuard } from './session';
export { isShownLayerChoices, parseShownLayers, shownLayersParam, type ShownLayerChoice } from './shown';
export { type GeometryEdit, type GeometryEditCallbacks, type TypedVertexTarget, useGeometryEdit } from './vertex';
