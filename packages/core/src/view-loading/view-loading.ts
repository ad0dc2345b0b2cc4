import type { MapFeature } from '../domain/feature.js';
import { bboxIntersects, geometryBBox, type BBox } from '../domain/geometry.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import { countLayer, fetchLayer, type FetchedLayer, type TileRead } from './server-reads.js';
import { TilePages } from './tile-pages.js';
import { EarlyCount } from './early-count.js';
import { HeldTiles, type LoadedFeatures } from './held-tiles.js';
import { aheadHolding, ReadAhead, type AheadTile } from './read-ahead.js';
import { childTiles, nearestFirst, TileCoverage, tileBBox, tileKey, tileLevelFor, tilesCovering, tileSize, widened, type Tile } from './tile-grid.js';


/**
 * Where the features of the map's view stand (`EditSession.viewState`, the `view` event):
 * - `whole`: the session holds the layer as a load brought it; views load nothing more;
 * - `loading`: the tiles of the view `bbox` are being read; those read so far are loaded (and shown);
 * - `loaded`: the features of the view `bbox` are loaded and can be edited;
 * - `too-many`: the view holds `count` features, more than `limit` (the session's `maxFeatures`):
 *   none is loaded for it, and nothing there should be edited until the view is smaller.
 */
export type ViewState =
  | { kind: 'whole' }
  | { kind: 'loading'; bbox: BBox }
  | { kind: 'loaded'; bbox: BBox }
  | { kind: 'too-many'; bbox: BBox; count: number; limit: number };

/** How a session loads its layer: `whole` (up to `maxFeatures`) or, when it holds more, by `view`. */
export type LoadingStrategy = 'whole' | 'view';

/** What view loading tells: its own events, which a session passes on as its `view` and `ahead` events. */
export interface ViewEvents {
  view: { state: ViewState; added: string[]; dropped?: string[] };
  ahead: { added: string[] };
}

