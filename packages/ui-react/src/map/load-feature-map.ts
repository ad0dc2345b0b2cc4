import { importInStages } from '../ui/stages';
import { warmText } from '../ui/warm-text';
import type * as FeatureMapModule from './feature-map';

/**
 * What the feature editor needs besides its own modules, largest first, each evaluated in a task
 * of its own before the editor's (`importInStages`): React DOM, Leaflet with leaflet-draw, and
 * the UI kit with its locales (reached through the language provider).
 */
export const EDITOR_STAGES: ReadonlyArray<() => Promise<unknown>> = [
  () => import('react-dom/client'),
  () => import('./leaflet'),
  () => import('../i18n/i18n-provider'),
  // The fonts opened and the UI kit's sheet matched in a task of their own, not in the editor's first frame.
  async () => warmText(),
];

/**
 * Loads the feature editor (`FeatureMap`, `FeatureMapView`) without a long task: its libraries
 * are evaluated one task each, then its own modules. For an app that shows the editor on a route
 * or a click: `const { FeatureMap } = await loadFeatureMap()`, with `@gportal/ui-react` imported
 * only where it is rendered (a static import evaluates everything at once, in the app's first task).
 */
export function loadFeatureMap(): Promise<typeof FeatureMapModule> {
  return importInStages(EDITOR_STAGES, () => import('./feature-map'));
}
