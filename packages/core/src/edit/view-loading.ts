import type { MapFeature } from '../domain/feature.js';
import type { BBox } from '../domain/geometry.js';
import { MapServerError } from '../errors/errors.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import { fetchLayer, type FetchedLayer } from './layer-reads.js';
import type { PendingEdits } from './pending-edits.js';
import type { SessionEvents } from './session-events.js';
import { TileCoverage, tileBBox, tileKey, tileLevelFor, tilesCovering, type Tile } from './tile-grid.js';

/**
 * Where the features of the map's view stand (`EditSession.viewState`, the `view` event):
 * - `whole`: the session holds the layer as a load brought it; views load nothing more;
 * - `loaded`: the features of the view `bbox` are loaded and can be edited;
 * - `too-many`: the view holds `count` features, more than `limit` (the session's `maxFeatures`):
 *   none is loaded for it, and nothing there should be edited until the view is smaller.
 */
export type ViewState =
  | { kind: 'whole' }
  | { kind: 'loaded'; bbox: BBox }
  | { kind: 'too-many'; bbox: BBox; count: number; limit: number };

/** How a session loads its layer: `whole` (up to `maxFeatures`) or, when it holds more, by `view`. */
export type LoadingStrategy = 'whole' | 'view';

/** What view loading works with: the session's server, strategy, features and voice. */
export interface ViewLoadingHost {
  readonly source: FeatureSource;
  readonly typeName: string;
  readonly maxFeatures: number;
  readonly loading: LoadingStrategy;
  readonly edits: PendingEdits;
  readonly events: SessionEvents;
  /** Resolves when no load, save, redraw or restore runs; tiles are only merged between them. */
  idle(): Promise<void>;
  busy(): boolean;
}

/** A layer read for a load, applied to the view state by `commit` once the load applies it. */
export interface LayerRead {
  layer: FetchedLayer;
  /** Whether the layer is larger than `maxFeatures` and loads by view. */
  byView: boolean;
  commit(): void;
}

/** The features of some tiles, not yet merged. */
interface TilesRead {
  state: ViewState;
  tiles: Tile[];
  features: MapFeature[];
  /** A later view was asked for while this one was counted: its tiles were not read. */
  superseded?: true;
}

/** The layer's features; `undefined` when the source cannot count (a server that answers hits with no count). */
async function countLayer(source: FeatureSource, typeName: string): Promise<number | undefined> {
  try {
    return await source.countFeatures?.({ typeName });
  } catch (error) {
    // A server unreachable fails the load; one that answered but cannot count loads whole.
    if (error instanceof MapServerError) return undefined;
    throw error;
  }
}

/** Reads one tile, page by page (`startIndex`), each page within `maxFeatures`. */
async function readTile(source: FeatureSource, typeName: string, maxFeatures: number, tile: Tile): Promise<MapFeature[]> {
  const bbox = tileBBox(tile);
  const features: MapFeature[] = [];
  const seen = new Set<string>();
  for (let startIndex = 0; ; startIndex += maxFeatures) {
    const page = await source.getFeatures({ typeName, bbox, maxFeatures, ...(startIndex > 0 ? { startIndex } : {}) });
    const fresh = page.features.filter((feature) => !seen.has(feature.id));
    for (const feature of fresh) {
      seen.add(feature.id);
      features.push(feature);
    }
    // A short page is the last; one that brings nothing new comes from a server that ignores startIndex.
    if (page.features.length + page.skipped < maxFeatures || fresh.length === 0) return features;
  }
}

/**
 * Loading a layer larger than `maxFeatures` by view, as OpenLayers' `bbox` strategy and QGIS do:
 * the layer is counted first (`FeatureSource.countFeatures`); the view is cut into the tiles of a
 * fixed grid (`tile-grid.ts`) and only the tiles not loaded yet are read, each with a BBOX and at
 * most `maxFeatures` per request, paged with `startIndex`. A view holding more than `maxFeatures`
 * loads nothing (`too-many`). Tiles are merged by id: a feature crossing tiles is held once, and
 * a feature already held (an edited one above all) is never replaced by the copy a pan brings.
 * Tiles read while a load, save, redraw or restore ran are dropped and read again after it.
 */
export class ViewLoading {
  private layerCount: number | undefined;
  private current: ViewState | undefined;
  private readonly coverage = new TileCoverage();
  /** Tiles being read, by key: a pan that needs one already asked for waits for that read. */
  private readonly reading = new Map<string, Promise<MapFeature[]>>();
  /** The last view asked for; a load reads it again. */
  private view: BBox | undefined;
  /** Bumped when an operation starts and when a load applies: reads from before are stale. */
  private epoch = 0;

  constructor(private readonly host: ViewLoadingHost) {}

  get state(): ViewState | undefined {
    return this.current;
  }

