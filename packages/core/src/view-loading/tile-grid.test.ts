import { describe, expect, it } from 'vitest';
import { bboxIntersects, type BBox } from '../domain/geometry.js';
import { childTiles, MAX_TILE_LEVEL, nearestFirst, TileCoverage, tileBBox, tileKey, tileLevelFor, tilesAround, tileSize, tilesCovering } from './tile-grid.js';

const VIEWS: BBox[] = [
  [119.2, 26.0, 119.45, 26.1],
  [115.5, 20.5, 121.5, 28.5],
  [-10.3, -5.2, 12.9, 7.7],
  [0.001, 0.001, 0.0015, 0.0012],
  [120.0, 25.0, 120.7, 25.02],
];

describe('tile grid', () => {
  it('cuts a view into tiles no wider than its shorter side (a quarter of its longer one at least) and more than half as wide', () => {
    for (const view of VIEWS) {
      const [width, height] = [view[2] - view[0], view[3] - view[1]];
      const side = Math.max(Math.min(width, height), Math.max(width, height) / 4);
      const size = tileSize(tileLevelFor(view));
      expect(size).toBeLessThanOrEqual(side);
      expect(size).toBeGreaterThan(side / 2);
    }
    // 0.25° × 0.1°: tiles of 0.088° (level 12), not 0.176° (the longer side's).
    expect(tileLevelFor([119.2, 26.0, 119.45, 26.1])).toBe(12);
    expect(tileSize(12)).toBeCloseTo(0.087890625, 12);
    // A thin view: a quarter of its longer side, 0.175°, gives tiles of 0.088°, not of its 0.02° height.
    expect(tileLevelFor([120.0, 25.0, 120.7, 25.02])).toBe(12);
  });

  it('covers the view with tiles that line up on the grid, at most 3 across its shorter side and 9 along its longer', () => {
    for (const view of VIEWS) {
      const tiles = tilesCovering(view, tileLevelFor(view));
      const columns = new Set(tiles.map((tile) => tile.x)).size;
      const rows = new Set(tiles.map((tile) => tile.y)).size;
      expect(tiles.length).toBe(columns * rows);
      expect(Math.min(columns, rows)).toBeLessThanOrEqual(3);
      expect(Math.max(columns, rows)).toBeLessThanOrEqual(9);
      const boxes = tiles.map(tileBBox);
      expect(Math.min(...boxes.map((box) => box[0]))).toBeLessThanOrEqual(view[0]);
      expect(Math.min(...boxes.map((box) => box[1]))).toBeLessThanOrEqual(view[1]);
      expect(Math.max(...boxes.map((box) => box[2]))).toBeGreaterThanOrEqual(view[2]);
      expect(Math.max(...boxes.map((box) => box[3]))).toBeGreaterThanOrEqual(view[3]);
      for (const box of boxes) expect(bboxIntersects(box, view)).toBe(true);
    }
    expect(tilesCovering([119.2, 26.0, 119.45, 26.1], 11).map(tileKey)).toEqual(['11/1702/659', '11/1703/659', '11/1702/660', '11/1703/660']);
    expect(tilesCovering([119.2, 26.0, 119.45, 26.1], 12)).toHaveLength(4 * 2);
    expect(tileBBox({ level: 11, x: 1702, y: 659 })).toEqual([119.1796875, 25.83984375, 119.35546875, 26.015625]);
  });

  it('clips views to the world and gives a view of no size the finest level', () => {
    expect(tilesCovering([-400, -100, 400, 100], 1).map(tileKey)).toEqual(['1/0/0', '1/1/0']);
    expect(tilesCovering([-180, -90, 180, 90], 0).map(tileKey)).toEqual(['0/0/0']);
    expect(tilesCovering([200, 0, 300, 10], 3)).toEqual([]);
    expect(tileLevelFor([1, 1, 1, 1])).toBe(MAX_TILE_LEVEL);
    expect(tilesCovering([1, 1, 1, 1], MAX_TILE_LEVEL)).toHaveLength(1);
  });

  it('counts a tile loaded when it or a larger tile holding it was, not when only a smaller one was', () => {
    const coverage = new TileCoverage();
    coverage.add({ level: 10, x: 100, y: 50 });
    expect(coverage.covers({ level: 10, x: 100, y: 50 })).toBe(true);
    expect(coverage.covers({ level: 12, x: 403, y: 201 })).toBe(true);
    expect(coverage.covers({ level: 12, x: 404, y: 201 })).toBe(false);
    expect(coverage.covers({ level: 9, x: 50, y: 25 })).toBe(false);
    expect(coverage.covers({ level: 10, x: 101, y: 50 })).toBe(false);
    coverage.clear();
    expect(coverage.covers({ level: 12, x: 403, y: 201 })).toBe(false);
  });

  it('tells which loaded tile holds a tile, with the features it held', () => {
    const coverage = new TileCoverage();
    coverage.add({ level: 10, x: 100, y: 50 }, 37);
    coverage.add({ level: 12, x: 404, y: 201 }, 5);
    expect(coverage.covering({ level: 12, x: 403, y: 201 })).toEqual({ key: '10/100/50', count: 37 });
    expect(coverage.covering({ level: 13, x: 808, y: 402 })).toEqual({ key: '12/404/201', count: 5 });
    expect(coverage.covering({ level: 10, x: 101, y: 50 })).toBeUndefined();
    expect(coverage.size).toBe(2);
  });

  it('cuts a tile into its four quarters of the next level, which make it up exactly', () => {
    const tile = { level: 11, x: 1702, y: 659 };
    const quarters = childTiles(tile);
    expect(quarters.map(tileKey)).toEqual(['12/3404/1318', '12/3405/1318', '12/3404/1319', '12/3405/1319']);
    const boxes = quarters.map(tileBBox);
    const [west, south, east, north] = tileBBox(tile);
    expect([Math.min(...boxes.map((box) => box[0])), Math.min(...boxes.map((box) => box[1])), Math.max(...boxes.map((box) => box[2])), Math.max(...boxes.map((box) => box[3]))]).toEqual([west, south, east, north]);
  });

  it('gives the rings of tiles around a view, nearest its centre first, without the view own tiles', () => {
    const view: BBox = [119.2, 26.0, 119.45, 26.1];
    const level = tileLevelFor(view);
    const inner = tilesCovering(view, level).map(tileKey);
    const one = tilesAround(view, 1);
    // 4 × 2 tiles cover the view (level 12): one ring around them is 6 × 4 less those 8.
    expect(inner).toHaveLength(8);
    expect(one).toHaveLength(6 * 4 - 8);
    for (const tile of one) {
      expect(tile.level).toBe(level);
      expect(inner).not.toContain(tileKey(tile));
    }
    expect(tilesAround(view, 2)).toHaveLength(8 * 6 - 8);
    const centre = [(view[0] + view[2]) / 2, (view[1] + view[3]) / 2] as const;
    const distances = one.map((tile) => {
      const box = tileBBox(tile);
      return Math.hypot((box[0] + box[2]) / 2 - centre[0], (box[1] + box[3]) / 2 - centre[1]);
    });
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(nearestFirst(tilesCovering(view, level), view).map(tileKey).sort()).toEqual([...inner].sort());
  });
});