/** What view loading works with: the session's server, strategy, features and voice. */
export interface ViewLoadingHost {
  readonly source: FeatureSource;
  readonly typeName: string;
  readonly maxFeatures: number;
  readonly loading: LoadingStrategy;
  /** Rows and columns of tiles read ahead around a loaded view (0: none). */
  readonly prefetch: number;
  /** How long a loaded view stays before its rings are read ahead. */
  readonly prefetchDelayMs: number;
  /**
   * Whether a view's missing tiles are read in blocks of adjacent tiles, one request (one bbox)
   * each where the layer's density says a page holds them (`TilePages.firstOfAll`): fewer
   * requests for a shared server. Default: tile by tile, nearest the view's centre first, each
   * shown as it arrives.
   */
  readonly mergeReads?: boolean;
  /** Loaded features held at most before the tiles farthest from the view are let go (`EditSession`'s `holdLimit`). */
  readonly holdLimit: number;
  /** The session's loaded features: view loading merges tiles into them and lets far ones go. */
  readonly features: LoadedFeatures;
  readonly events: { emit<Name extends keyof ViewEvents>(event: Name, payload: ViewEvents[Name]): void };
  /** Whether a loaded feature must stay however far the view moves (it has a pending change, undo or redo reaches it, or the map works on it), as things stand now. */
  keeps(): (id: string) => boolean;
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

/** Where a view's tiles go as they are read: merged into the session (`loadView`) or gathered for a load. */
interface TileSink {
  /** Tiles held already (merged into the session, for `loadView`; none for a load, which replaces them). */
  coverage: TileCoverage;
  /** Tiles read ahead and not merged yet (none for a load). */
  ahead: ReadonlyMap<string, AheadTile>;
  /** Takes a complete tile; `false` when it came too late (an operation started meanwhile) and was dropped. */
  accept(tile: Tile, features: MapFeature[], arrived: boolean): boolean;
  /** Whether the view is still the one asked for; a view no longer wanted once counted reads nothing. */
  wanted(): boolean;
  /**
   * How many of the features handed over so far meet the view's box: once its tiles are all
   * handed over, no fewer than the server holds there (as they were read). Infinite where not known.
   */
  inView(bbox: BBox): number;
}

/** How the view's tiles stand: held already (by this tile or a larger one), read ahead (this tile or a larger one), or to be read. */
type TilePart = { kind: 'held'; key: string; count: number } | { kind: 'ahead'; tile: Tile; features: MapFeature[] } | { kind: 'missing'; tile: Tile };

/** A view read: its state, or `superseded` when a later view was asked for while it was counted. */
interface ViewRead {
  state: ViewState;
  superseded?: true;
}

/** Levels below a view's tile level searched for smaller tiles already held (a zoom out reads only the quarters not held yet). */
const FINER_LEVELS = 2;
/** Letting go of far tiles stops at this share of `holdLimit`, so that the next views load a while before it lets go again. */
const LET_GO_TO = 0.75;

/**
 * Loading a layer larger than `maxFeatures` by view, as OpenLayers' `bbox` strategy and QGIS do:
 * the layer is counted first (`FeatureSource.countFeatures`, no further than `maxFeatures + 1`);
 * the view is cut into the tiles of a fixed grid (`tile-grid.ts`) and only the tiles not loaded
 * yet are read, nearest the view's centre first, each with a BBOX and at most `maxFeatures` per
 * request, paged with `startIndex`, and each merged as it arrives. A view holding more than
 * `maxFeatures` loads nothing (`too-many`); it is counted (a BBOX hits request) unless what is
 * held proves it holds fewer: the counts of its tiles, or, once its tiles are all held, the
 * loaded features whose box meets it. Tiles still missing are read without a count first when
 * the features held there and the densest tile seen so far say the view fits (a page read full,
 * or more than the limit in all, has the view counted after all). Tiles are merged by id: a feature
 * crossing tiles is held once, and a feature already held (an edited one above all) is never
 * replaced by the copy a pan brings. With `prefetch`, the rings of tiles around a loaded view are
 * read ahead, two at a time, and kept aside until a view needs them (those far from the view are
 * dropped). Tiles read while a load, save, redraw or restore ran are dropped and read again after it.
 */
export class ViewLoading {
  private layerCount: number | undefined;
  private current: ViewState | undefined;
  /** The tiles held, and the features each brought: what letting a tile go drops. */
  private readonly held = new HeldTiles();
  private readonly coverage = this.held.coverage;
  /** Tiles read ahead around the view: complete, not merged until a view needs them. */
  private readonly readAhead: ReadAhead;
  /** The tiles read ahead, by key. */
  private readonly ahead: Map<string, AheadTile>;
  /** The tiles' pages as they are read, a first page shared by every view that asks for it meanwhile. */
  private readonly pages: TilePages;
  /** The last view asked for; a load reads it again. */
  private view: BBox | undefined;
  /** A view counted while a load counts the layer: the read of that view uses its count. */
  private readonly early: EarlyCount;
  /** Bumped when an operation starts and when a load applies: reads from before are stale. */
  private epoch = 0;
  /** Each loaded feature's box, read once. */
  private readonly boxes = new WeakMap<MapFeature, BBox>();
  /** The layer counted before the first load (`prepare`): that load takes it. */
  private countedAhead: Promise<number | undefined> | undefined;

  constructor(private readonly host: ViewLoadingHost) {
    this.pages = new TilePages(host);
    this.early = new EarlyCount(host);
    this.readAhead = new ReadAhead({
      rings: host.prefetch,
      delayMs: host.prefetchDelayMs,
      maxFeatures: host.maxFeatures,
      current: (bbox, epoch) => this.view === bbox && epoch === this.epoch && !host.busy(),
      epoch: () => this.epoch,
      covers: (tile) => this.coverage.covers(tile),
      density: () => this.pages.density,
      firstPage: (tile) => this.pages.first(tile),
      kept: ({ features }) => host.events.emit('ahead', { added: features.map((feature) => feature.id) }),
    });
    this.ahead = this.readAhead.tiles;
  }

  get state(): ViewState | undefined {
    return this.current;
  }

  /** The layer's features as the last load counted them (no further than `maxFeatures + 1`); `undefined` when not counted. */
  get count(): number | undefined {
    return this.layerCount;
  }

  /**
   * The features of the tiles read ahead and kept aside that are not loaded (each once, in the
   * order they were read): what the next views will merge unless a load or an edit comes first.
   */
  featuresAhead(): MapFeature[] {
    const { loaded } = this.host.features;
    return this.readAhead.features((id) => loaded.has(id));
  }

