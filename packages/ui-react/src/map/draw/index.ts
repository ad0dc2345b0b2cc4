/** Drawing new shapes: leaflet-draw's tools by pointer and by keyboard, in the app's language, with snapping. */
export { applyDrawLocale } from './draw-locale';
export { type DrawControl, type DrawTool, FINISH_MINIMUM, useDrawTool } from './use-draw-tool';
export { useKeyboardDraw } from './use-keyboard-draw';
export { useSnapping } from './use-snapping';
export { useTapsWithoutZoom } from './use-taps-without-zoom';
