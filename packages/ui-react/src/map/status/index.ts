/** The status line along the map's bottom edge: the pointer's coordinates in the user's format, the scale and a scale bar; and 输入坐标, which types them (its dialog loaded on demand). */
export { COORDINATE_FORMATS, coordinateText, type CoordinateFormat, type CoordinatePreference, DEFAULT_COORDINATE_PREFERENCE } from './coordinate-text';
export { StatusLine } from './status-line';
export { COORDINATE_PREFERENCE_KEY, useCoordinatePreference } from './use-coordinate-preference';
export type { CoordinateEntryTarget } from './coordinate-entry';
