import { describe, expect, it, vi } from 'vitest';
import type { FeatureSet } from '../domain/feature.js';
import type { BBox } from '../domain/geometry.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import { EditSession } from './index.js';
import { cellId, GRID, idsOf, queries, rectangle, setup, SIDE, square, squaresIn, viewAt } from '../../test/grid-layer.js';
import { nearestFirst, tileBBox, tileLevelFor, tilesCovering } from '../view-loading/tile-grid.js';

describe('EditSession loading by view', () => {
  it('loads a layer within maxFeatures whole, as the whole strategy does, and then loads nothing for a view', async () => {
    const { session, getFeatures, countFeatures, events } = setup({ maxFeatures: 2000 });
    const features = await session.load();
    expect(features).toHaveLength(SIDE * SIDE);
    // Counted no further than one past the limit: that is all the choice needs.
    expect(countFeatures).toHaveBeenCalledWith({ typeName: GRID, atMost: 2001 });
    expect(session.layerCount).toBe(1600);
    expect(session.viewState).toEqual({ kind: 'whole' });
    getFeatures.mockClear();
    expect(await session.loadView(viewAt(101, 21))).toEqual({ kind: 'whole' });
    expect(getFeatures).not.toHaveBeenCalled();
    expect(events.view).toEqual([{ state: { kind: 'whole' }, added: [] }]);
  });

  it('keeps the whole strategy when asked for it, or when the source cannot count', async () => {
    const whole = setup({ loading: 'whole' });
    expect(await whole.session.load()).toHaveLength(100);
    expect(whole.countFeatures).not.toHaveBeenCalled();
    expect(whole.session.layerCount).toBeUndefined();
    const uncounted = setup({ source: ({ listTypes, describe, getFeatures }) => ({ listTypes, describe, getFeatures }) });
    expect(await uncounted.session.load()).toHaveLength(100);
    expect(uncounted.session.viewState).toEqual({ kind: 'whole' });
  });

  it('loads no feature of a larger layer until a view is given, then the features of its tiles, each request with a BBOX and within maxFeatures', async () => {
    const { session, getFeatures, events } = setup();
    expect(await session.load()).toEqual([]);
    expect(session.layerCount).toBe(101);
    expect(session.viewState).toBeUndefined();
    expect(getFeatures).not.toHaveBeenCalled();
    const view = viewAt(101.03, 21.03);
    const state = await session.loadView(view);
    expect(state).toEqual({ kind: 'loaded', bbox: view });
    const tiles = tilesCovering(view, tileLevelFor(view)).map(tileBBox);
    // Nearest the view's centre first: on a server that answers one at a time, the middle shows first.
    expect(queries(getFeatures).map((query) => query.bbox)).toEqual(nearestFirst(tilesCovering(view, tileLevelFor(view)), view).map(tileBBox));
    expect(queries(getFeatures).map((query) => JSON.stringify(query.bbox)).sort()).toEqual(tiles.map((tile) => JSON.stringify(tile)).sort());
    for (const query of queries(getFeatures)) expect(query.maxFeatures).toBe(100);
    const shown = idsOf(session.features());
    for (const id of squaresIn(view)) expect(shown).toContain(id);
    // Exactly what the tiles hold, each once (a square crossing two tiles too).
    const inTiles = [...new Set(tiles.flatMap(squaresIn))];
    expect([...shown].sort()).toEqual([...inTiles].sort());
    expect(new Set(shown).size).toBe(shown.length);
    expect(events.view.at(-1)).toEqual({ state, added: expect.arrayContaining(squaresIn(view)) });
    expect(events.load).toHaveLength(1);
  });

  it('keeps a feature that crosses tiles once, by id', async () => {
    // A long strip across the first view's tiles, stored once on the server.
    const strip = { geometry: square(101.0, 21.15, 0.6), name: 'strip' };
    const { session, getFeatures } = setup({ extra: [strip] });
    await session.load();
    await session.loadView(viewAt(101.03, 21.03));
    const answered = queries(getFeatures).length;
    expect(answered).toBeGreaterThan(1);
    const stripId = `${GRID}.${SIDE * SIDE + 1}`;
    const got = await Promise.all(getFeatures.mock.results.map((result) => result.value as Promise<FeatureSet>));
    expect(got.filter((set) => idsOf(set.features).includes(stripId)).length).toBeGreaterThan(1);
    expect(idsOf(session.features()).filter((id) => id === stripId)).toHaveLength(1);
  });

  it('loads on a pan only the tiles not loaded yet, and nothing when panning back', async () => {
    const { session, getFeatures } = setup();
    await session.load();
    const first = viewAt(101.03, 21.03);
    await session.loadView(first);
    const firstBoxes = queries(getFeatures).map((query) => JSON.stringify(query.bbox));
    getFeatures.mockClear();
    const east = viewAt(101.28, 21.03);
    await session.loadView(east);
    const eastBoxes = queries(getFeatures).map((query) => JSON.stringify(query.bbox));
    expect(eastBoxes.length).toBeGreaterThan(0);
    for (const box of eastBoxes) expect(firstBoxes).not.toContain(box);
    const needed = tilesCovering(east, tileLevelFor(east)).map((tile) => JSON.stringify(tileBBox(tile)));
    expect([...eastBoxes, ...firstBoxes.filter((box) => needed.includes(box))].sort()).toEqual([...needed].sort());
    for (const id of squaresIn(east)) expect(idsOf(session.features())).toContain(id);
    getFeatures.mockClear();
    expect(await session.loadView(first)).toEqual({ kind: 'loaded', bbox: first });
    expect(getFeatures).not.toHaveBeenCalled();
    // Zooming in stays inside tiles already loaded.
    expect(await session.loadView(viewAt(101.1, 21.1, 0.1))).toEqual({ kind: 'loaded', bbox: viewAt(101.1, 21.1, 0.1) });
    expect(getFeatures).not.toHaveBeenCalled();
  });

  it('loads nothing for a view holding more than maxFeatures, and says how many it holds', async () => {
    const { session, getFeatures, countFeatures, events } = setup();
    await session.load();
    const wide = viewAt(100.5, 20.5, 2);
    const state = await session.loadView(wide);
    expect(state).toEqual({ kind: 'too-many', bbox: wide, count: squaresIn(wide).length, limit: 100 });
    expect(squaresIn(wide).length).toBe(400);
    expect(countFeatures).toHaveBeenLastCalledWith({ typeName: GRID, bbox: wide });
    expect(getFeatures).not.toHaveBeenCalled();
    expect(session.features()).toEqual([]);
    expect(session.viewState).toEqual(state);
    expect(events.view.at(-1)).toEqual({ state, added: [] });
    // Zoomed in far enough, the same place loads.
    expect((await session.loadView(viewAt(101, 21)))?.kind).toBe('loaded');
    expect(session.features().length).toBeGreaterThan(0);
  });

  it('pages a tile holding more than maxFeatures with startIndex, each page within the limit', async () => {
    // 250 tiny squares in a tile the view touches but outside the view itself.
    const view = viewAt(101.03, 21.03);
    const tiles = tilesCovering(view, tileLevelFor(view)).map(tileBBox);
    const corner = tiles.find((tile) => tile[2] > view[2] && tile[3] > view[3]) as BBox;
    const cluster = Array.from({ length: 250 }, (_, index) => ({ geometry: square(corner[2] - 0.02 - (index % 16) * 0.001, corner[3] - 0.02 - Math.floor(index / 16) * 0.001, 0.0005), name: `dot ${index}` }));
    const { session, getFeatures } = setup({ extra: cluster });
    await session.load();
    expect(await session.loadView(view)).toEqual({ kind: 'loaded', bbox: view });
    const cornerQueries = queries(getFeatures).filter((query) => JSON.stringify(query.bbox) === JSON.stringify(corner));
    expect(cornerQueries.map((query) => query.startIndex ?? 0)).toEqual([0, 100, 200, 300].slice(0, cornerQueries.length));
    expect(cornerQueries.length).toBeGreaterThanOrEqual(3);
    for (const query of queries(getFeatures)) expect(query.maxFeatures).toBeLessThanOrEqual(100);
    const shown = new Set(idsOf(session.features()));
    for (let index = 0; index < cluster.length; index++) expect(shown.has(`${GRID}.${SIDE * SIDE + index + 1}`)).toBe(true);
  });

  it('stops paging when the server ignores startIndex', async () => {
    const view = viewAt(101.03, 21.03);
    const tiles = tilesCovering(view, tileLevelFor(view)).map(tileBBox);
    const corner = tiles.find((tile) => tile[2] > view[2] && tile[3] > view[3]) as BBox;
    const cluster = Array.from({ length: 150 }, (_, index) => ({ geometry: square(corner[2] - 0.02 - (index % 16) * 0.001, corner[3] - 0.02 - Math.floor(index / 16) * 0.001, 0.0005), name: `dot ${index}` }));
    const { session, getFeatures } = setup({
      extra: cluster,
      source: (source) => ({ ...source, getFeatures: ({ startIndex: _ignored, ...query }) => source.getFeatures(query) }),
    });
    await session.load();
    expect((await session.loadView(view))?.kind).toBe('loaded');
    const cornerQueries = queries(getFeatures).filter((query) => JSON.stringify(query.bbox) === JSON.stringify(corner));
    expect(cornerQueries.map((query) => query.startIndex ?? 0)).toEqual([0, 100]);
  });

  it('keeps an edited feature across pans: a pan that reads it again never replaces it while pending, and the save sends every edit', async () => {
    // A strip from the first view's tiles far to the east, read again by a pan there.
    const { session, adapters, stored, getFeatures } = setup({ extra: [{ geometry: rectangle(101.2, 21.3, 102.8, 21.31), name: 'strip' }] });
    const strip = `${GRID}.${SIDE * SIDE + 1}`;
    await session.load();
    const first = viewAt(101.03, 21.03);
    await session.loadView(first);
    session.update(strip, { properties: { name: 'edited strip' } });
    const near = cellId(12, 12);
    const moved = square(101.2, 21.2, 0.05);
    session.update(near, { geometry: moved, properties: { name: 'edited near' } });
    // Far away: the edited feature is out of view, and stays.
    await session.loadView(viewAt(103.03, 23.03));
    const far = cellId(32, 32);
    session.update(far, { properties: { population: 7 } });
    expect(session.stateOf(near)).toBe('update');
    // Another client renames nothing this session changed: the server copy differs now.
    await adapters.transactions.commit({ typeName: GRID, inserts: [], updates: [{ id: near, properties: { population: 99 } }], deletes: [] });
    // Panning east reads the strip again.
    getFeatures.mockClear();
    await session.loadView(viewAt(102.3, 21.03));
    const reread = await Promise.all(getFeatures.mock.results.map((result) => result.value as Promise<FeatureSet>));
    expect(reread.some((set) => idsOf(set.features).includes(strip))).toBe(true);
    expect(session.stateOf(strip)).toBe('update');
    expect(session.feature(strip)?.properties.name).toBe('edited strip');
    // Zooming out holds every tile read so far: the edited feature stays as edited.
    await session.loadView(viewAt(100.9, 20.9, 0.9));
    expect(session.stateOf(near)).toBe('update');
    expect(session.feature(near)?.geometry).toEqual(moved);
    expect(session.feature(near)?.properties.name).toBe('edited near');
    expect(session.pending().updates.map((update) => update.id).sort()).toEqual([far, near, strip].sort());
    const outcome = await session.save();
    expect(outcome.ok).toBe(true);
    expect((await stored(near)).geometry).toEqual(moved);
    expect((await stored(near)).properties).toMatchObject({ name: 'edited near', population: 99 });
    expect((await stored(far)).properties.population).toBe(7);
    expect(session.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
  });

  it('checks a save for conflicts as for a whole layer: another client changed what this session changed', async () => {
    const { session, adapters } = setup();
    await session.load();
    await session.loadView(viewAt(101.03, 21.03));
    const id = cellId(12, 12);
    session.update(id, { properties: { name: 'mine' } });
    await session.loadView(viewAt(103.03, 23.03));
    await adapters.transactions.commit({ typeName: GRID, inserts: [], updates: [{ id, properties: { name: 'theirs' } }], deletes: [] });
    const outcome = await session.save();
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.failure.kind).toBe('conflict');
    expect(session.conflicts.map((conflict) => conflict.id)).toEqual([id]);
  });

  it('re-reads the last view on load, keeping the pending changes on top, and restores a journal in a new session', async () => {
    const first = setup();
    await first.session.load();
    const view = viewAt(101.03, 21.03);
    await first.session.loadView(view);
    const id = cellId(12, 12);
    first.session.update(id, { properties: { name: 'kept' } });
    const drawn = first.session.add({ geometry: square(101.1, 21.1, 0.01), properties: { name: 'drawn' } });
    first.getFeatures.mockClear();
    await first.session.load();
    for (const query of queries(first.getFeatures)) expect(query.bbox ?? query.featureIds).toBeDefined();
    expect(idsOf(first.session.features())).toEqual(expect.arrayContaining([...squaresIn(view), drawn]));
    expect(first.session.feature(id)?.properties.name).toBe('kept');
    await first.session.flushJournal();

    const second = new EditSession({ source: first.adapters.features, transactions: first.adapters.transactions, typeName: GRID, maxFeatures: 100, loading: 'view', journal: first.adapters.journal });
    const report = await second.restore();
    expect(report).toMatchObject({ inserts: 1, updates: 1, deletes: 0, dropped: [] });
    expect(idsOf(second.features()).sort()).toEqual([id, drawn].sort());
    expect(second.feature(id)?.properties.name).toBe('kept');
    const outcome = await second.save();
    expect(outcome.ok).toBe(true);
    expect((await first.stored(id)).properties.name).toBe('kept');
  });

  it('reads a view asked for during a save after it, and lets edits go on while a view loads', async () => {
    const { session } = setup();
    await session.load();
    await session.loadView(viewAt(101.03, 21.03));
    const id = cellId(12, 12);
    session.update(id, { properties: { name: 'saving' } });
    const saving = session.save();
    const far = viewAt(103.03, 23.03);
    const viewing = session.loadView(far);
    expect((await saving).ok).toBe(true);
    expect(await viewing).toEqual({ kind: 'loaded', bbox: far });
    for (const square of squaresIn(far)) expect(session.stateOf(square)).toBe('exist');
    const next = session.loadView(viewAt(102.03, 22.03));
    session.update(id, { properties: { name: 'while loading' } });
    await next;
    expect(session.feature(id)?.properties.name).toBe('while loading');
  });

  it('reads no tile of a view a later pan replaced while it was counted, and settles on the last view', async () => {
    const waiting: Array<() => void> = [];
    const held = { next: false };
    const { session, getFeatures } = setup({
      source: (source) => ({
        ...source,
        countFeatures: async (query) => {
          // The first view's count waits until the second view is asked for.
          if (held.next) {
            held.next = false;
            await new Promise<void>((resolve) => waiting.push(resolve));
          }
          return (source.countFeatures as NonNullable<FeatureSource['countFeatures']>)(query);
        },
      }),
    });
    await session.load();
    held.next = true;
    const first = viewAt(101.03, 21.03);
    const last = viewAt(103.03, 23.03);
    const firstLoad = session.loadView(first);
    await vi.waitFor(() => expect(waiting).toHaveLength(1));
    const lastLoad = session.loadView(last);
    waiting[0]?.();
    await Promise.all([firstLoad, lastLoad]);
    const lastTiles = tilesCovering(last, tileLevelFor(last)).map((tile) => JSON.stringify(tileBBox(tile)));
    expect(queries(getFeatures).map((query) => JSON.stringify(query.bbox)).sort()).toEqual([...lastTiles].sort());
    expect(session.viewState).toEqual({ kind: 'loaded', bbox: last });
    expect(idsOf(session.features())).not.toContain(cellId(12, 12));
  });

  it('rejects and tells an error when a view cannot be read, changing nothing', async () => {
    const failing = { fail: false };
    const { session, events } = setup({
      source: (source) => ({ ...source, getFeatures: (query) => (failing.fail ? Promise.reject(new Error('offline')) : source.getFeatures(query)) }),
    });
    await session.load();
    failing.fail = true;
    await expect(session.loadView(viewAt(101.03, 21.03))).rejects.toThrow('offline');
    expect(events.error.map((error) => error.operation)).toEqual(['view']);
    expect(session.features()).toEqual([]);
    failing.fail = false;
    expect((await session.loadView(viewAt(101.03, 21.03)))?.kind).toBe('loaded');
    expect(session.features().length).toBeGreaterThan(0);
  });
});
