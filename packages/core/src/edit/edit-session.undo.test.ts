import { describe, expect, it, vi } from 'vitest';
import type { FeatureState } from '../domain/feature.js';
import type { Polygon } from '../domain/geometry.js';
import { ConflictError } from '../errors/errors.js';
import { createMemoryAdapters, sampleSeed } from '../memory/index.js';
import { DEFAULT_UNDO_STEPS, EditSession, type EditSessionEvents, type PendingChanges } from './index.js';

const POLYGONS = 'store_33:polygon';
const FUZHOU = 'store_33:polygon.1';
const XIAMEN = 'store_33:polygon.2';
const NO_CHANGES: PendingChanges = { inserts: [], updates: [], deletes: [] };

function square(lng: number, lat: number, half = 0.05): Polygon {
  return {
    type: 'Polygon',
    coordinates: [[[lng - half, lat - half], [lng + half, lat - half], [lng + half, lat + half], [lng - half, lat + half], [lng - half, lat - half]]],
  };
}

async function loaded(undoSteps?: number) {
  const adapters = createMemoryAdapters(sampleSeed());
  const session = new EditSession({
    source: adapters.features,
    transactions: adapters.transactions,
    typeName: POLYGONS,
    journal: adapters.journal,
    ...(undoSteps === undefined ? {} : { undoSteps }),
  });
  await session.load();
  const changes: Array<EditSessionEvents['change']> = [];
  session.on('change', (change) => changes.push(change));
  return { adapters, session, changes };
}

describe('EditSession undo and redo, edit by edit', () => {
  interface Row {
    name: string;
    /** Edits before the one undone, and the one undone; returns the id they touch. */
    prepare?: (session: EditSession) => string;
    edit: (session: EditSession, id: string) => string;
    before: FeatureState | undefined;
    after: FeatureState | undefined;
  }
  const drawn = (session: EditSession) => session.add({ geometry: square(118, 24), properties: { name: '新' } });
  const rows: Row[] = [
    { name: 'add: the draft goes and comes back', edit: (session) => drawn(session), before: undefined, after: 'insert' },
    {
      name: 'update of a property: the only edit of an exist returns it to exist',
      prepare: () => FUZHOU,
      edit: (session, id) => (session.update(id, { properties: { name: '榕城' } }), id),
      before: 'exist',
      after: 'update',
    },
    {
      name: 'update of the geometry: the shape edit is one step',
      prepare: () => FUZHOU,
      edit: (session, id) => (session.update(id, { geometry: square(119.4, 26.2) }), id),
      before: 'exist',
      after: 'update',
    },
    {
      name: 'a second update returns to the first, still update',
      prepare: (session) => (session.update(FUZHOU, { properties: { name: '榕城' } }), FUZHOU),
      edit: (session, id) => (session.update(id, { properties: { population: 1 }, geometry: square(119.4, 26.2) }), id),
      before: 'update',
      after: 'update',
    },
    {
      name: 'update of a draft: it stays insert with its earlier values',
      prepare: drawn,
      edit: (session, id) => (session.update(id, { properties: { name: '改' }, geometry: square(118.5, 24.5) }), id),
      before: 'insert',
      after: 'insert',
    },
    { name: 'remove of an exist: back to exist', prepare: () => FUZHOU, edit: (session, id) => (session.remove(id), id), before: 'exist', after: 'remove' },
    {
      name: 'remove of an update: back to update with the discarded edit',
      prepare: (session) => (session.update(FUZHOU, { properties: { name: '榕城' } }), FUZHOU),
      edit: (session, id) => (session.remove(id), id),
      before: 'update',
      after: 'remove',
    },
    { name: 'remove of a draft: the draft is back', prepare: drawn, edit: (session, id) => (session.remove(id), id), before: 'insert', after: undefined },
  ];

  it.each(rows)('$name', async ({ prepare, edit, before, after }) => {
    const { session, changes, adapters } = await loaded();
    const prepared = prepare?.(session) ?? '';
    const pendingBefore = session.pending();
    const featureBefore = session.feature(prepared);
    const id = edit(session, prepared);
    const pendingAfter = session.pending();
    expect(session.stateOf(id)).toBe(after);
    expect(session.canUndo).toBe(true);
    expect(session.canRedo).toBe(false);

    expect(session.undo()).toBe(true);
    expect(session.stateOf(id)).toBe(before);
    expect(session.pending()).toEqual(pendingBefore);
    if (featureBefore) expect(session.feature(id)).toEqual(featureBefore);
    expect(session.canRedo).toBe(true);
    expect(changes.at(-1)).toEqual({ reason: 'undo', ids: [id] });

    expect(session.redo()).toBe(true);
    expect(session.stateOf(id)).toBe(after);
    expect(session.pending()).toEqual(pendingAfter);
    expect(session.canRedo).toBe(false);
    expect(changes.at(-1)).toEqual({ reason: 'redo', ids: [id] });

    // Undo never reaches the server: only save does.
    expect((await adapters.features.getFeatures({ typeName: POLYGONS, featureIds: [FUZHOU] })).features[0]?.properties.name).toBe('福州');
  });
});

