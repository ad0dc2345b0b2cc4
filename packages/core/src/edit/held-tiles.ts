import { bboxIntersects, type BBox } from '../domain/geometry.js';
import { nearestFirst, tileBBox, tileKey, type Tile } from './tile-grid.js';

/**
 * The features each held tile of a layer loaded by view brought, so that the session can let go
 * of the tiles far from the view: a feature crossing tiles is let go with the last tile holding it.
 */
export class HeldTiles {
  private readonly tiles = new Map<string, { tile: Tile; ids: readonly string[] }>();
  /** How many held tiles hold each feature. */
  private readonly holders = new Map<string, number>();

  get size(): number {
    return this.tiles.size;
  }

  /** Notes the features a tile brought (a tile held again replaces what it held). */
  add(tile: Tile, ids: readonly string[]): void {
    const key = tileKey(tile);
    this.release(key);
    this.tiles.set(key, { tile, ids });
    for (const id of ids) this.holders.set(id, (this.holders.get(id) ?? 0) + 1);
  }

  /** Lets the tile go; answers the features no other held tile holds. */
  release(key: string): string[] {
    const held = this.tiles.get(key);
    if (!held) return [];
    this.tiles.delete(key);
    const free: string[] = [];
    for (const id of held.ids) {
      const holders = (this.holders.get(id) ?? 1) - 1;
      if (holders > 0) {
        this.holders.set(id, holders);
      } else {
        this.holders.delete(id);
        free.push(id);
      }
    }
    return free;
  }

  /** Whether a held tile holds the feature. */
  holds(id: string): boolean {
    return this.holders.has(id);
  }

  /** The held tiles that do not meet `keep`, farthest from its centre first. */
  outside(keep: BBox): Tile[] {
    const far = [...this.tiles.values()].map(({ tile }) => tile).filter((tile) => !bboxIntersects(tileBBox(tile), keep));
    return nearestFirst(far, keep).reverse();
  }

  clear(): void {
    this.tiles.clear();
    this.holders.clear();
  }
}
