import { describe, expect, it, vi } from 'vitest';
import type { FeatureSource } from '../ports/feature-source.port.js';
import { EditSession } from './index.js';
import { cellId, GRID, idsOf, queries, setup, square, squaresIn, viewAt } from '../../test/grid-layer.js';
import { tileLevelFor, tilesCovering } from '../view-loading/tile-grid.js';

/** A session that loaded a view and journaled an edit of one of its squares (`id`), as a tab does before a reload. */
async function journaledEdit() {
  const first = setup();
  await first.session.load();
  const view = viewAt(101.03, 21.03);
  await first.session.loadView(view);
  const id = cellId(12, 12);
  first.session.update(id, { properties: { name: 'kept' } });
  await first.session.flushJournal();
  return { first, view, id };
}

/** A new session on the same server and journal, as after a reload (`source`: the server as it is read this time). */
function reopen(first: ReturnType<typeof setup>, source: FeatureSource = first.adapters.features): EditSession {
  return new EditSession({ source, transactions: first.adapters.transactions, typeName: GRID, maxFeatures: 100, loading: 'view', journal: first.adapters.journal });
}

describe('EditSession.prepare', () => {
  it('counts the layer and reads its schema before the session starts; the opening takes that count and asks no other', async () => {
    const { session, countFeatures, adapters } = setup();
    const describe = vi.spyOn(adapters.features, 'describe');
    session.prepare();
    // Asked at once, before anything is started.
    expect(countFeatures.mock.calls.map(([query]) => query)).toEqual([{ typeName: GRID, atMost: 101 }]);
    expect(describe).toHaveBeenCalledWith(GRID);
    const view = viewAt(101.03, 21.03, 0.25);
    await session.loadView(view);
    await session.restore();
    expect(session.layerCount).toBe(101);
    expect(session.viewState).toEqual({ kind: 'loaded', bbox: view });
    // The whole layer counted once (the view's own count aside).
    expect(countFeatures.mock.calls.filter(([query]) => query.bbox === undefined)).toHaveLength(1);
    // A later load counts afresh.
    await session.load();
    expect(countFeatures.mock.calls.filter(([query]) => query.bbox === undefined)).toHaveLength(2);
  });

  it('leaves a failed count to the opening, which asks again and loads', async () => {
    const { session, countFeatures } = setup();
    countFeatures.mockRejectedValueOnce(new TypeError('network down'));
    session.prepare();
    await session.loadView(viewAt(101.03, 21.03, 0.25));
    await session.restore();
    expect(session.layerCount).toBe(101);
    expect(countFeatures.mock.calls.filter(([query]) => query.bbox === undefined)).toHaveLength(2);
  });

  it('counts the layer once when called again, and counts nothing for a session that loads whole', async () => {
    const view = setup();
    view.session.prepare();
    view.session.prepare();
    expect(view.countFeatures).toHaveBeenCalledTimes(1);
    const whole = setup({ loading: 'whole' });
    whole.session.prepare();
    expect(whole.countFeatures).not.toHaveBeenCalled();
    await whole.session.restore();
    expect(whole.session.features().length).toBeGreaterThan(0);
  });
});

