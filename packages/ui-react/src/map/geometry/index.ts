/** Shapes between Leaflet and the core: parts and positions, live measurements and their checks, snapping's maths. */
export { drawingParts, geometryOfParts, shapeKindOf, shapeParts, type ShapeParts, toLatLng, toPosition } from './latlngs';
export { loadMeasuring, measureText, measuringLoaded } from './measuring';
export { AREA_UNIT_CHOICES, type AreaUnitChoice, isAreaUnitChoice } from './area-units';
export { ShapeFeedback } from './shape-feedback';
export { SNAP_REACH_PX, type Snapped, snapPoint } from './snap';
export { AreaUnitSelect } from './area-unit-select';