describe('EditSession history', () => {
  it('has nothing to undo or redo at first; undo and redo then change nothing', async () => {
    const { session, changes } = await loaded();
    expect(session.canUndo).toBe(false);
    expect(session.canRedo).toBe(false);
    expect(session.undo()).toBe(false);
    expect(session.redo()).toBe(false);
    expect(changes).toEqual([]);
    expect(session.pending()).toEqual(NO_CHANGES);
  });

  it('canUndo and canRedo are read-only', async () => {
    const { session } = await loaded();
    expect(() => Object.assign(session, { canUndo: true })).toThrow(TypeError);
    expect(() => Object.assign(session, { canRedo: true })).toThrow(TypeError);
  });

  it('undoes edits of several features last first, and redoes them in order', async () => {
    const { session } = await loaded();
    const drawn = session.add({ geometry: square(118, 24) });
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.remove(XIAMEN);
    const all = session.pending();
    session.undo();
    expect(session.stateOf(XIAMEN)).toBe('exist');
    expect(session.stateOf(FUZHOU)).toBe('update');
    session.undo();
    session.undo();
    expect(session.pending()).toEqual(NO_CHANGES);
    expect(session.stateOf(drawn)).toBeUndefined();
    expect(session.canUndo).toBe(false);
    session.redo();
    session.redo();
    session.redo();
    expect(session.pending()).toEqual(all);
  });

  it('a new edit clears what could be redone', async () => {
    const { session } = await loaded();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.undo();
    expect(session.canRedo).toBe(true);
    session.update(XIAMEN, { properties: { name: '鹭岛' } });
    expect(session.canRedo).toBe(false);
    expect(session.redo()).toBe(false);
    expect(session.stateOf(FUZHOU)).toBe('exist');
  });

  it('a save ends the history: nothing committed can be undone', async () => {
    const { session, adapters } = await loaded();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.undo();
    session.update(FUZHOU, { properties: { name: '闽都' } });
    expect((await session.save()).ok).toBe(true);
    expect(session.canUndo).toBe(false);
    expect(session.canRedo).toBe(false);
    expect(session.undo()).toBe(false);
    expect(session.feature(FUZHOU)).toMatchObject({ state: 'exist', properties: { name: '闽都' } });
    expect((await adapters.features.getFeatures({ typeName: POLYGONS, featureIds: [FUZHOU] })).features[0]?.properties.name).toBe('闽都');
  });

  it('a load ends the history too, as its fresh copies replace the ones the steps hold', async () => {
    const { session } = await loaded();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    await session.load();
    expect(session.canUndo).toBe(false);
    expect(session.stateOf(FUZHOU)).toBe('update');
  });

  it('is refused while a save is under way', async () => {
    const { session } = await loaded();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    const saving = session.save();
    expect(() => session.undo()).toThrow(ConflictError);
    expect(() => session.redo()).toThrow(ConflictError);
    await saving;
  });

  it(`keeps the last ${DEFAULT_UNDO_STEPS} steps by default, at least 100, and forgets older ones`, async () => {
    expect(DEFAULT_UNDO_STEPS).toBeGreaterThanOrEqual(100);
    const { session } = await loaded();
    for (let step = 1; step <= DEFAULT_UNDO_STEPS + 20; step++) session.update(FUZHOU, { properties: { population: step } });
    let undone = 0;
    while (session.undo()) undone++;
    expect(undone).toBe(DEFAULT_UNDO_STEPS);
    // The 20 oldest steps are forgotten: their edit stays.
    expect(session.feature(FUZHOU)?.properties.population).toBe(20);
  });

  it('takes a bound of its own', async () => {
    const { session } = await loaded(2);
    for (const population of [1, 2, 3]) session.update(FUZHOU, { properties: { population } });
    expect(session.undo()).toBe(true);
    expect(session.undo()).toBe(true);
    expect(session.undo()).toBe(false);
    expect(session.feature(FUZHOU)?.properties.population).toBe(1);
  });

  it('shares unchanged geometries instead of copying them', async () => {
    const { session } = await loaded();
    const loadedGeometry = session.feature(FUZHOU)?.geometry;
    session.update(FUZHOU, { geometry: square(119.4, 26.2) });
    const edited = session.feature(FUZHOU)?.geometry;
    for (let step = 1; step <= 50; step++) session.update(FUZHOU, { properties: { population: step } });
    // Property edits keep the one edited geometry, and undoing them hands it back, not a copy.
    expect(session.feature(FUZHOU)?.geometry).toBe(edited);
    for (let step = 1; step <= 50; step++) session.undo();
    expect(session.feature(FUZHOU)?.geometry).toBe(edited);
    session.undo();
    expect(session.feature(FUZHOU)?.geometry).toBe(loadedGeometry);
    session.redo();
    expect(session.feature(FUZHOU)?.geometry).toBe(edited);
  });
});

