/** The editor's React pieces over the map: toolbar, popup, dialogs, attribute form, selects, badges and notices. */
export { AttributeForm } from './attribute-form';
export { BaseMapSelect } from './base-map-select';
export { SessionConflictDialog } from './conflict-dialog';
export { editorHint, type EditorMode, type MeasureTool, runningDrawTool } from './editor-mode';
export { EditorToolbar } from './editor-toolbar';
export { FeaturePopup } from './feature-popup';
export { toolbarRowsBottom, useFolded } from './folding-toolbar';
export { LabelFieldSelect } from './label-field-select';
export { LayersPanel } from './layers-panel';
export { LayerTypeSelect } from './layer-type-select';
export { PendingBadge } from './pending-badge';
export { SavingOverlay } from './saving-overlay';
export { ServerLayerSelect } from './server-layer-select';
export { type FocusOpener, useEditorFocus } from './use-editor-focus';
export { ViewLimitNotice } from './view-limit-notice';
