import type { EditableFeature } from '@gportal/core';
import type { L } from '../leaflet';
import { useFeatureOutline } from './use-feature-outline';

/**
 * Purple (antd purple-7, 9.9:1 on its white halo, which keeps it at least 3:1 from any base map
 * and feature colour), long dashes: apart from the conflict outline (red, dotted) and the
 * unsaved features (orange).
 */
export const MISSING_REQUIRED_STYLE: L.PathOptions = { color: '#531dab', weight: 4, opacity: 1, fill: false, dashArray: '10 6' };
const MISSING_REQUIRED_HALO: L.PathOptions = { color: '#ffffff', weight: 8, opacity: 1, fill: false };

const MISSING_OUTLINE = { style: MISSING_REQUIRED_STYLE, halo: MISSING_REQUIRED_HALO, dataKey: 'missingRequired' } as const;

/**
 * Outlines the features a refused save found without a required field, until each is filled.
 * Their ids are on the map element as `data-missing-required`.
 */
export function useMissingHighlight(map: L.Map | undefined, features: readonly EditableFeature[]): void {
  useFeatureOutline(map, features, MISSING_OUTLINE);
}
