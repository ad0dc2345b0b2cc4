import { useEffect, useState } from 'react';
import { deferred } from '../../ui/deferred';
import type { FeatureLayerRenderer } from './feature-layer-renderer';
import type { SessionStatus } from '../session';

/**
 * Resolves once the editor's layer has first shown: its first load ended (loaded or failed) and
 * its canvas painted what it holds. One promise for the editor's life; what the base map's land
 * waits for (`naturalEarthLayer`).
 */
export function useLayerShown(renderer: FeatureLayerRenderer | undefined, status: SessionStatus): Promise<void> {
  const [shown] = useState(() => deferred<void>());
  useEffect(() => {
    if (!renderer || status === 'resolving' || status === 'loading') return;
    void renderer.whenDrawn().then(() => shown.resolve());
  }, [renderer, status, shown]);
  return shown.promise;
}
