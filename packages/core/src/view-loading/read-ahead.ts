import type { MapFeature } from '../domain/feature.js';
import { bboxIntersects, type BBox } from '../domain/geometry.js';
import { later } from '../util/timers.js';
import type { TileRead } from './server-reads.js';
import { childTiles, nearestFirst, tileBBox, tileKey, tileLevelFor, tilesAround, tilesCovering, tileSize, widened, type Tile } from './tile-grid.js';

/**
 * How long a loaded view stays before the tiles around it are read ahead (`EditSession`'s
 * `prefetchDelayMs`): the view's own tiles are merged and painted first, without reads ahead
 * taking the page's or the server's time, and a view the map only passes through reads nothing ahead.
 */
export const DEFAULT_PREFETCH_DELAY_MS = 250;

/** Tiles read ahead at once: few, so a view's own reads wait for at most this many on a server that answers one request at a time. */
const PREFETCH_CONCURRENCY = 2;
/** Features kept aside by reading ahead, in loads (`maxFeatures`, by the densest tile seen): four rings around a view of a few hundred features. */
const PREFETCH_LIMITS = 6;

/** A tile read ahead: complete (one page held it all), kept aside until a view needs it. */
export interface AheadTile {
  tile: Tile;
  features: MapFeature[];
}

/** The tile read ahead that holds `tile`: itself or a larger one (a zoom in finds it read). */
export function aheadHolding(tile: Tile, ahead: ReadonlyMap<string, AheadTile>): AheadTile | undefined {
  for (let { level, x, y } = tile; level >= 0; level--, x = Math.floor(x / 2), y = Math.floor(y / 2)) {
    const found = ahead.get(tileKey({ level, x, y }));
    if (found) return found;
  }
  return undefined;
}

/** What reading ahead works with: the view loading's settings, state and reads. */
export interface ReadAheadHost {
  /** Rings of tiles read around a view (0: none). */
  readonly rings: number;
  /** How long a view stays before its rings are read. */
  readonly delayMs: number;
  readonly maxFeatures: number;
  /** Whether `bbox` is still the view, no operation runs, and none started since `epoch`. */
  current(bbox: BBox, epoch: number): boolean;
  /** Bumped when an operation starts or a load applies: reads from before are stale. */
  epoch(): number;
  /** Whether the tile (or a larger one holding it) is held in the session. */
  covers(tile: Tile): boolean;
  /** The most features per square degree a complete tile held, once one was read. */
  density(): number | undefined;
  /** The tile's first page, shared with the view reads that ask for it meanwhile. */
  firstPage(tile: Tile): Promise<TileRead>;
  /** A tile read ahead was kept aside (a map may paint its features ahead). */
  kept(tile: AheadTile): void;
}

/**
 * Reading ahead (`EditSession`'s `prefetch`): once a loaded view has stayed `delayMs`, the
 * quarters of its own tiles it left unread, then the rings of tiles around it, nearest first,
 * two at a time, while the view stays and no operation starts; only tiles one page holds are
 * kept, aside in `tiles`, until a view needs them. No more than about six loads' worth of
 * features is kept aside; tiles far from the view are dropped first. The features kept aside
 * (`features`) and the tiles a view merges (`inReadOrder`) come in the order they were read.
 */
export class ReadAhead {
  /** Tiles read ahead, by key. */
  readonly tiles = new Map<string, AheadTile>();

  constructor(private readonly host: ReadAheadHost) {}

  /**
   * The features of the tiles kept aside that `isLoaded` does not count as loaded, each once, in
   * the order they were read: what the next views will merge unless a load or an edit comes first.
   */
  features(isLoaded: (id: string) => boolean): MapFeature[] {
    const seen = new Set<string>();
    const features: MapFeature[] = [];
    for (const { features: tile } of this.tiles.values()) {
      for (const feature of tile) {
        if (seen.has(feature.id) || isLoaded(feature.id)) continue;
        seen.add(feature.id);
        features.push(feature);
      }
    }
    return features;
  }

  /**
   * These tiles read ahead, each once (by key), in the order they were read: the order `features`
   * lists their features in. Tiles no longer kept aside come last, in the order given.
   */
  inReadOrder(tiles: Iterable<AheadTile>): AheadTile[] {
    const order = new Map([...this.tiles.keys()].map((key, index) => [key, index]));
    const byKey = new Map<string, AheadTile>();
    for (const tile of tiles) byKey.set(tileKey(tile.tile), tile);
    return [...byKey].sort(([a], [b]) => (order.get(a) ?? order.size) - (order.get(b) ?? order.size)).map(([, tile]) => tile);
  }

  /** Reads the rings around the view `bbox` ahead once it has stayed (not for a view the map only passed through). */
  soon(bbox: BBox): void {
    if (this.host.rings > 0) later(() => void this.read(bbox), this.host.delayMs);
  }

  /**
   * A tile's features, each feature another tile read ahead holds already given as that tile's
   * copy: a feature crossing tiles is one object aside, whichever tile a view merges it from.
   */
  private shared(features: MapFeature[]): MapFeature[] {
    const held = new Map<string, MapFeature>();
    for (const { features: tile } of this.tiles.values()) for (const feature of tile) held.set(feature.id, feature);
    return held.size === 0 ? features : features.map((feature) => held.get(feature.id) ?? feature);
  }

  private async read(bbox: BBox): Promise<void> {
    const epoch = this.host.epoch();
    if (!this.host.current(bbox, epoch)) return;
    const { rings, maxFeatures } = this.host;
    const level = tileLevelFor(bbox);
    const near = widened(bbox, (rings + 2) * tileSize(level));
    for (const [key, { tile }] of this.tiles) if (!bboxIntersects(tileBBox(tile), near)) this.tiles.delete(key);
    // No more than about PREFETCH_LIMITS loads' worth of features aside (by the densest tile seen): a view zoomed out reads ahead fewer, larger tiles.
    const budget = PREFETCH_LIMITS * maxFeatures;
    const density = this.host.density() ?? 0;
    let aside = [...this.tiles.values()].reduce((sum, { features }) => sum + features.length, 0);
    const unread = (tile: Tile) => !this.host.covers(tile) && !this.tiles.has(tileKey(tile));
    // First the quarters of the view's own tiles that it left unread, beside it (a zoom out reads
    // only the quarters meeting the view): a step there (a zoom back in off the centre) then reads nothing.
    const beside = tilesCovering(bbox, level).filter(unread).flatMap(childTiles);
    const queue = [...nearestFirst(beside, bbox), ...tilesAround(bbox, rings)].filter((tile) => {
      if (!unread(tile)) return false;
      aside += density * tileSize(tile.level) ** 2;
      return aside <= budget;
    });
    const next = async (): Promise<void> => {
      for (let tile = queue.shift(); tile && this.host.current(bbox, epoch); tile = queue.shift()) {
        const read = await this.host.firstPage(tile);
        if (read.complete && epoch === this.host.epoch() && !this.host.covers(tile)) {
          const kept = { tile, features: this.shared(read.features) };
          this.tiles.set(tileKey(tile), kept);
          this.host.kept(kept);
        }
      }
    };
    // A tile that cannot be read is left to the view that needs it, which tells the error.
    await Promise.all(Array.from({ length: PREFETCH_CONCURRENCY }, next)).catch(() => undefined);
  }
}