  /** Called when an operation starts: tiles read until now may predate what it changes. */
  invalidate(): void {
    this.epoch++;
    this.pages.forget();
    this.ahead.clear();
  }

  /**
   * Asks now what a first load reads before anything else: the layer's schema and, loading by
   * view, its count (no further than `maxFeatures + 1`). The next load takes the count rather
   * than asking again; a failed one is asked again by that load.
   */
  prepare(): void {
    const { source, typeName, maxFeatures, loading } = this.host;
    source.describe(typeName).catch(() => undefined);
    if (loading !== 'view' || this.countedAhead || this.layerCount !== undefined) return;
    const count = countLayer(source, typeName, maxFeatures + 1);
    count.catch(() => undefined);
    this.countedAhead = count;
  }

  /**
   * A load's read: the whole layer (up to `maxFeatures`) or, for a larger one, the tiles of the
   * last view, that given while the layer was counted included (a map made while its layer opens).
   */
  async readLayer(): Promise<LayerRead> {
    const { source, typeName, maxFeatures, loading } = this.host;
    // The view is counted meanwhile (a large layer's first view is counted anyway): one round trip less before it shows.
    if (loading === 'view' && this.view) this.early.ask(this.view);
    // Counted no further than one past the limit: that is all the choice needs (QGIS Server counts 100 000 rows in about a second, 2001 at once).
    const ahead = this.countedAhead;
    this.countedAhead = undefined;
    const countNow = () => countLayer(source, typeName, maxFeatures + 1);
    const count = loading === 'view' ? await (ahead ? ahead.catch(countNow) : countNow()) : undefined;
    if (count === undefined || count <= maxFeatures) {
      const layer = await fetchLayer(source, typeName, maxFeatures);
      return { layer, byView: false, commit: () => this.settle(count, { kind: 'whole' }, []) };
    }
    const tiles: Array<{ tile: Tile; ids: string[] }> = [];
    const byId = new Map<string, MapFeature>();
    const sink: TileSink = {
      coverage: new TileCoverage(),
      ahead: new Map(),
      accept: (tile, features) => {
        tiles.push({ tile, ids: features.map((feature) => feature.id) });
        for (const feature of features) if (!byId.has(feature.id)) byId.set(feature.id, feature);
        return true;
      },
      wanted: () => true,
      // A load counts its view: what it gathers is not held yet.
      inView: () => Number.POSITIVE_INFINITY,
    };
    // The view's tiles first: a server that answers one request at a time paints sooner.
    // The view shown now: one the map gave while the layer was counted (a map made as its layer opens) was counted meanwhile too.
    const view = this.view;
    const [read, schema] = await Promise.all([view ? this.readView(view, sink, this.early.take(view)) : undefined, source.describe(typeName)]);
    return {
      layer: { schema, features: [...byId.values()], skipped: 0 },
      byView: true,
      commit: () => this.settle(count, read?.state, tiles),
    };
  }

  /**
   * Loads the features of the view `bbox` (lon/lat) that are not loaded yet, for a layer loaded
   * by view; answers the view's state. Before the first load it only remembers the view.
   */
  async loadView(bbox: BBox): Promise<ViewState | undefined> {
    this.view = bbox;
    // Given while the first load counts the layer: counted meanwhile, so that load reads its tiles at once.
    if (this.host.loading === 'view' && this.layerCount === undefined && this.host.busy()) this.early.ask(bbox);
    for (;;) {
      await this.host.idle();
      // A later view took over: its call loads what is still missing.
      if (this.view !== bbox) return this.current;
      if (this.layerCount === undefined || this.layerCount <= this.host.maxFeatures) return this.current;
      const epoch = this.epoch;
      const added: string[] = [];
      let dropped = false;
      const sink: TileSink = {
        coverage: this.coverage,
        ahead: this.ahead,
        accept: (tile, features, arrived) => {
          if (epoch !== this.epoch || this.host.busy()) {
            dropped = true;
            return false;
          }
          const ids = this.host.features.merge(features);
          this.held.add(tile, features.map((feature) => feature.id));
          this.ahead.delete(tileKey(tile));
          added.push(...ids);
          // Each tile read shows as it arrives; the view's state comes once all are in.
          if (arrived) {
            const state: ViewState = { kind: 'loading', bbox };
            if (this.view === bbox) this.current = state;
            this.host.events.emit('view', { state, added: ids });
          }
          return true;
        },
        wanted: () => this.view === bbox,
        inView: (view) => this.heldIn(view),
      };
      const read = await this.readView(bbox, sink, this.early.take(bbox));
      if (read.superseded) return this.current;
      // Tiles that came during an operation were dropped: read them again after it.
      if (dropped || epoch !== this.epoch) continue;
      // A later view's answer may have come first: the state is the last view's.
      if (this.view === bbox) this.current = read.state;
      // What the view brought and what it let go of far away, told in one event: a map redraws
      // once for both (two events would cost two whole redraws in the task that merges the view).
      const far = read.state.kind === 'loaded' ? this.letGoFar(bbox) : [];
      this.host.events.emit('view', { state: read.state, added, ...(far.length > 0 ? { dropped: far } : {}) });
      if (read.state.kind === 'loaded') this.readAhead.soon(bbox);
      return read.state;
    }
  }

