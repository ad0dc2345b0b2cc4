import { describe, expect, it } from 'vitest';
import { FeatureMap, FeatureMapView } from './feature-map';
import { EDITOR_STAGES, loadFeatureMap } from './load-feature-map';

describe('loadFeatureMap', () => {
  it('loads React DOM, Leaflet and the UI kit first, warms the text, then resolves with the editor', async () => {
    expect(EDITOR_STAGES).toHaveLength(4);
    const loaded = await loadFeatureMap();
    expect(loaded.FeatureMap).toBe(FeatureMap);
    expect(loaded.FeatureMapView).toBe(FeatureMapView);
  });
});
