import type { MapFeature } from '../domain/feature.js';
import { bboxIntersects, type BBox } from '../domain/geometry.js';
import { nearestFirst, TileCoverage, tileBBox, tileKey, type Tile } from './tile-grid.js';

/** The features a session holds, as loading by view reads and changes them. */
export interface LoadedFeatures {
  /** The server copies held, by id. */
  readonly loaded: ReadonlyMap<string, MapFeature>;
  /** Holds the features not held yet (one held already, an edited one above all, stays as it is); answers their ids. */
  merge(features: readonly MapFeature[]): string[];
  /** Lets a held feature go; false when it was not held. */
  letGo(id: string): boolean;
}

/**
 * The tiles a layer loaded by view holds, and the features each brought, so that the tiles far
 * from the view can be let go: a feature crossing tiles goes with the last tile holding it, and
 * one that must stay when its last tile goes (`kept`) is a stray, dropped once nothing keeps it.
 */
export class HeldTiles {
  /** The tiles held, with their feature counts: what a view's plan asks. */
  readonly coverage = new TileCoverage();
  private readonly tiles = new Map<string, { tile: Tile; ids: readonly string[] }>();
  /** How many held tiles hold each feature. */
  private readonly holders = new Map<string, number>();
  /** Features kept when their last tile was let go: dropped once no longer kept, unless a tile read again holds them. */
  private readonly strays = new Set<string>();

  /** Holds a tile and the features it brought (a tile held again replaces what it held). */
  add(tile: Tile, ids: readonly string[]): void {
    this.release(tile);
    this.tiles.set(tileKey(tile), { tile, ids });
    this.coverage.add(tile, ids.length);
    for (const id of ids) {
      this.holders.set(id, (this.holders.get(id) ?? 0) + 1);
      this.strays.delete(id);
    }
  }

  /**
   * Lets go of the held tiles that do not meet `keep`, farthest from its centre first, until
   * `features` holds no more than `target`; drops from `features` the features no held tile
   * holds any more, except those `kept` answers true for (strays dropped later, once not kept).
   * Answers the ids dropped.
   */
  letGo(keep: BBox, target: number, features: LoadedFeatures, kept: (id: string) => boolean): string[] {
    const dropped: string[] = [];
    const drop = (id: string) => {
      if (kept(id)) {
        this.strays.add(id);
        return;
      }
      this.strays.delete(id);
      if (features.letGo(id)) dropped.push(id);
    };
    for (const id of [...this.strays]) drop(id);
    const far = [...this.tiles.values()].map(({ tile }) => tile).filter((tile) => !bboxIntersects(tileBBox(tile), keep));
    for (const tile of nearestFirst(far, keep).reverse()) {
      if (features.loaded.size <= target) break;
      for (const id of this.release(tile)) drop(id);
    }
    return dropped;
  }

  clear(): void {
    this.tiles.clear();
    this.holders.clear();
    this.strays.clear();
    this.coverage.clear();
  }

  /** Lets the tile go; answers the features no other held tile holds. */
  private release(tile: Tile): string[] {
    const key = tileKey(tile);
    const held = this.tiles.get(key);
    if (!held) return [];
    this.tiles.delete(key);
    this.coverage.delete(tile);
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
}
