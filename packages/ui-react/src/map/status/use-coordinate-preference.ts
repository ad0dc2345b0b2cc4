import { useUserPreference } from '../../ui/use-user-preference';
import { DEFAULT_COORDINATE_PREFERENCE, isCoordinatePreference, type CoordinatePreference } from './coordinate-text';

/** The user-cache key of the status line's coordinate format. */
export const COORDINATE_PREFERENCE_KEY = 'map.coordinateFormat';

/** The coordinate format the user picked, remembered for them. */
export function useCoordinatePreference(): [CoordinatePreference, (next: CoordinatePreference) => void] {
  return useUserPreference(COORDINATE_PREFERENCE_KEY, DEFAULT_COORDINATE_PREFERENCE, isCoordinatePreference);
}
