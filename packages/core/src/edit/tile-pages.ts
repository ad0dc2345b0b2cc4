import type { FeatureSource } from '../ports/feature-source.port.js';
import { readTile, type TileRead } from './tile-reads.js';
import { tileKey, tileSize, type Tile } from './tile-grid.js';

/** The layer whose tiles are read: where from, and how many features a page holds at most. */
export interface TilePagesHost {
  readonly source: FeatureSource;
  readonly typeName: string;
  readonly maxFeatures: number;
}

/**
 * Reading a layer's tiles page by page, for the views and the reading ahead of one session: a
 * tile's first page is read once while it is asked for (every view and read ahead that asks for
 * it meanwhile shares that read), and each complete tile tells how dense the layer is (`density`:
 * how many features a view's unread tiles may hold).
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
    let read = this.reading.get(key);
    if (!read) {
      const { source, typeName, maxFeatures } = this.host;
      read = readTile(source, typeName, maxFeatures, tile, { firstPageOnly: true }).then((answer) => this.measured(tile, answer));
      this.reading.set(key, read);
      const forget = () => this.reading.get(key) === read && this.reading.delete(key);
      read.then(forget, forget);
    }
    return read;
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

  /** Notes how dense a complete tile is; answers it unchanged. */
  private measured(tile: Tile, read: TileRead): TileRead {
    if (read.complete) this.densest = Math.max(this.densest ?? 0, read.features.length / tileSize(tile.level) ** 2);
    return read;
  }
}
