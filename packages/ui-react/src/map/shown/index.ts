/** Layers of the map server shown beside the edited one (图层): read-only, read by view, snapped to. */
export { SHOWN_COLORS, ShownLayer, type ShownLayerState } from './shown-layer';
export { isShownLayerChoices, parseShownLayers, shownLayersParam, useShownLayers, type ShownLayerChoice } from './use-shown-layers';
