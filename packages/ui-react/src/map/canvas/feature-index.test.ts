import { describe, expect, it } from 'vitest';
import { FeatureIndex } from './feature-index';
import type { CanvasFeature } from './types';
import { flatShapeOf, type FlatShape } from './flat-shape';
import L from 'leaflet';

const style: L.PathOptions = { color: 'blue' };
const square = (id: string, west: number, south: number): CanvasFeature => ({
  id,
  style,
  shape: flatShapeOf({ type: 'Polygon', coordinates: [[[west, south], [west + 1, south], [west + 1, south + 1], [west, south]]] }) as FlatShape,
});

describe('FeatureIndex.changeTo', () => {
  const [a, b, c, d] = [square('a', 0, 0), square('b', 2, 0), square('c', 4, 0), square('d', 6, 0)] as [CanvasFeature, CanvasFeature, CanvasFeature, CanvasFeature];

  it('tells the features added after all those kept, and those taken away', () => {
    const features = new FeatureIndex(1);
    features.set([a, b, c]);
    // Features added on top (a tile merged): nothing taken away.
    expect(features.changeTo([a, b, c, d])).toEqual({ removed: [], added: [3] });
    // One taken away (let go), one added.
    expect(features.changeTo([a, c, d])).toEqual({ removed: [b], added: [2] });
    // The same feature drawn another way is taken away and added again.
    const unsaved = { ...b, style: { color: 'orange' } };
    expect(features.changeTo([a, unsaved, c])).toEqual({ removed: [b, c], added: [1, 2] });
    // A new list of the same drawings changes nothing.
    expect(features.changeTo([{ ...a }, { ...b }, { ...c }])).toEqual({ removed: [], added: [] });
  });

  it('finds which of the added features show, and where a feature lies', () => {
    const features = new FeatureIndex(1);
    features.set([a, b, c, d]);
    const bounds = L.latLngBounds([-1, 1.5], [2, 5]);
    expect(features.shownAmong([0, 1, 2, 3], bounds)).toEqual([1, 2]);
    features.hide(new Set(['b']));
    expect(features.shownAmong([0, 1, 2, 3], bounds)).toEqual([2]);
    expect(FeatureIndex.meets(a, bounds)).toBe(false);
    expect(FeatureIndex.meets(c, bounds)).toBe(true);
  });
});
