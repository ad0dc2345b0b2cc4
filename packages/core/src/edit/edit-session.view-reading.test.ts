import { describe, expect, it, vi } from 'vitest';
import type { FeatureQuery } from '../domain/feature.js';
import type { BBox } from '../domain/geometry.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import { cellId, GRID, idsOf, queries, setup, SIDE, square, squaresIn, viewAt } from '../../test/grid-layer.js';
import { childTiles, nearestFirst, tileBBox, tileKey, tileLevelFor, tilesAround, tilesCovering, type Tile } from '../view-loading/tile-grid.js';

/** How each view read stands: the tiles a view reads, as keys, and the boxes of the requests. */
const boxKey = (bbox: BBox | undefined) => JSON.stringify(bbox);
const boxesOf = (tiles: Tile[]) => tiles.map((tile) => boxKey(tileBBox(tile)));

/** Whether box `inner` lies within box `outer` (shared edges count). */
const within = (inner: BBox, outer: BBox) => inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];

/** Whether two boxes overlap (more than an edge). */
const meets = (a: BBox, b: BBox) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/** Resolves once the spy's calls have not changed for a few turns of the event loop (the reads ahead run on their own). */
async function settled(spy: { mock: { calls: unknown[] } }): Promise<void> {
  let calls = -1;
  while (calls !== spy.mock.calls.length) {
    calls = spy.mock.calls.length;
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

describe('EditSession reading views: nearest first, counted only when needed, read ahead', () => {
  it('merges each tile as it arrives, nearest the view centre first, telling a loading state until all are in', async () => {
    const answers: Array<{ query: FeatureQuery; release: () => void }> = [];
    const holding = { on: false };
    const { session, events } = setup({
      source: (source) => ({
        ...source,
        getFeatures: async (query) => {
          if (holding.on) await new Promise<void>((release) => answers.push({ query, release }));
          return source.getFeatures(query);
        },
      }),
    });
    await session.load();
    const view = viewAt(101.03, 21.03, 0.25);
    holding.on = true;
    const loading = session.loadView(view);
    const tiles = nearestFirst(tilesCovering(view, tileLevelFor(view)), view);
    await vi.waitFor(() => expect(answers).toHaveLength(tiles.length));
    expect(answers.map(({ query }) => boxKey(query.bbox))).toEqual(boxesOf(tiles));
    // The nearest tile answers first: its squares show before the others arrive.
    answers[0]?.release();
    await vi.waitFor(() => expect(events.view.at(-1)?.state).toEqual({ kind: 'loading', bbox: view }));
    const first = new Set(squaresIn(tileBBox(tiles[0] as Tile)));
    expect(idsOf(session.features()).sort()).toEqual([...first].sort());
    expect(session.viewState).toEqual({ kind: 'loading', bbox: view });
    for (const answer of answers.slice(1)) answer.release();
    expect(await loading).toEqual({ kind: 'loaded', bbox: view });
    for (const id of squaresIn(view)) expect(idsOf(session.features())).toContain(id);
    expect(events.view.at(-1)).toEqual({ state: { kind: 'loaded', bbox: view }, added: expect.arrayContaining([...first]) });
  });

  it('counts a view only when its tiles may hold more than the limit: the first view, not a pan the tiles read so far show to be small', async () => {
    const { session, countFeatures, getFeatures } = setup({ maxFeatures: 400 });
    await session.load();
    const first = viewAt(101.03, 21.03, 0.25);
    await session.loadView(first);
    expect(countFeatures).toHaveBeenLastCalledWith({ typeName: GRID, bbox: first });
    countFeatures.mockClear();
    getFeatures.mockClear();
    const east = viewAt(101.53, 21.03, 0.25);
    expect(await session.loadView(east)).toEqual({ kind: 'loaded', bbox: east });
    expect(countFeatures).not.toHaveBeenCalled();
    for (const query of queries(getFeatures)) expect(query.maxFeatures).toBe(400);
    for (const id of squaresIn(east)) expect(idsOf(session.features())).toContain(id);
    // Zoomed out twelve times as wide, the tiles may hold more than the limit: counted first, too many, nothing read.
    getFeatures.mockClear();
    const wide = viewAt(100.5, 20.5, 3);
    expect(await session.loadView(wide)).toEqual({ kind: 'too-many', bbox: wide, count: 900, limit: 400 });
    expect(countFeatures).toHaveBeenLastCalledWith({ typeName: GRID, bbox: wide });
    expect(getFeatures).not.toHaveBeenCalled();
  });

  it('needs no count for a view whose tiles are all held when the features held there are within the limit, though the tiles hold more', async () => {
    // Every tile read stays held (no limit): the view below is within what they cover.
    const { session, countFeatures, getFeatures } = setup({ maxFeatures: 40, holdLimit: Number.POSITIVE_INFINITY });
    await session.load();
    for (let west = 100.6; west < 102.2; west += 0.25) for (let south = 20.6; south < 22.2; south += 0.25) await session.loadView(viewAt(west, south, 0.25));
    countFeatures.mockClear();
    getFeatures.mockClear();
    const out = viewAt(101.1, 21.1, 0.5);
    const tiles = tilesCovering(out, tileLevelFor(out));
    const inTiles = new Set(tiles.flatMap((tile) => squaresIn(tileBBox(tile))));
    expect(inTiles.size).toBeGreaterThan(40);
    expect(squaresIn(out).length).toBeLessThanOrEqual(40);
    expect(await session.loadView(out)).toEqual({ kind: 'loaded', bbox: out });
    expect(countFeatures).not.toHaveBeenCalled();
    expect(getFeatures).not.toHaveBeenCalled();
    // More than the limit held in a view: counted, and too many.
    const wide = viewAt(100.8, 20.8, 1.2);
    expect(await session.loadView(wide)).toEqual({ kind: 'too-many', bbox: wide, count: squaresIn(wide).length, limit: 40 });
    expect(countFeatures).toHaveBeenCalledWith({ typeName: GRID, bbox: wide });
  });

  it('counts a view after all when a tile read without a count holds more than a page, and then loads none of that tile', async () => {
    // 450 tiny squares inside the middle tile of a view next to the first: the tiles read so far said nothing of them.
    const next = viewAt(101.53, 21.03, 0.25);
    const middle = tilesCovering([101.655, 21.155, 101.655, 21.155], tileLevelFor(next))[0] as Tile;
    const dense = tileBBox(middle);
    const cluster = Array.from({ length: 450 }, (_, index) => ({ geometry: square(dense[0] + 0.02 + (index % 16) * 0.001, dense[1] + 0.02 + Math.floor(index / 16) * 0.001, 0.0005), name: `dot ${index}` }));
    const { session, countFeatures, getFeatures } = setup({ maxFeatures: 400, extra: cluster });
    await session.load();
    await session.loadView(viewAt(101.03, 21.03, 0.25));
    countFeatures.mockClear();
    getFeatures.mockClear();
    const state = await session.loadView(next);
    expect(state).toEqual({ kind: 'too-many', bbox: next, count: squaresIn(next).length + 450, limit: 400 });
    expect(countFeatures).toHaveBeenCalledWith({ typeName: GRID, bbox: next });
    // One page of the dense tile, within the limit, and no further: it is not loaded.
    const denseReads = queries(getFeatures).filter((query) => boxKey(query.bbox) === boxKey(dense));
    expect(denseReads.map((query) => query.startIndex ?? 0)).toEqual([0]);
    for (const query of queries(getFeatures)) expect(query.maxFeatures).toBeLessThanOrEqual(400);
    const shown = idsOf(session.features());
    for (let index = 0; index < cluster.length; index++) expect(shown).not.toContain(`${GRID}.${SIDE * SIDE + index + 1}`);
  });

  it('reads only the quarters not held yet when zooming out over tiles read before', async () => {
    const { session, getFeatures } = setup();
    await session.load();
    const first = viewAt(101.03, 21.03, 0.25);
    await session.loadView(first);
    const held = tilesCovering(first, tileLevelFor(first));
    getFeatures.mockClear();
    const out = viewAt(100.93, 20.93, 0.5);
    expect(tileLevelFor(out)).toBe(tileLevelFor(first) - 1);
    expect((await session.loadView(out))?.kind).toBe('loaded');
    const read = queries(getFeatures).map((query) => boxKey(query.bbox));
    for (const tile of held) expect(read).not.toContain(boxKey(tileBBox(tile)));
    // A larger tile holding a tile read before is read as its quarters not held, those that meet the view.
    const parents = new Map(held.map((tile) => [tileKey({ level: tile.level - 1, x: Math.floor(tile.x / 2), y: Math.floor(tile.y / 2) }), tile]));
    let beside = 0;
    for (const parent of tilesCovering(out, tileLevelFor(out)).filter((tile) => parents.has(tileKey(tile)))) {
      expect(read).not.toContain(boxKey(tileBBox(parent)));
      const quarters = childTiles(parent).filter((child) => !held.some((tile) => tileKey(tile) === tileKey(child)));
      for (const quarter of quarters) {
        if (meets(tileBBox(quarter), out)) expect(read).toContain(boxKey(tileBBox(quarter)));
        else {
          // A quarter beside the view holds nothing it shows: not read.
          beside++;
          expect(read).not.toContain(boxKey(tileBBox(quarter)));
        }
      }
    }
    expect(beside).toBeGreaterThan(0);
    for (const id of squaresIn(out)) expect(idsOf(session.features())).toContain(id);
  });

  it('reads ahead the quarters a zoom out left beside its view, so a zoom back in there reads nothing', async () => {
    const { session, getFeatures } = setup({ prefetch: 1 });
    await session.load();
    const first = viewAt(101.03, 21.03, 0.25);
    // Zoomed out at once: the first view reads nothing ahead (its read ahead waits a task, and the view is gone by then).
    await session.loadView(first);
    const out = viewAt(100.93, 20.93, 0.5);
    await session.loadView(out);
    await settled(getFeatures);
    // A quarter of the zoomed-out view's tiles beside it: left unread by the zoom out, read ahead after it.
    const level = tileLevelFor(first);
    const beside = tilesCovering(out, tileLevelFor(out))
      .flatMap(childTiles)
      .find((quarter) => quarter.level === level && !meets(tileBBox(quarter), out));
    expect(beside).toBeDefined();
    getFeatures.mockClear();
    const [west, south, east, north] = tileBBox(beside as Tile);
    const inside = viewAt((west + east) / 2, (south + north) / 2, 0.25);
    expect((await session.loadView(inside))?.kind).toBe('loaded');
    expect(queries(getFeatures).map((query) => boxKey(query.bbox))).not.toContain(boxKey(tileBBox(beside as Tile)));
    for (const id of squaresIn(tileBBox(beside as Tile))) expect(idsOf(session.features())).toContain(id);
  });

  it('gives the features read ahead (featuresAhead, each once, none loaded) with an ahead event per tile kept, and a pan merges those very objects', async () => {
    const { session, getFeatures } = setup({ prefetch: 1 });
    await session.load();
    const told: string[][] = [];
    session.on('ahead', ({ added }) => told.push(added));
    const view = viewAt(101.03, 21.03, 0.25);
    await session.loadView(view);
    expect(session.featuresAhead()).toEqual([]);
    await settled(getFeatures);
    const ahead = session.featuresAhead();
    const shown = new Set(idsOf(session.features()));
    expect(ahead.length).toBeGreaterThan(0);
    expect(told.length).toBe(tilesAround(view, 1).length);
    // Each once, none of them loaded, and every one an event told of.
    const ids = ahead.map((feature) => feature.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(shown.has(id)).toBe(false);
    const toldIds = new Set(told.flat());
    for (const id of ids) expect(toldIds.has(id)).toBe(true);
    // A pan east by a tile merges them: the session's snapshots share their geometries (a map keyed by geometry reuses what it prepared).
    const ring = tilesAround(view, 1);
    const size = tileBBox(ring[0] as Tile)[2] - tileBBox(ring[0] as Tile)[0];
    await session.loadView(viewAt(101.03 + size, 21.03, 0.25));
    const byId = new Map(session.features().map((feature) => [feature.id, feature]));
    const merged = ahead.filter((feature) => byId.has(feature.id));
    expect(merged.length).toBeGreaterThan(0);
    for (const feature of merged) expect(byId.get(feature.id)?.geometry).toBe(feature.geometry);
    // Merged in the order featuresAhead listed them (the order a map painted them ahead in).
    const aheadIds = new Set(ids);
    expect(session.features().map((feature) => feature.id).filter((id) => aheadIds.has(id))).toEqual(merged.map((feature) => feature.id));
    for (const feature of session.featuresAhead()) expect(byId.has(feature.id)).toBe(false);
    // Features cross tiles here: some came with more than one tile, and each is still one object above.
    expect(told.flat().length).toBeGreaterThan(new Set(told.flat()).size);
    // An operation drops what was read ahead.
    await session.load();
    expect(session.featuresAhead()).toEqual([]);
  });

  it('reads the rings around a loaded view ahead without showing them, and a pan there shows them without a request', async () => {
    const { session, getFeatures } = setup({ prefetch: 1 });
    await session.load();
    const view = viewAt(101.03, 21.03, 0.25);
    await session.loadView(view);
    const shown = idsOf(session.features());
    await settled(getFeatures);
    const ring = tilesAround(view, 1);
    const read = queries(getFeatures).map((query) => boxKey(query.bbox));
    for (const box of boxesOf(ring)) expect(read).toContain(box);
    // Kept aside: nothing more is shown until a view needs it.
    expect(idsOf(session.features())).toEqual(shown);
    getFeatures.mockClear();
    // A pan by a tile: every tile it needs was read ahead.
    const size = tileBBox(ring[0] as Tile)[2] - tileBBox(ring[0] as Tile)[0];
    const east = viewAt(101.03 + size, 21.03, 0.25);
    const pending = session.loadView(east);
    expect(await pending).toEqual({ kind: 'loaded', bbox: east });
    const during = queries(getFeatures).map((query) => boxKey(query.bbox));
    for (const tile of tilesCovering(east, tileLevelFor(east))) expect(during).not.toContain(boxKey(tileBBox(tile)));
    for (const id of squaresIn(east)) expect(idsOf(session.features())).toContain(id);
    // A view zoomed in inside a tile read ahead finds it read.
    await settled(getFeatures);
    getFeatures.mockClear();
    const inner = tileBBox(tilesAround(east, 1).find((tile) => !during.includes(boxKey(tileBBox(tile))) && ring.some((read) => tileKey(read) === tileKey(tile))) as Tile);
    const zoomed: BBox = [inner[0] + 0.01, inner[1] + 0.01, inner[0] + 0.08, inner[1] + 0.08];
    expect(tileLevelFor(zoomed)).toBeGreaterThan(tileLevelFor(view));
    expect((await session.loadView(zoomed))?.kind).toBe('loaded');
    // (What is asked now is the next rings, read ahead around the zoomed view.)
    const asked = queries(getFeatures).map((query) => boxKey(query.bbox));
    for (const box of boxesOf(tilesCovering(zoomed, tileLevelFor(zoomed)))) expect(asked).not.toContain(box);
    for (const id of squaresIn(zoomed)) expect(idsOf(session.features())).toContain(id);
  });

  it('reads ahead only once a view has stayed prefetchDelayMs, and nothing for a view the map passed through', async () => {
    vi.useFakeTimers();
    try {
      const { session, getFeatures } = setup({ prefetch: 1, prefetchDelayMs: 250 });
      await session.load();
      const passed = viewAt(101.03, 21.03, 0.25);
      await session.loadView(passed);
      const stayed = viewAt(102.03, 22.03, 0.25);
      await session.loadView(stayed);
      getFeatures.mockClear();
      await vi.advanceTimersByTimeAsync(249);
      expect(getFeatures).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(getFeatures).toHaveBeenCalled());
      const asked = queries(getFeatures).map((query) => boxKey(query.bbox));
      const around = (view: BBox) => boxesOf(tilesAround(view, 1));
      expect(asked.every((box) => around(stayed).includes(box))).toBe(true);
      expect(asked.some((box) => around(passed).includes(box))).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops tiles read ahead far from the view, never a feature held: an edited one stays through every pan', async () => {
    const { session, getFeatures } = setup({ prefetch: 1 });
    await session.load();
    const home = viewAt(101.03, 21.03, 0.25);
    await session.loadView(home);
    await settled(getFeatures);
    const edited = cellId(11, 11);
    session.update(edited, { properties: { name: 'kept' } });
    // Far away, then back beside home: the ring read ahead around home was dropped and is read again.
    const far = viewAt(103.53, 23.53, 0.25);
    await session.loadView(far);
    await settled(getFeatures);
    getFeatures.mockClear();
    const ring = tilesAround(home, 1);
    const beside = tileBBox(ring[ring.length - 1] as Tile);
    const back: BBox = [beside[0] + 0.01, beside[1] + 0.01, beside[0] + 0.11, beside[1] + 0.11];
    await session.loadView(back);
    const reread = queries(getFeatures).map((query) => boxKey(query.bbox));
    expect(tilesCovering(back, tileLevelFor(back)).some((tile) => reread.includes(boxKey(tileBBox(tile))))).toBe(true);
    expect(session.stateOf(edited)).toBe('update');
    expect(session.feature(edited)?.properties.name).toBe('kept');
  });

  it('stops reading ahead when the view moves on or an operation starts, and never merges a tile read before a save', async () => {
    const held: Array<() => void> = [];
    const hold = { on: false };
    const { session, getFeatures } = setup({
      prefetch: 2,
      source: (source) => ({
        ...source,
        getFeatures: async (query) => {
          if (hold.on) await new Promise<void>((release) => held.push(release));
          return source.getFeatures(query);
        },
      }),
    });
    await session.load();
    const view = viewAt(101.03, 21.03, 0.25);
    await session.loadView(view);
    // The reads ahead wait: two at a time, no more.
    hold.on = true;
    await vi.waitFor(() => expect(held.length).toBeGreaterThan(0));
    await settled(getFeatures);
    expect(held).toHaveLength(2);
    const inFlight = queries(getFeatures)
      .slice(-2)
      .map((query) => query.bbox as BBox);
    const id = cellId(11, 11);
    session.update(id, { properties: { name: 'saving' } });
    hold.on = false;
    const saving = session.save();
    for (const release of held.splice(0)) release();
    expect((await saving).ok).toBe(true);
    await settled(getFeatures);
    // The save ended the reads ahead after the two in flight.
    const after = getFeatures.mock.calls.length;
    const ring = tilesAround(view, 2);
    expect(queries(getFeatures).filter((query) => boxesOf(ring).includes(boxKey(query.bbox))).length).toBeLessThan(ring.length);
    // Their answers predate the save: a view there reads their tiles again.
    for (const tile of inFlight) {
      getFeatures.mockClear();
      await session.loadView([tile[0] + 0.01, tile[1] + 0.01, tile[2] - 0.01, tile[3] - 0.01]);
      expect(queries(getFeatures).some((query) => within(query.bbox as BBox, tile))).toBe(true);
    }
    expect(after).toBeGreaterThan(0);
    expect(session.feature(id)?.properties.name).toBe('saving');
  });

  it('asks a source that cannot count past the limit for the layer count, and a source counting everything still loads by view', async () => {
    const { session, countFeatures } = setup({
      source: (source) => ({ ...source, countFeatures: ({ atMost: _ignored, ...query }) => (source.countFeatures as NonNullable<FeatureSource['countFeatures']>)(query) }),
    });
    await session.load();
    expect(countFeatures).toHaveBeenCalledWith({ typeName: GRID, atMost: 101 });
    expect(session.layerCount).toBe(SIDE * SIDE);
    expect((await session.loadView(viewAt(101.03, 21.03, 0.25)))?.kind).toBe('loaded');
  });
});
