import { describe, expect, it, vi } from 'vitest';
import type { MapFeature } from '../domain/feature.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import { tileSize, type Tile } from './tile-grid.js';
import { TilePages } from './tile-pages.js';

const point = (id: string): MapFeature => ({ id, properties: {}, geometry: { type: 'Point', coordinates: [0, 0] } });

describe('TilePages', () => {
  /** A source holding `count` features in every tile, answering pages of `maxFeatures` by `startIndex`. */
  const setup = (count: number, maxFeatures = 3) => {
    const getFeatures = vi.fn(async ({ startIndex = 0, maxFeatures: max = maxFeatures }: { startIndex?: number; maxFeatures?: number }) => ({
      features: Array.from({ length: Math.max(0, Math.min(max, count - startIndex)) }, (_, index) => point(`f${startIndex + index}`)),
      skipped: 0,
    }));
    const pages = new TilePages({ source: { getFeatures } as unknown as FeatureSource, typeName: 'towns', maxFeatures });
    return { getFeatures, pages };
  };
  const tile: Tile = { level: 4, x: 3, y: 2 };

  it('reads a first page once for every view that asks for it meanwhile, and again after the read is over or forgotten', async () => {
    const { getFeatures, pages } = setup(2);
    const [one, two] = await Promise.all([pages.first(tile), pages.first(tile)]);
    expect(one).toBe(two);
    expect(getFeatures).toHaveBeenCalledTimes(1);
    await pages.first(tile);
    expect(getFeatures).toHaveBeenCalledTimes(2);
    const reading = pages.first(tile);
    pages.forget();
    expect(pages.first(tile)).not.toBe(reading);
    expect(getFeatures).toHaveBeenCalledTimes(4);
  });

  it('tells the density only from a complete tile, and reads the pages after the first', async () => {
    const { pages } = setup(5);
    const first = await pages.first(tile);
    expect(first).toMatchObject({ complete: false });
    expect(first.features).toHaveLength(3);
    expect(pages.density).toBeUndefined();
    const whole = await pages.rest(tile, first);
    expect(whole.complete).toBe(true);
    expect(whole.features.map((feature) => feature.id)).toEqual(['f0', 'f1', 'f2', 'f3', 'f4']);
    expect(pages.density).toBe(5 / tileSize(tile.level) ** 2);
  });

  it('keeps the densest tile seen', async () => {
    const dense = setup(2);
    // Two features in a quarter of the area (four times as dense), then in a whole tile: the denser stays.
    await dense.pages.first({ level: tile.level + 1, x: 0, y: 0 });
    await dense.pages.first(tile);
    expect(dense.pages.density).toBe(2 / tileSize(tile.level + 1) ** 2);
  });
});
