import { describe, expect, it, vi } from 'vitest';
import type { MapFeature } from '../domain/feature.js';
import type { BBox } from '../domain/geometry.js';
import { ReadAhead, type AheadTile, type ReadAheadHost } from './read-ahead.js';
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

  describe('the tiles kept aside', () => {
    /** A host that reads nothing: the tests put tiles aside themselves. */
    const idle: ReadAheadHost = {
      rings: 0,
      delayMs: 0,
      maxFeatures: 2000,
      current: () => false,
      epoch: () => 0,
      covers: () => false,
      density: () => undefined,
      firstPage: () => Promise.reject(new Error('nothing is read')),
      kept: () => undefined,
    };
    const tile = (x: number): Tile => ({ level: 8, x, y: 100 });
    /** Tiles kept aside in this order (the order they were read), each holding these features. */
    const keptAside = (...tiles: AheadTile[]) => {
      const ahead = new ReadAhead(idle);
      for (const kept of tiles) ahead.tiles.set(tileKey(kept.tile), kept);
      return ahead;
    };
    const crossing = town('crossing', 101.1, 21.1);
    const first: AheadTile = { tile: tile(3), features: [town('a', 101, 21), crossing] };
    const second: AheadTile = { tile: tile(1), features: [crossing, town('b', 101, 21), town('loaded', 101, 21)] };
    const third: AheadTile = { tile: tile(2), features: [town('c', 101, 21)] };

    it('lists their features each once, in the order the tiles were read, leaving out those loaded', () => {
      const ahead = keptAside(first, second, third);
      const features = ahead.features((id) => id === 'loaded');
      expect(features.map((feature) => feature.id)).toEqual(['a', 'crossing', 'b', 'c']);
      expect(features[1]).toBe(crossing);
      expect(keptAside().features(() => false)).toEqual([]);
    });

    it('puts tiles in the order they were read, each once, and those no longer kept last in the order given', () => {
      const ahead = keptAside(first, second, third);
      const gone: AheadTile = { tile: tile(9), features: [] };
      const ordered = ahead.inReadOrder([third, gone, first, third, second]);
      expect(ordered.map(({ tile: { x } }) => x)).toEqual([3, 1, 2, 9]);
      expect(ordered[0]).toBe(first);
      expect(ahead.inReadOrder([])).toEqual([]);
    });
  });
});
