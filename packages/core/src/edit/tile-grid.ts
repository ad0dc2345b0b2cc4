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

/** The tiles loaded so far, at any level. */
export class TileCoverage {
  private readonly keys = new Set<string>();

  get size(): number {
    return this.keys.size;
  }

  add(tile: Tile): void {
    this.keys.add(tileKey(tile));
  }

  /** Whether the tile, or a larger tile holding it, is loaded. */
  covers(tile: Tile): boolean {
    for (let { level, x, y } = tile; level >= 0; level--, x = Math.floor(x / 2), y = Math.floor(y / 2)) {
      if (this.keys.has(tileKey({ level, x, y }))) return true;
    }
    return false;
  }

  clear(): void {
    this.keys.clear();
  }
}
