import type { BBox } from '../domain/geometry.js';

/**
 * The fixed grid a large layer is loaded by: level `z` cuts lon/lat into square tiles
 * `360 / 2^z` degrees wide, counted from (-180, -90). Tiles of every level line up, so a tile is
 * loaded when it, or a larger tile holding it, was.
 */
export interface Tile {
  level: number;
  x: number;
  y: number;
}

/** The finest level (tiles about 2 cm wide): a view narrower than that is loaded at it. */
export const MAX_TILE_LEVEL = 30;

const WORLD: BBox = [-180, -90, 180, 90];

export function tileSize(level: number): number {
  return 360 / 2 ** level;
}

/**
 * The level whose tiles are no wider than the view's shorter side (but at least a quarter of its
 * longer one, for a thin view) and more than half as wide: a pan reads a row or column of small
 * tiles, and the tiles of a view hold about 2.5 times its area rather than 4 times (a map of
 * 16:9 touches about 3 × 2 to 5 × 3 of them).
 */
export function tileLevelFor(view: BBox): number {
  const [width, height] = [view[2] - view[0], view[3] - view[1]];
  const side = Math.max(Math.min(width, height), Math.max(width, height) / 4);
  if (!(side > 0)) return MAX_TILE_LEVEL;
  return Math.min(MAX_TILE_LEVEL, Math.max(0, Math.ceil(Math.log2(360 / side))));
}

export function tileBBox({ level, x, y }: Tile): BBox {
  const size = tileSize(level);
  return [-180 + x * size, -90 + y * size, -180 + (x + 1) * size, -90 + (y + 1) * size];
}

export function tileKey({ level, x, y }: Tile): string {
  return `${level}/${x}/${y}`;
}

/** The tiles of `level` that cover the view (clipped to the world), west to east, south to north. */
export function tilesCovering(view: BBox, level: number): Tile[] {
  const size = tileSize(level);
  const lastColumn = 2 ** level - 1;
  // Half as many rows as columns (180° of latitude), and one at level 0.
  const lastRow = Math.ceil(2 ** level / 2) - 1;
  const index = (value: number, min: number, max: number) => Math.min(max, Math.max(0, Math.floor((value - min) / size)));
  const [west, south, east, north] = [Math.max(view[0], WORLD[0]), Math.max(view[1], WORLD[1]), Math.min(view[2], WORLD[2]), Math.min(view[3], WORLD[3])];
  if (west > east || south > north) return [];
  const tiles: Tile[] = [];
  for (let y = index(south, -90, lastRow); y <= index(north, -90, lastRow); y++) {
    for (let x = index(west, -180, lastColumn); x <= index(east, -180, lastColumn); x++) tiles.push({ level, x, y });
  }
  return tiles;
}

/** The four tiles of the next level that make up `tile`. */
export function childTiles({ level, x, y }: Tile): Tile[] {
  return [
    { level: level + 1, x: 2 * x, y: 2 * y },
    { level: level + 1, x: 2 * x + 1, y: 2 * y },
    { level: level + 1, x: 2 * x, y: 2 * y + 1 },
    { level: level + 1, x: 2 * x + 1, y: 2 * y + 1 },
  ];
}

/** The tiles of the view's level around it: `rings` rows and columns of tiles beyond those covering it, nearest first. */
export function tilesAround(view: BBox, rings: number): Tile[] {
  const level = tileLevelFor(view);
  const margin = rings * tileSize(level);
  const inner = new Set(tilesCovering(view, level).map(tileKey));
  const outer = tilesCovering([view[0] - margin, view[1] - margin, view[2] + margin, view[3] + margin], level);
  return nearestFirst(
    outer.filter((tile) => !inner.has(tileKey(tile))),
    view,
  );
}

/** The box `bbox` grown by `margin` degrees on every side. */
export function widened(bbox: BBox, margin: number): BBox {
  return [bbox[0] - margin, bbox[1] - margin, bbox[2] + margin, bbox[3] + margin];
}

/** The tiles sorted by the distance of their centres from the view's centre, nearest first. */
export function nearestFirst(tiles: Tile[], view: BBox): Tile[] {
  const [cx, cy] = [(view[0] + view[2]) / 2, (view[1] + view[3]) / 2];
  const distance = (tile: Tile) => {
    const [west, south, east, north] = tileBBox(tile);
    return Math.hypot((west + east) / 2 - cx, (south + north) / 2 - cy);
  };
  return tiles
    .map((tile) => ({ tile, distance: distance(tile) }))
    .sort((a, b) => a.distance - b.distance)
    .map(({ tile }) => tile);
}

/** The tiles loaded so far, at any level, each with the number of features it held. */
export class TileCoverage {
  private readonly counts = new Map<string, number>();

  get size(): number {
    return this.counts.size;
  }

  add(tile: Tile, count = 0): void {
    this.counts.set(tileKey(tile), count);
  }

  /** Whether the tile, or a larger tile holding it, is loaded. */
  covers(tile: Tile): boolean {
    return this.covering(tile) !== undefined;
  }

  /** The key of the loaded tile that holds `tile` (itself or a larger one) and its count; `undefined` when none is loaded. */
  covering(tile: Tile): { key: string; count: number } | undefined {
    for (let { level, x, y } = tile; level >= 0; level--, x = Math.floor(x / 2), y = Math.floor(y / 2)) {
      const key = tileKey({ level, x, y });
      const count = this.counts.get(key);
      if (count !== undefined) return { key, count };
    }
    return undefined;
  }

  /** Forgets the tile (not the smaller or larger tiles held). */
  delete(tile: Tile): void {
    this.counts.delete(tileKey(tile));
  }

  clear(): void {
    this.counts.clear();
  }
}