describe('EditSession history and the journal', () => {
  it('after an undo the journal holds the pending state, so a reload restores what the user sees', async () => {
    const { session, adapters } = await loaded();
    const drawn = session.add({ geometry: square(118, 24), properties: { name: '新' } });
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.remove(XIAMEN);
    session.undo();
    session.undo();
    await session.flushJournal();
    expect(await adapters.journal.load(POLYGONS)).toMatchObject({ inserts: [{ handle: drawn }], updates: [], deletes: [] });

    const reloaded = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, journal: adapters.journal });
    await reloaded.restore();
    expect(reloaded.pending()).toEqual(session.pending());
    expect(reloaded.stateOf(FUZHOU)).toBe('exist');
    expect(reloaded.stateOf(XIAMEN)).toBe('exist');
    // A restored session starts a history of its own.
    expect(reloaded.canUndo).toBe(false);
  });

  it('undoing every edit clears the journal, and a redo writes it again', async () => {
    const { session, adapters } = await loaded();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.undo();
    await session.flushJournal();
    expect(await adapters.journal.load(POLYGONS)).toBeNull();
    session.redo();
    await session.flushJournal();
    expect(await adapters.journal.load(POLYGONS)).toMatchObject({ updates: [{ id: FUZHOU, properties: { name: '榕城' } }] });
  });

  it('journals each undo and redo', async () => {
    const { session, adapters } = await loaded();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    await session.flushJournal();
    const save = vi.spyOn(adapters.journal, 'save');
    const clear = vi.spyOn(adapters.journal, 'clear');
    session.undo();
    await session.flushJournal();
    session.redo();
    await session.flushJournal();
    expect(clear).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledTimes(1);
  });
});
