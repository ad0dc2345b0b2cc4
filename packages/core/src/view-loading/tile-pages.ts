import type { MapFeature } from '../domain/feature.js';
import { bboxIntersects, geometryBBox } from '../domain/geometry.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import { readTile, type TileRead } from './server-reads.js';
import { blockBBox, tileBlocks } from './tile-blocks.js';
import { tileBBox, tileKey, tileSize, type Tile } from './tile-grid.js';

/** The layer whose tiles are read: where from, and how many features a page holds at most. */
export interface TilePagesHost {
  readonly source: FeatureSource;
  readonly typeName: string;
  readonly maxFeatures: number;
}

/**
 * The share of a page a block of tiles read with one request may fill, by the densest tile seen:
 * the rest is room for tiles denser than that, so that the block's answer is rarely a full page
 * (which is read again tile by tile).
 */
const BLOCK_PAGE_SHARE = 0.5;
/** Tiles in one block at most, however sparse the layer: one answer stays a few views' worth. */
const BLOCK_TILES = 24;

/**
 * Reading a layer's tiles page by page, for the views and the reading ahead of one session: a
 * tile's first page is read once while it is asked for (every view and read ahead that asks for
 * it meanwhile shares that read), and each complete tile tells how dense the layer is (`density`:
 * how many features a view's unread tiles may hold). Adjacent tiles asked for together
 * (`firstOfAll`) are read with one request where the layer's density says one page holds them.
 */
export class TilePages {
  /** First pages of tiles being read, by key. */
  private readonly reading = new Map<string, Promise<TileRead>>();
  private densest: number | undefined;

  constructor(private readonly host: TilePagesHost) {}

  /** The most features per square degree a complete tile held, once one was read. */
  get density(): number | undefined {
    return this.densest;
  }

  /** The tile's first page, shared by every view and read ahead that asks for it meanwhile. */
  first(tile: Tile): Promise<TileRead> {
    const key = tileKey(tile);
    const reading = this.reading.get(key);
    if (reading) return reading;
    const { source, typeName, maxFeatures } = this.host;
    return this.shared(key, readTile(source, typeName, maxFeatures, tile, { firstPageOnly: true }).then((answer) => this.measured(tile, answer)));
  }

  /**
   * The first pages of these tiles, as `first` gives each: those not being read yet cut into
   * blocks of adjacent tiles of one level (`tileBlocks`), each read with one request (the block's
   * bbox) when the densest tile seen says a page holds it with room to spare. Each tile of a block
   * gets the features of the answer whose box meets its own, as its own read (a BBOX) gives them:
   * a feature on an edge between tiles comes with both, and is one feature once merged. A block
   * read as a full page may hold more: its tiles are read one by one. A block's failed read fails
   * the read of each of its tiles, which a later ask reads again.
   */
  firstOfAll(tiles: readonly Tile[]): Array<Promise<TileRead>> {
    for (const block of this.blocks(tiles.filter((tile) => !this.reading.has(tileKey(tile))))) if (block.length > 1) this.readBlock(block);
    return tiles.map((tile) => this.first(tile));
  }

  /** The tiles cut into the blocks `firstOfAll` reads with one request each (`tileBlocks`, as many tiles as a page holds with room to spare). */
  blocks(tiles: readonly Tile[]): Tile[][] {
    const levels = [...new Set(tiles.map((tile) => tile.level))];
    const blocks = levels.flatMap((level) => tileBlocks(tiles.filter((tile) => tile.level === level), this.tilesPerRequest(level)));
    const order = new Map(tiles.map((tile, index) => [tileKey(tile), index]));
    const firstOf = (block: Tile[]) => Math.min(...block.map((tile) => order.get(tileKey(tile)) ?? 0));
    return blocks.sort((a, b) => firstOf(a) - firstOf(b));
  }

  /** The pages of a tile after its first. */
  async rest(tile: Tile, first: TileRead): Promise<TileRead> {
    const { source, typeName, maxFeatures } = this.host;
    return this.measured(tile, await readTile(source, typeName, maxFeatures, tile, { after: first }));
  }

  /** Forgets the reads under way (an operation started: their answers may predate it); a later ask reads again. */
  forget(): void {
    this.reading.clear();
  }

  /** How many tiles of `level` one request may read: one until a tile told how dense the layer is. */
  private tilesPerRequest(level: number): number {
    if (this.densest === undefined) return 1;
    const perTile = this.densest * tileSize(level) ** 2;
    return Math.min(BLOCK_TILES, perTile > 0 ? Math.floor((BLOCK_PAGE_SHARE * this.host.maxFeatures) / perTile) : BLOCK_TILES);
  }

  private readBlock(block: Tile[]): void {
    const { source, typeName, maxFeatures } = this.host;
    const answer = source.getFeatures({ typeName, bbox: blockBBox(block), maxFeatures }).then((page) => ({
      whole: page.features.length + page.skipped < maxFeatures,
      boxed: page.features.map((feature) => ({ feature, box: geometryBBox(feature.geometry) })),
    }));
    for (const tile of block) {
      const box = tileBBox(tile);
      const read = answer.then(({ whole, boxed }): TileRead | Promise<TileRead> => {
        if (!whole) return readTile(source, typeName, maxFeatures, tile, { firstPageOnly: true });
        const features: MapFeature[] = boxed.filter((entry) => bboxIntersects(entry.box, box)).map((entry) => entry.feature);
        return { features, complete: true };
      });
      this.shared(tileKey(tile), read.then((tileRead) => this.measured(tile, tileRead)));
    }
  }

  /** Keeps `read` as the tile's first page until it settles. */
  private shared(key: string, read: Promise<TileRead>): Promise<TileRead> {
    this.reading.set(key, read);
    const forget = () => this.reading.get(key) === read && this.reading.delete(key);
    read.then(forget, forget);
    return read;
  }

  /** Notes how dense a complete tile is; answers it unchanged. */
  private measured(tile: Tile, read: TileRead): TileRead {
    if (read.complete) this.densest = Math.max(this.densest ?? 0, read.features.length / tileSize(tile.level) ** 2);
    return read;
  }
}