  private settle(count: number | undefined, state: ViewState | undefined, tiles: Array<{ tile: Tile; ids: string[] }>): void {
    this.invalidate();
    this.layerCount = count;
    this.held.clear();
    for (const { tile, ids } of tiles) this.held.add(tile, ids);
    const previous = this.current;
    this.current = state;
    // A layer loaded whole has nothing new to tell at every load.
    if (state && (state.kind !== 'whole' || previous?.kind !== 'whole')) this.host.events.emit('view', { state, added: [] });
    // The tiles around the view a load read are read ahead once the load is over.
    const view = this.view;
    if (state?.kind === 'loaded' && view) void this.host.idle().then(() => this.readAhead.soon(view));
  }

  /**
   * How a tile of the view `bbox` stands; a tile not held is split into its quarters when some
   * of them (or theirs) are held or read ahead, and only the quarters that meet the view are
   * planned (a zoom out reads no quarter beside the view).
   */
  private plan(tile: Tile, bbox: BBox, sink: TileSink, depth = FINER_LEVELS): TilePart[] {
    const held = sink.coverage.covering(tile);
    if (held) return [{ kind: 'held', ...held }];
    const ahead = aheadHolding(tile, sink.ahead);
    if (ahead) return [{ kind: 'ahead', ...ahead }];
    if (depth > 0 && this.holdsPartOf(tile, sink, depth)) {
      return childTiles(tile)
        .filter((child) => bboxIntersects(tileBBox(child), bbox))
        .flatMap((child) => this.plan(child, bbox, sink, depth - 1));
    }
    return [{ kind: 'missing', tile }];
  }

  private holdsPartOf(tile: Tile, sink: TileSink, depth: number): boolean {
    return childTiles(tile).some((child) => sink.coverage.covers(child) || sink.ahead.has(tileKey(child)) || (depth > 1 && this.holdsPartOf(child, sink, depth - 1)));
  }

