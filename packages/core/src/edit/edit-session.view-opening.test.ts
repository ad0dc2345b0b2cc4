import { describe, expect, it, vi } from 'vitest';
import type { FeatureQuery } from '../domain/feature.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import { EditSession } from './edit-session.js';
import { cellId, GRID, idsOf, queries, setup, squaresIn, viewAt } from './test-support/grid-layer.js';
import { nearestFirst, tileBBox, tileLevelFor, tilesCovering, type Tile } from './tile-grid.js';

/** A source whose tile reads (GetFeature with a BBOX) wait until released, one by one. */
function holdingTiles() {
  const held: Array<{ query: FeatureQuery; release: () => void }> = [];
  return {
    held,
    source: (source: FeatureSource): FeatureSource => ({
      ...source,
      getFeatures: async (query: FeatureQuery) => {
        if (query.bbox) await new Promise<void>((release) => held.push({ query, release }));
        return source.getFeatures(query);
      },
    }),
  };
}

describe('EditSession opening a layer loaded by view (restore)', () => {
  it('counts the layer and the view given before it, then shows the view tile by tile after it, the view counted once', async () => {
    const { held, source } = holdingTiles();
    const { session, countFeatures, events } = setup({ source });
    const view = viewAt(101.03, 21.03, 0.25);
    // The map gives its view before the session opens: it is only remembered.
    expect(await session.loadView(view)).toBeUndefined();
    expect(await session.restore()).toBeNull();
    // The opening resolved with the layer counted and nothing of the view read yet.
    expect(session.layerCount).toBe(101);
    expect(session.features()).toEqual([]);
    expect(countFeatures.mock.calls.map(([query]) => query)).toEqual(expect.arrayContaining([{ typeName: GRID, bbox: view }]));
    const tiles = nearestFirst(tilesCovering(view, tileLevelFor(view)), view);
    await vi.waitFor(() => expect(held).toHaveLength(tiles.length));
    // The nearest tile answers first: its squares show while the others are still on their way.
    held[0]?.release();
    const first = squaresIn(tileBBox(tiles[0] as Tile));
    await vi.waitFor(() => expect(idsOf(session.features()).sort()).toEqual([...first].sort()));
    expect(session.viewState).toEqual({ kind: 'loading', bbox: view });
    for (const tile of held.slice(1)) tile.release();
    await vi.waitFor(() => expect(session.viewState).toEqual({ kind: 'loaded', bbox: view }));
    for (const id of squaresIn(view)) expect(idsOf(session.features())).toContain(id);
    // The view was counted with the layer, not again when its tiles were read.
    expect(countFeatures.mock.calls.filter(([query]) => query.bbox !== undefined)).toHaveLength(1);
    expect(events.load).toHaveLength(1);
  });

  it('keeps a journaled edit of the view when the view is read after the opening, and sends it', async () => {
    const first = setup();
    await first.session.load();
    const view = viewAt(101.03, 21.03);
    await first.session.loadView(view);
    const id = cellId(12, 12);
    first.session.update(id, { properties: { name: 'kept' } });
    await first.session.flushJournal();

    const second = new EditSession({ source: first.adapters.features, transactions: first.adapters.transactions, typeName: GRID, maxFeatures: 100, loading: 'view', journal: first.adapters.journal });
    await second.loadView(view);
    expect(await second.restore()).toMatchObject({ inserts: 0, updates: 1, deletes: 0, dropped: [] });
    await vi.waitFor(() => expect(second.viewState).toEqual({ kind: 'loaded', bbox: view }));
    for (const square of squaresIn(view)) expect(idsOf(second.features())).toContain(square);
    // The tile that brought the server's copy again did not replace the edited one.
    expect(second.feature(id)?.properties.name).toBe('kept');
    expect(second.stateOf(id)).toBe('update');
    expect((await second.save()).ok).toBe(true);
    expect((await first.stored(id)).properties.name).toBe('kept');
  });

  it('reads the view once when the map asks for it again during the opening, and a later load reads it before it resolves, as before', async () => {
    const { session, getFeatures } = setup();
    const view = viewAt(101.03, 21.03, 0.25);
    await session.loadView(view);
    const opening = session.restore();
    // Asked again while the opening runs (the map moved, or gave its view late): that call reads it.
    const again = session.loadView(view);
    await opening;
    expect(await again).toEqual({ kind: 'loaded', bbox: view });
    const tiles = tilesCovering(view, tileLevelFor(view));
    await vi.waitFor(() => expect(queries(getFeatures).filter((query) => query.bbox)).toHaveLength(tiles.length));
    getFeatures.mockClear();
    const features = await session.load();
    for (const id of squaresIn(view)) expect(idsOf(features)).toContain(id);
    expect(queries(getFeatures).filter((query) => query.bbox)).toHaveLength(tiles.length);
  });

  it('reads the layer while the journal is claimed, and leaves the journal alone when the claim is refused', async () => {
    const first = setup();
    await first.session.load();
    const view = viewAt(101.03, 21.03);
    await first.session.loadView(view);
    const id = cellId(12, 12);
    first.session.update(id, { properties: { name: 'kept' } });
    await first.session.flushJournal();

    const open = () => new EditSession({ source: first.adapters.features, transactions: first.adapters.transactions, typeName: GRID, maxFeatures: 100, loading: 'view', journal: first.adapters.journal });
    const countFeatures = vi.spyOn(first.adapters.features as Required<FeatureSource>, 'countFeatures');
    const elsewhere = open();
    await elsewhere.loadView(view);
    let refuse: (held: boolean) => void = () => undefined;
    const restoring = elsewhere.restore({ claimed: new Promise<boolean>((resolve) => (refuse = resolve)) });
    // The layer and the view are counted before the claim is answered.
    await vi.waitFor(() => expect(countFeatures.mock.calls.map(([query]) => query)).toEqual(expect.arrayContaining([{ typeName: GRID, atMost: 101 }, { typeName: GRID, bbox: view }])));
    refuse(false);
    expect(await restoring).toBeNull();
    await vi.waitFor(() => expect(elsewhere.viewState).toEqual({ kind: 'loaded', bbox: view }));
    expect(elsewhere.feature(id)?.properties.name).not.toBe('kept');
    expect(elsewhere.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
    expect(await first.adapters.journal.load(GRID)).not.toBeNull();

    const here = open();
    expect(await here.restore({ claimed: Promise.resolve(true) })).toMatchObject({ updates: 1 });
    expect(here.feature(id)?.properties.name).toBe('kept');
  });

  it('counts a view the map gives while the opening counts the layer at once, and reads it right after, counted once', async () => {
    let release: () => void = () => undefined;
    const { session, countFeatures } = setup({
      source: (source) => ({
        ...source,
        countFeatures: async (query) => {
          // The layer's count waits: the map gives its view meanwhile.
          if (query.bbox === undefined) await new Promise<void>((resolve) => (release = resolve));
          return (source.countFeatures as NonNullable<FeatureSource['countFeatures']>)(query);
        },
      }),
    });
    const opening = session.restore();
    await vi.waitFor(() => expect(countFeatures).toHaveBeenCalledTimes(1));
    const view = viewAt(101.03, 21.03, 0.25);
    const viewing = session.loadView(view);
    expect(countFeatures).toHaveBeenLastCalledWith({ typeName: GRID, bbox: view });
    release();
    await opening;
    expect(await viewing).toEqual({ kind: 'loaded', bbox: view });
    for (const id of squaresIn(view)) expect(idsOf(session.features())).toContain(id);
    expect(countFeatures.mock.calls.filter(([query]) => query.bbox !== undefined)).toHaveLength(1);
  });
});
