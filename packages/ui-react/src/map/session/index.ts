/** The editing session a map shows: the layer chosen and resolved, the session's state and actions, its messages and the guards against leaving with changes. */
export type { FieldLabels } from './field-labels';
export { DEFAULT_LAYER_KIND, layersByWorkspace, MAP_LAYER_KINDS, resolveLayerTypes } from './layer-catalog';
export { useBeforeUnload } from './use-before-unload';
export { type FeatureSessionView, loadsByView, type PendingCounts, type SessionStatus, useFeatureSession } from './use-feature-session';
export { useLayerChoice } from './use-layer-choice';
export { useLeaveGuard } from './use-leave-guard';
