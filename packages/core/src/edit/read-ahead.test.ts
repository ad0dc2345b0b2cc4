import { describe, expect, it, vi } from 'vitest';
import type { MapFeature } from '../domain/feature.js';
import type { BBox } from '../domain/geometry.js';
import { ReadAhead, type AheadTile } from './read-ahead.js';
import { tileKey, tilesAround, type Tile } from './tile-grid.js';

/** A square feature at `lon`, `lat`, a fresh object each call (as each GetFeature answer gives its own copy). */
const town = (id: string, lon: number, lat: number): MapFeature => ({
  id,
  geometry: { type: 'Polygon', coordinates: [[[lon, lat], [lon + 0.01, lat], [lon + 0.01, lat + 0.01], [lon, lat]]] },
  properties: { name: id },
});

describe('ReadAhead', () => {
  it('keeps one object for a feature that crosses tiles read ahead, the first tile’s, and tells each tile kept', async () => {
    vi.useFakeTimers();
    try {
      const view: BBox = [101, 21, 101.25, 21.2];
      const kept: AheadTile[] = [];
      // Every tile holds its own copy of `crossing`, and one town of its own.
      const ahead = new ReadAhead({
        rings: 1,
        delayMs: 10,
        maxFeatures: 2000,
        current: () => true,
        epoch: () => 0,
        covers: () => false,
        density: () => undefined,
        firstPage: async (tile: Tile) => ({ complete: true, features: [town('crossing', 101.1, 21.1), town(`own-${tileKey(tile)}`, 101, 21)] }),
        kept: (tile) => kept.push(tile),
      });
      ahead.soon(view);
      await vi.advanceTimersByTimeAsync(20);
      const ring = tilesAround(view, 1);
      expect(kept.length).toBeGreaterThanOrEqual(ring.length);
      const copies = new Set([...ahead.tiles.values()].map(({ features }) => features.find((feature) => feature.id === 'crossing')));
      expect(copies.size).toBe(1);
      const [first] = kept;
      expect([...copies][0]).toBe(first?.features.find((feature) => feature.id === 'crossing'));
      // Each tile's own town stays its own.
      for (const { tile, features } of ahead.tiles.values()) expect(features.map((feature) => feature.id)).toContain(`own-${tileKey(tile)}`);
    } finally {
      vi.useRealTimers();
    }
  });
});