describe('EditSession opening a layer loaded by view (restore)', () => {
  it('keeps a journaled edit of the view read by the opening, and sends it', async () => {
    const { first, view, id } = await journaledEdit();

    const second = reopen(first);
    await second.loadView(view);
    expect(await second.restore()).toMatchObject({ inserts: 0, updates: 1, deletes: 0, dropped: [] });
    expect(second.viewState).toEqual({ kind: 'loaded', bbox: view });
    for (const square of squaresIn(view)) expect(idsOf(second.features())).toContain(square);
    // The tile that brought the server's copy again did not replace the edited one.
    expect(second.feature(id)?.properties.name).toBe('kept');
    expect(second.stateOf(id)).toBe('update');
    expect((await second.save()).ok).toBe(true);
    expect((await first.stored(id)).properties.name).toBe('kept');
  });

  it('reads the view once when the map asks for it again during the opening, and a later load reads it again', async () => {
    const { session, getFeatures, countFeatures } = setup();
    const view = viewAt(101.03, 21.03, 0.25);
    await session.loadView(view);
    const opening = session.restore();
    // Asked again while the opening runs (the map hands its bounds over at every move): read once, counted once.
    const again = session.loadView([...view]);
    await opening;
    expect(await again).toEqual({ kind: 'loaded', bbox: view });
    const tiles = tilesCovering(view, tileLevelFor(view));
    expect(queries(getFeatures).filter((query) => query.bbox)).toHaveLength(tiles.length);
    expect(countFeatures.mock.calls.filter(([query]) => query.bbox !== undefined)).toHaveLength(1);
    getFeatures.mockClear();
    const features = await session.load();
    for (const id of squaresIn(view)) expect(idsOf(features)).toContain(id);
    expect(queries(getFeatures).filter((query) => query.bbox)).toHaveLength(tiles.length);
  });

  it('reads the layer while the journal is claimed, and leaves the journal alone when the claim is refused', async () => {
    const { first, view, id } = await journaledEdit();

    const open = () => reopen(first);
    const countFeatures = vi.spyOn(first.adapters.features as Required<FeatureSource>, 'countFeatures');
    const elsewhere = open();
    await elsewhere.loadView(view);
    let refuse: (held: boolean) => void = () => undefined;
    const restoring = elsewhere.restore({ claimed: new Promise<boolean>((resolve) => (refuse = resolve)) });
    // The layer and the view are counted before the claim is answered.
    await vi.waitFor(() => expect(countFeatures.mock.calls.map(([query]) => query)).toEqual(expect.arrayContaining([{ typeName: GRID, atMost: 101 }, { typeName: GRID, bbox: view }])));
    refuse(false);
    expect(await restoring).toBeNull();
    expect(elsewhere.viewState).toEqual({ kind: 'loaded', bbox: view });
    expect(elsewhere.feature(id)?.properties.name).not.toBe('kept');
    expect(elsewhere.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
    expect(await first.adapters.journal.load(GRID)).not.toBeNull();

    const here = open();
    expect(await here.restore({ claimed: Promise.resolve(true) })).toMatchObject({ updates: 1 });
    expect(here.feature(id)?.properties.name).toBe('kept');
  });

  it('counts a view the map gives while the opening counts the layer at once, and the opening reads it, counted once', async () => {
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
    const features = await opening.then(() => session.features());
    // The opening brought the view's features: no read of them was left for later.
    for (const id of squaresIn(view)) expect(idsOf(features)).toContain(id);
    expect(await viewing).toEqual({ kind: 'loaded', bbox: view });
    expect(countFeatures.mock.calls.filter(([query]) => query.bbox !== undefined)).toHaveLength(1);
  });

  it('reads the journal while the layer loads, once the claim is granted, and puts it back after the load', async () => {
    const first = setup();
    await first.session.load();
    const drawn = first.session.add({ geometry: square(101.1, 21.1, 0.01), properties: { name: 'drawn' } });
    await first.session.flushJournal();
    let release: (() => void) | undefined;
    const source: FeatureSource = {
      ...first.adapters.features,
      countFeatures: async (query) => {
        await new Promise<void>((resolve) => (release = resolve));
        return (first.adapters.features.countFeatures as NonNullable<FeatureSource['countFeatures']>)(query);
      },
    };
    const journalLoad = vi.spyOn(first.adapters.journal, 'load');
    const second = reopen(first, source);
    let grant: (held: boolean) => void = () => undefined;
    const restoring = second.restore({ claimed: new Promise<boolean>((resolve) => (grant = resolve)) });
    await vi.waitFor(() => expect(release).toBeDefined());
    // Not read before the claim is granted: another tab may hold it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(journalLoad).not.toHaveBeenCalled();
    grant(true);
    // Read while the layer is still being counted.
    await vi.waitFor(() => expect(journalLoad).toHaveBeenCalledWith(GRID));
    expect(second.features()).toEqual([]);
    release?.();
    expect(await restoring).toMatchObject({ inserts: 1 });
    expect(idsOf(second.features())).toContain(drawn);
    expect(journalLoad).toHaveBeenCalledTimes(1);
  });
});
