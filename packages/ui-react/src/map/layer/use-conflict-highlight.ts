import type { EditableFeature } from '@gportal/core';
import type { L } from '../leaflet';
import { useFeatureOutline } from './use-feature-outline';

/** Red and thick, unlike the saved (blue) and unsaved (orange, dashed) features beneath. */
export const CONFLICT_STYLE: L.PathOptions = { color: '#cf1322', weight: 5, opacity: 0.9, fill: false, dashArray: '2 6' };

const CONFLICT_OUTLINE = { style: CONFLICT_STYLE, dataKey: 'conflicts' } as const;

/**
 * Outlines the features whose save conflicts with another client's changes, above the feature
 * layer, until they are resolved. Their ids are on the map element as `data-conflicts`.
 */
export function useConflictHighlight(map: L.Map | undefined, features: readonly EditableFeature[]): void {
  useFeatureOutline(map, features, CONFLICT_OUTLINE);
}
