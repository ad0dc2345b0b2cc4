/**
 * The public entry of `@gportal/ui-react` for apps that embed the feature editor. The package
 * ships TypeScript sources for a bundler (Vite, or any that compiles TSX and imports CSS).
 *
 * @module @gportal/ui-react
 */
export { FeatureMap, FeatureMapView, type FeatureMapProps, type FeatureMapViewProps } from './map/feature-map';
export { EditorMap, type EditorMapProps } from './map/editor-map';
export { loadFeatureMap, EDITOR_STAGES } from './map/load-feature-map';
export { importInStages, nextTask } from './ui/stages';
export { FeatureLayerRenderer, FEATURE_STYLE, UNSAVED_STYLE, type FeatureLayerRendererOptions } from './map/feature-layer-renderer';
export { useFeatureSession, type FeatureSessionView, type PendingCounts, type SessionStatus } from './map/use-feature-session';
export { resolveLayerTypes, MAP_LAYER_KINDS, DEFAULT_LAYER_KIND } from './map/layer-catalog';
export { baseLayerOf, naturalEarthLayer, wmtsBaseLayer, MAP_CRS } from './map/base-layer';
export { LabelledButton } from './map/labelled-button';
// The editing pieces the benchmark (bench/page/gportal-vertex-edit.ts) drives as the editor does.
export { useGeometryEdit, type GeometryEditCallbacks } from './map/use-geometry-edit';
export { ShapeFeedback } from './map/shape-feedback';
export type { ShapeParts } from './map/geometry-latlngs';
export { memoryModule, MEMORY_ADAPTERS, MEMORY_SEED } from './app/memory-module';
export { ServicesProvider, useService } from './app/services';
export { I18nProvider, useI18n, type Translate } from './i18n/i18n-provider';
export { MESSAGES, LOCALES, translate, type Locale, type MessageKey } from './i18n/messages';