  /** The layer's features as the last load counted them; `undefined` when not counted. */
  get count(): number | undefined {
    return this.layerCount;
  }

  /** Called when an operation starts: tiles read until now may predate what it changes. */
  invalidate(): void {
    this.epoch++;
    this.reading.clear();
  }

  /** A load's read: the whole layer (up to `maxFeatures`) or, for a larger one, the tiles of the last view. */
  async readLayer(): Promise<LayerRead> {
    const { source, typeName, maxFeatures, loading } = this.host;
    const count = loading === 'view' ? await countLayer(source, typeName) : undefined;
    if (count === undefined || count <= maxFeatures) {
      const layer = await fetchLayer(source, typeName, maxFeatures);
      return { layer, byView: false, commit: () => this.settle(count, { kind: 'whole' }, []) };
    }
    const view = this.view;
    const [schema, read] = await Promise.all([source.describe(typeName), view ? this.readView(view, new TileCoverage()) : undefined]);
    return {
      layer: { schema, features: read?.features ?? [], skipped: 0 },
      byView: true,
      commit: () => this.settle(count, read?.state, read?.tiles ?? []),
    };
  }

  /**
   * Loads the features of the view `bbox` (lon/lat) that are not loaded yet, for a layer loaded
   * by view; answers the view's state. Before the first load it only remembers the view.
   */
  async loadView(bbox: BBox): Promise<ViewState | undefined> {
    this.view = bbox;
    for (;;) {
      await this.host.idle();
      // A later view took over: its call loads what is still missing.
      if (this.view !== bbox) return this.current;
      if (this.layerCount === undefined || this.layerCount <= this.host.maxFeatures) return this.current;
      const epoch = this.epoch;
      const read = await this.readView(bbox, this.coverage, () => this.view === bbox);
      if (read.superseded) return this.current;
      if (epoch !== this.epoch || this.host.busy()) continue;
      const added = this.merge(read.features);
      for (const tile of read.tiles) this.coverage.add(tile);
      // A later view's answer may have come first: the state is the last view's.
      if (this.view === bbox) this.current = read.state;
      this.host.events.emit('view', { state: read.state, added });
      return read.state;
    }
  }

  private settle(count: number | undefined, state: ViewState | undefined, tiles: Tile[]): void {
    this.invalidate();
    this.layerCount = count;
    this.coverage.clear();
    for (const tile of tiles) this.coverage.add(tile);
    const previous = this.current;
    this.current = state;
    // A layer loaded whole has nothing new to tell at every load.
    if (state && (state.kind !== 'whole' || previous?.kind !== 'whole')) this.host.events.emit('view', { state, added: [] });
  }

  /**
   * The view's tiles that `coverage` lacks, or nothing when the view holds too many features, or
   * when it is no longer `wanted` once counted (a pan or zoom went on meanwhile).
   */
  private async readView(bbox: BBox, coverage: TileCoverage, wanted: () => boolean = () => true): Promise<TilesRead> {
    const { source, typeName, maxFeatures } = this.host;
    const missing = tilesCovering(bbox, tileLevelFor(bbox)).filter((tile) => !coverage.covers(tile));
    const loaded: TilesRead = { state: { kind: 'loaded', bbox }, tiles: [], features: [] };
    if (missing.length === 0 || !source.countFeatures) return loaded;
    const count = await source.countFeatures({ typeName, bbox });
    if (count > maxFeatures) return { ...loaded, state: { kind: 'too-many', bbox, count, limit: maxFeatures } };
    // An empty view needs no tile: its tiles are read when a view with features needs them.
    if (count === 0) return loaded;
    if (!wanted()) return { ...loaded, superseded: true };
    const pages = await Promise.all(missing.map((tile) => this.tileRead(tile)));
    const byId = new Map<string, MapFeature>();
    for (const feature of pages.flat()) if (!byId.has(feature.id)) byId.set(feature.id, feature);
    return { ...loaded, tiles: missing, features: [...byId.values()] };
  }

  private tileRead(tile: Tile): Promise<MapFeature[]> {
    const key = tileKey(tile);
    let read = this.reading.get(key);
    if (!read) {
      const { source, typeName, maxFeatures } = this.host;
      read = readTile(source, typeName, maxFeatures, tile);
      this.reading.set(key, read);
      const forget = () => this.reading.get(key) === read && this.reading.delete(key);
      read.then(forget, forget);
    }
    return read;
  }

  /** Adds the features not held yet; answers their ids. */
  private merge(features: MapFeature[]): string[] {
    const { loaded } = this.host.edits;
    const added: string[] = [];
    for (const feature of features) {
      if (loaded.has(feature.id)) continue;
      loaded.set(feature.id, feature);
      added.push(feature.id);
    }
    return added;
  }
}
