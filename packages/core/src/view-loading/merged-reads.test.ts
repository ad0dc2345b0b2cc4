import { describe, expect, it, vi } from 'vitest';
import type { FeatureQuery, FeatureSchema, MapFeature } from '../domain/feature.js';
import type { BBox, Polygon } from '../domain/geometry.js';
import { MapServerError } from '../errors/errors.js';
import { createMemoryAdapters } from '../memory/create-memory-adapters.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import { HeldTiles } from './held-tiles.js';
import { readTile } from './server-reads.js';
import { blockBBox, tileBlocks } from './tile-blocks.js';
import { tileBBox, tileKey, tileSize, type Tile } from './tile-grid.js';
import { TilePages } from './tile-pages.js';
import { ViewLoading } from './view-loading.js';

const TYPE = 'test:towns';
const SCHEMA: FeatureSchema = { typeName: TYPE, geometryField: 'geometry', geometryKind: 'Polygon', properties: [{ name: 'name', type: 'string', nullable: true }] };
const LEVEL = 10;
const SIZE = tileSize(LEVEL);
/** The tiles of a 4 × 3 block west to east, south to north, from the tile holding (101, 21). */
const ORIGIN = { x: Math.floor((101 + 180) / SIZE), y: Math.floor((21 + 90) / SIZE) };
const at = (dx: number, dy: number): Tile => ({ level: LEVEL, x: ORIGIN.x + dx, y: ORIGIN.y + dy });
const square = (west: number, south: number, side: number): Polygon => ({ type: 'Polygon', coordinates: [[[west, south], [west + side, south], [west + side, south + side], [west, south + side], [west, south]]] });

/**
 * Two small towns inside each tile of a 6 × 5 area, and one town straddling the edge between
 * the first two tiles (its box meets both): what a merged read must hand out exactly.
 */
function towns(crowded = 0): Array<{ id: string; geometry: Polygon; properties: Record<string, string> }> {
  const features: Array<{ id: string; geometry: Polygon; properties: Record<string, string> }> = [];
  for (let dx = -1; dx < 5; dx++) {
    for (let dy = -1; dy < 4; dy++) {
      const [west, south] = tileBBox(at(dx, dy));
      for (const [n, offset] of [0.2, 0.6].entries()) features.push({ id: `${TYPE}.${dx}_${dy}_${n}`, geometry: square(west + offset * SIZE, south + offset * SIZE, SIZE / 10), properties: { name: 'town' } });
    }
  }
  const edge = tileBBox(at(0, 0))[2];
  features.push({ id: `${TYPE}.edge`, geometry: square(edge - SIZE / 20, tileBBox(at(0, 0))[1] + SIZE / 2, SIZE / 10), properties: { name: 'edge' } });
  // `crowded` more in one tile, denser than any the reads saw before.
  const [west, south] = tileBBox(at(1, 2));
  for (let n = 0; n < crowded; n++) features.push({ id: `${TYPE}.crowd_${n}`, geometry: square(west + (n + 1) * (SIZE / (crowded + 2)), south + SIZE / 3, SIZE / 100), properties: { name: 'crowd' } });
  return features;
}

function setup(wrap: (source: FeatureSource) => FeatureSource = (source) => source, maxFeatures = 200, crowded = 0) {
  const adapters = createMemoryAdapters({ layers: [{ schema: SCHEMA, features: towns(crowded) }] });
  const source = wrap(adapters.features);
  const getFeatures = vi.spyOn(source, 'getFeatures');
  return { source, getFeatures, pages: new TilePages({ source, typeName: TYPE, maxFeatures }), maxFeatures };
}

const ids = (features: readonly MapFeature[]) => features.map((feature) => feature.id).sort();
const boxOf = (query: FeatureQuery | undefined) => query?.bbox;

