import type { EditableFeature } from '@gportal/core';
import type { L } from '../leaflet';
import { useFeatureOutline } from './use-feature-outline';

/** Cyan and solid over a dark halo: apart from the saved (blue), unsaved (orange, dashed) and conflicting (red, dotted) features. */
export const SELECTION_STYLE: L.PathOptions = { color: '#13c2c2', weight: 4, opacity: 1, fill: true, fillColor: '#13c2c2', fillOpacity: 0.15 };
const SELECTION_HALO: L.PathOptions = { color: '#002329', weight: 7, opacity: 0.6, fill: false };

const SELECTION_OUTLINE = { style: SELECTION_STYLE, halo: SELECTION_HALO, dataKey: 'selected' } as const;

/** Outlines the features selected in the attribute table; their ids are on the map element as `data-selected`. */
export function useSelectionHighlight(map: L.Map | undefined, features: readonly EditableFeature[]): void {
  useFeatureOutline(map, features, SELECTION_OUTLINE);
}
