/**
 * The public entry of `@gportal/ui-react` for apps that embed the feature editor. The package
 * ships TypeScript sources for a bundler (Vite, or any that compiles TSX and imports CSS).
 *
 * @module @gportal/ui-react
 */
export {
  FeatureMap,
  FeatureMapView,
  type FeatureMapProps,
  type FeatureMapViewProps,
  EditorMap,
  type EditorMapProps,
  loadFeatureMap,
  EDITOR_STAGES,
  FeatureLayerRenderer,
  FEATURE_STYLE,
  UNSAVED_STYLE,
  type FeatureLayerRendererOptions,
  useFeatureSession,
  type FeatureSessionView,
  type PendingCounts,
  type SessionStatus,
  resolveLayerTypes,
  MAP_LAYER_KINDS,
  DEFAULT_LAYER_KIND,
  baseLayerOf,
  naturalEarthLayer,
  wmtsBaseLayer,
  MAP_CRS,
} from './map';
export { importInStages, nextTask } from './ui/stages';
export { LabelledButton } from './ui/labelled-button';
export { memoryModule, MEMORY_ADAPTERS, MEMORY_SEED } from './app/memory-module';
export { ServicesProvider, useService } from './ui/services';
export { I18nProvider, loadLocale, useI18n, type Translate } from './i18n/i18n-provider';
export { LOCALES, translate, type Locale, type MessageKey } from './i18n/messages';
export { MESSAGES } from './i18n/message-tables';