describe('tileBlocks', () => {
  it('cuts tiles into rectangles of adjacent tiles of one level, within the limit, each tile once', () => {
    const row = [at(0, 0), at(1, 0), at(2, 0), at(3, 0)];
    expect(tileBlocks(row, 10)).toEqual([row]);
    const grid = [0, 1, 2].flatMap((dy) => [0, 1, 2, 3].map((dx) => at(dx, dy)));
    expect(tileBlocks(grid, 12)).toHaveLength(1);
    const byFour = tileBlocks(grid, 4);
    expect(byFour).toHaveLength(3);
    for (const block of byFour) expect(block.length).toBeLessThanOrEqual(4);
    const cut = tileBlocks(grid, 6);
    expect(cut.flat().map(tileKey).sort()).toEqual(grid.map(tileKey).sort());
    // A gap, another level, or a limit of one: apart.
    expect(tileBlocks([at(0, 0), at(2, 0)], 10)).toHaveLength(2);
    expect(tileBlocks([at(0, 0), { level: LEVEL + 1, x: 2 * (ORIGIN.x + 1), y: 2 * ORIGIN.y }], 10)).toHaveLength(2);
    expect(tileBlocks(row, 1)).toEqual(row.map((tile) => [tile]));
    expect(blockBBox(row)).toEqual([tileBBox(at(0, 0))[0], tileBBox(at(0, 0))[1], tileBBox(at(3, 0))[2], tileBBox(at(3, 0))[3]]);
  });
});

describe('merged reads of adjacent tiles', () => {
  const block = [0, 1, 2].flatMap((dy) => [0, 1, 2, 3].map((dx) => at(dx, dy)));

  it('reads tile by tile until a tile told the density, then adjacent tiles with one request of their bbox', async () => {
    const { getFeatures, pages } = setup();
    await Promise.all(pages.firstOfAll([at(-1, -1), at(-1, 0)]));
    expect(getFeatures).toHaveBeenCalledTimes(2);
    getFeatures.mockClear();
    const reads = await Promise.all(pages.firstOfAll(block));
    expect(getFeatures).toHaveBeenCalledTimes(1);
    expect(boxOf(getFeatures.mock.calls[0]?.[0])).toEqual(blockBBox(block));
    for (const read of reads) expect(read.complete).toBe(true);
  });

  it('gives each tile exactly what its own read gives: a feature on an edge with both tiles, and once when merged', async () => {
    const { source, pages, maxFeatures } = setup();
    await pages.first(at(-1, -1));
    const reads = await Promise.all(pages.firstOfAll(block));
    for (const [index, tile] of block.entries()) {
      const own = await readTile(source, TYPE, maxFeatures, tile);
      expect(ids(reads[index]?.features ?? [])).toEqual(ids(own.features));
    }
    const [west, east] = [reads[0]?.features ?? [], reads[1]?.features ?? []];
    expect(ids(west)).toContain(`${TYPE}.edge`);
    expect(ids(east)).toContain(`${TYPE}.edge`);
    // Held by tile, the counts and what letting a tile go drops stay exact; merged by id, the edge town is one feature.
    const held = new HeldTiles();
    for (const [index, tile] of block.entries()) held.add(tile, (reads[index]?.features ?? []).map((feature) => feature.id));
    expect(held.coverage.covering(block[0] as Tile)?.count).toBe(3);
    expect(held.coverage.covering(block[1] as Tile)?.count).toBe(3);
    const merged = new Map(reads.flatMap((read) => read.features).map((feature) => [feature.id, feature]));
    expect([...merged.keys()].filter((id) => id === `${TYPE}.edge`)).toHaveLength(1);
    expect(merged.size).toBe(block.length * 2 + 1);
  });

  it('reads the tiles of a block one by one when its answer fills a page (it may hold more)', async () => {
    // Pages of 12; a tile seen holds 2, so blocks of 3 tiles (half a page); one tile holds 10 more than that.
    const { getFeatures, pages } = setup(undefined, 12, 10);
    await pages.first(at(-1, -1));
    getFeatures.mockClear();
    const sparse = [at(0, 0), at(1, 0), at(2, 0)];
    expect(pages.blocks(sparse)).toEqual([sparse]);
    expect((await Promise.all(pages.firstOfAll(sparse))).map((read) => read.features.length)).toEqual([3, 3, 2]);
    expect(getFeatures).toHaveBeenCalledTimes(1);
    getFeatures.mockClear();
    const crowded = [at(0, 2), at(1, 2), at(2, 2)];
    // Tiles of 3 seen by now: blocks of 2.
    const blocks = pages.blocks(crowded);
    expect(blocks.map((block) => block.length)).toEqual([2, 1]);
    const reads = await Promise.all(pages.firstOfAll(crowded));
    // The first block's page (12 of 14) was full: its tiles read on their own, the crowded one a first page short of whole.
    const asked = getFeatures.mock.calls.map(([query]) => JSON.stringify(query.bbox));
    expect(asked).toContain(JSON.stringify(blockBBox(blocks[0] as Tile[])));
    for (const tile of crowded) expect(asked).toContain(JSON.stringify(tileBBox(tile)));
    expect(asked).toHaveLength(4);
    expect(reads.map((read) => read.complete)).toEqual([true, false, true]);
    expect(reads[1]?.features).toHaveLength(12);
  });

  it('fails each tile of a failed merged read as a tile read fails, and reads them again when asked again', async () => {
    let failing = true;
    const { getFeatures, pages } = setup((source) => ({
      ...source,
      getFeatures: async (query) => {
        if (failing && query.bbox && query.bbox[2] - query.bbox[0] > SIZE * 1.5) throw new MapServerError({ status: 503, text: 'busy' });
        return source.getFeatures(query);
      },
    }));
    await pages.first(at(-1, -1));
    const reads = pages.firstOfAll(block);
    for (const read of reads) await expect(read).rejects.toBeInstanceOf(MapServerError);
    failing = false;
    getFeatures.mockClear();
    const again = await Promise.all(pages.firstOfAll(block));
    expect(getFeatures).toHaveBeenCalledTimes(1);
    for (const read of again) expect(read.complete).toBe(true);
  });
});

