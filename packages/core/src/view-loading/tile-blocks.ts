import type { BBox } from '../domain/geometry.js';
import { tileBBox, tileKey, type Tile } from './tile-grid.js';

/**
 * Tiles cut into blocks of adjacent tiles of one level, each a rectangle of at most `atMost`
 * tiles, to be read with one request (one bbox): runs of adjacent tiles along each row, then
 * runs of the same columns in adjacent rows joined. Every tile is in exactly one block; tiles of
 * different levels never share one; the blocks come in the order of their first tile.
 */
export function tileBlocks(tiles: readonly Tile[], atMost: number): Tile[][] {
  const limit = Math.max(1, Math.floor(atMost));
  const unique = [...new Map(tiles.map((tile) => [tileKey(tile), tile])).values()];
  if (limit === 1) return unique.map((tile) => [tile]);
  const order = new Map(unique.map((tile, index) => [tileKey(tile), index]));
  const blocks: Tile[][] = [];
  const levels = new Map<number, Tile[]>();
  for (const tile of unique) levels.set(tile.level, [...(levels.get(tile.level) ?? []), tile]);
  for (const [level, ofLevel] of levels) {
    // Runs along each row, no longer than the limit.
    const rows = new Map<number, number[]>();
    for (const { x, y } of ofLevel) rows.set(y, [...(rows.get(y) ?? []), x]);
    const runs: Array<{ y: number; from: number; to: number }> = [];
    for (const [y, xs] of rows) {
      xs.sort((a, b) => a - b);
      let from = xs[0] as number;
      let to = from;
      for (const x of xs.slice(1)) {
        if (x === to + 1 && x - from < limit) to = x;
        else {
          runs.push({ y, from, to });
          from = to = x;
        }
      }
      runs.push({ y, from, to });
    }
    // Runs of the same columns in adjacent rows joined while the block stays within the limit.
    runs.sort((a, b) => a.from - b.from || a.to - b.to || a.y - b.y);
    for (let index = 0; index < runs.length; ) {
      const first = runs[index] as (typeof runs)[number];
      const width = first.to - first.from + 1;
      let last = first.y;
      let next = index + 1;
      while (next < runs.length) {
        const run = runs[next] as (typeof runs)[number];
        if (run.from !== first.from || run.to !== first.to || run.y !== last + 1 || (last - first.y + 2) * width > limit) break;
        last = run.y;
        next++;
      }
      const block: Tile[] = [];
      for (let y = first.y; y <= last; y++) for (let x = first.from; x <= first.to; x++) block.push({ level, x, y });
      blocks.push(block);
      index = next;
    }
  }
  const firstOf = (block: Tile[]) => Math.min(...block.map((tile) => order.get(tileKey(tile)) ?? 0));
  return blocks.sort((a, b) => firstOf(a) - firstOf(b));
}

/** The box of a block of tiles: the union of theirs. */
export function blockBBox(block: readonly Tile[]): BBox {
  const boxes = block.map(tileBBox);
  return [Math.min(...boxes.map((box) => box[0])), Math.min(...boxes.map((box) => box[1])), Math.max(...boxes.map((box) => box[2])), Math.max(...boxes.map((box) => box[3]))];
}