  /**
   * Reads the view's tiles that `sink` lacks, nearest its centre first, handing each to `sink`
   * as it arrives; or nothing when the view holds too many features, or when it is no longer
   * wanted once counted (a pan or zoom went on meanwhile).
   */
  private async readView(bbox: BBox, sink: TileSink, counting?: Promise<number>): Promise<ViewRead> {
    const { source, typeName, maxFeatures } = this.host;
    const loaded: ViewRead = { state: { kind: 'loaded', bbox } };
    const tooMany = (count: number): ViewRead => ({ state: { kind: 'too-many', bbox, count, limit: maxFeatures } });
    const parts = nearestFirst(tilesCovering(bbox, tileLevelFor(bbox)), bbox).flatMap((tile) => this.plan(tile, bbox, sink));
    const missing = parts.flatMap((part) => (part.kind === 'missing' ? [part.tile] : []));
    // What the tiles held or read ahead hold: at least what the view holds of them.
    const heldKeys = new Set<string>();
    let known = 0;
    for (const part of parts) {
      const key = part.kind === 'held' ? part.key : part.kind === 'ahead' ? tileKey(part.tile) : undefined;
      if (key === undefined || heldKeys.has(key)) continue;
      heldKeys.add(key);
      known += part.kind === 'held' ? part.count : part.kind === 'ahead' ? part.features.length : 0;
    }
    if (!source.countFeatures) return loaded;
    const count = () => counting ?? (source.countFeatures as NonNullable<FeatureSource['countFeatures']>)({ typeName, bbox });
    // Tiles read ahead are complete: handed over at once, so the features held tell what the view holds.
    this.handAhead(parts, sink);
    const held = () => sink.inView(bbox);
    if (missing.length === 0 && (known <= maxFeatures || held() <= maxFeatures)) return loaded;
    const density = this.pages.density;
    const likely = density === undefined || missing.length === 0 ? Number.POSITIVE_INFINITY : held() + missing.reduce((sum, tile) => sum + density * tileSize(tile.level) ** 2, 0);
    // Counted first unless what is held and the densest tile seen say the view is within the limit (a count already asked for is used).
    if (likely > maxFeatures || counting) {
      const counted = await count();
      if (counted > maxFeatures) return tooMany(counted);
      // An empty view needs no tile: its tiles are read when a view with features needs them.
      if (counted === 0) return loaded;
      if (!sink.wanted()) return { ...loaded, superseded: true };
      await this.readTiles(missing, sink, true);
      return loaded;
    }
    const { partial, total } = await this.readTiles(missing, sink, false);
    if (partial.length === 0 && (known + total <= maxFeatures || held() <= maxFeatures)) return loaded;
    // A tile holds more than a page, or the features held more than the limit: the view is counted after all.
    const counted = await count();
    if (counted > maxFeatures) return tooMany(counted);
    if (!sink.wanted()) return { ...loaded, superseded: true };
    await Promise.all(partial.map(async ({ tile, read }) => sink.accept(tile, (await this.pages.rest(tile, read)).features, true)));
    return loaded;
  }

  /**
   * Hands the tiles read ahead among the view's parts to `sink`, each once, in the order they
   * were read (`ReadAhead.inReadOrder`): the order `featuresAhead` lists their features in, so a
   * map that painted them ahead finds them merged in the order it painted them.
   */
  private handAhead(parts: TilePart[], sink: TileSink): void {
    const ahead = parts.flatMap((part) => (part.kind === 'ahead' ? [part] : []));
    for (const { tile, features } of this.readAhead.inReadOrder(ahead)) sink.accept(tile, features, false);
  }

  /**
   * Reads the missing tiles (all their pages when `whole`, else their first), handing each
   * complete one to `sink` as it arrives. Answers the tiles that held more than a page (not
   * handed over) and the features of those handed over.
   */
  private async readTiles(missing: Tile[], sink: TileSink, whole: boolean): Promise<{ partial: Array<{ tile: Tile; read: TileRead }>; total: number }> {
    const partial: Array<{ tile: Tile; read: TileRead }> = [];
    let total = 0;
    const firsts = this.host.mergeReads ? this.pages.firstOfAll(missing) : missing.map((tile) => this.pages.first(tile));
    await Promise.all(
      missing.map(async (tile, index) => {
        let read = await (firsts[index] as Promise<TileRead>);
        if (!read.complete && whole) read = await this.pages.rest(tile, read);
        if (!read.complete) {
          partial.push({ tile, read });
          return;
        }
        total += read.features.length;
        sink.accept(tile, read.features, true);
      }),
    );
    return { partial, total };
  }

  /**
   * Lets go of the held tiles farthest from the view `bbox` while the session holds more than
   * `holdLimit` loaded features, down to three quarters of it: their features leave the session
   * (the view's `view` event lists them in `dropped`; answered here) and a view there reads them
   * again. The tiles meeting the view and the rings around it that reads ahead cover stay, and so
   * does every feature `kept` (an edited one above all: a pan never loses an edit).
   */
  private letGoFar(bbox: BBox): string[] {
    const { features, holdLimit } = this.host;
    if (features.loaded.size <= holdLimit || this.host.busy()) return [];
    const keep = widened(bbox, this.host.prefetch * tileSize(tileLevelFor(bbox)));
    return this.held.letGo(keep, Math.floor(holdLimit * LET_GO_TO), features, this.host.keeps());
  }

  /** How many loaded features (server copies as read) have a box meeting `view`. */
  private heldIn(view: BBox): number {
    let count = 0;
    for (const feature of this.host.features.loaded.values()) {
      let box = this.boxes.get(feature);
      if (!box) {
        box = geometryBBox(feature.geometry);
        this.boxes.set(feature, box);
      }
      if (bboxIntersects(box, view)) count++;
    }
    return count;
  }
}