describe('ViewLoading with merged reads', () => {
  /** A view loading over the towns (61, more than a load of 40: read by view), merging reads, as a session would host it. */
  async function loading(wrap?: (source: FeatureSource) => FeatureSource) {
    const { source, getFeatures } = setup(wrap, 40);
    const loaded = new Map<string, MapFeature>();
    const views = new ViewLoading({
      source,
      typeName: TYPE,
      maxFeatures: 40,
      loading: 'view',
      prefetch: 0,
      prefetchDelayMs: 0,
      holdLimit: Number.POSITIVE_INFINITY,
      mergeReads: true,
      features: {
        loaded,
        merge: (features) => features.filter((feature) => !loaded.has(feature.id) && loaded.set(feature.id, feature)).map((feature) => feature.id),
        letGo: (id) => loaded.delete(id),
      },
      events: { emit: () => undefined },
      keeps: () => () => false,
      idle: async () => undefined,
      busy: () => false,
    });
    const read = await views.readLayer();
    expect(read.byView).toBe(true);
    read.commit();
    return { views, getFeatures, loaded };
  }
  const viewOver = (from: Tile, to: Tile): BBox => {
    const [west, south] = tileBBox(from);
    const [, , east, north] = tileBBox(to);
    return [west + SIZE / 100, south + SIZE / 100, east - SIZE / 100, north - SIZE / 100];
  };
  const tileReads = (spy: ReturnType<typeof setup>['getFeatures']) => spy.mock.calls.map(([query]) => query).filter((query) => query.bbox);

  it('reads a pan’s new tiles with one request once the density is known, and holds every town of the view once', async () => {
    const { views, getFeatures, loaded } = await loading();
    expect((await views.loadView(viewOver(at(0, 0), at(1, 1))))?.kind).toBe('loaded');
    getFeatures.mockClear();
    const east = viewOver(at(2, 0), at(3, 1));
    expect(await views.loadView(east)).toEqual({ kind: 'loaded', bbox: east });
    const reads = tileReads(getFeatures);
    expect(reads.map((query) => query.bbox)).toEqual([blockBBox([at(2, 0), at(3, 0), at(2, 1), at(3, 1)])]);
    for (const [dx, dy] of [[2, 0], [3, 0], [2, 1], [3, 1]] as const) for (const n of [0, 1]) expect(loaded.has(`${TYPE}.${dx}_${dy}_${n}`)).toBe(true);
    expect([...loaded.keys()].filter((id) => id === `${TYPE}.edge`)).toHaveLength(1);
  });

  it('fails a view whose merged read fails as a tile read does, and reads it again on the next ask', async () => {
    const failing = { on: false };
    const { views, getFeatures } = await loading((source) => ({
      ...source,
      getFeatures: async (query) => {
        if (failing.on) throw new MapServerError({ status: 503, text: 'busy' });
        return source.getFeatures(query);
      },
    }));
    await views.loadView(viewOver(at(0, 0), at(1, 1)));
    failing.on = true;
    const east = viewOver(at(2, 0), at(3, 1));
    await expect(views.loadView(east)).rejects.toBeInstanceOf(MapServerError);
    failing.on = false;
    getFeatures.mockClear();
    expect(await views.loadView(east)).toEqual({ kind: 'loaded', bbox: east });
    expect(tileReads(getFeatures)).toHaveLength(1);
  });
});
