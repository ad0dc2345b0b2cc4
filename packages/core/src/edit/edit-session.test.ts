import { describe, expect, it, vi } from 'vitest';
import type { CommitResult, FeatureState, Properties } from '../domain/feature.js';
import type { Geometry, Polygon } from '../domain/geometry.js';
import { ConflictError, MapServerError, NetworkError, NotFoundError, ValidationError } from '../errors/errors.js';
import { createMemoryAdapters, sampleSeed, type MemorySeed, type TransactionMode } from '../memory/index.js';
import type { EditJournal } from '../ports/edit-journal.port.js';
import type { FeatureTransactions } from '../ports/feature-transactions.port.js';
import { EditSession, type EditableFeature, type EditSessionEvents, type PendingChanges } from './index.js';

const POLYGONS = 'store_33:polygon';
const FUZHOU = 'store_33:polygon.1';
const XIAMEN = 'store_33:polygon.2';
const MODES: TransactionMode[] = ['atomic', 'per-action'];

function square(lng: number, lat: number, half = 0.05): Polygon {
  return {
    type: 'Polygon',
    coordinates: [[[lng - half, lat - half], [lng + half, lat - half], [lng + half, lat + half], [lng - half, lat + half], [lng - half, lat - half]]],
  };
}

type Recorded = { [Name in keyof EditSessionEvents]: Array<EditSessionEvents[Name]> };

function setup(options: { mode?: TransactionMode; typeName?: string; maxFeatures?: number; seed?: MemorySeed; journal?: EditJournal | null } = {}) {
  const { mode = 'atomic', typeName = POLYGONS, maxFeatures, seed = sampleSeed() } = options;
  const adapters = createMemoryAdapters({ ...seed, transactionMode: mode });
  const journal = options.journal === null ? undefined : (options.journal ?? adapters.journal);
  const commit = vi.spyOn(adapters.transactions, 'commit');
  const getFeatures = vi.spyOn(adapters.features, 'getFeatures');
  const session = new EditSession({
    source: adapters.features,
    transactions: adapters.transactions,
    typeName,
    ...(maxFeatures === undefined ? {} : { maxFeatures }),
    ...(journal ? { journal } : {}),
  });
  const events: Recorded = { load: [], change: [], 'save:success': [], 'save:failed': [], 'save:waiting': [], view: [], ahead: [], error: [] };
  for (const name of Object.keys(events) as Array<keyof EditSessionEvents>) {
    session.on(name, (payload) => (events[name] as unknown[]).push(payload));
  }
  const stored = async (id: string) => (await adapters.features.getFeatures({ typeName, featureIds: [id] })).features[0];
  return { adapters, session, events, commit, getFeatures, stored };
}

async function loaded(options: Parameters<typeof setup>[0] = {}) {
  const context = setup(options);
  await context.session.load();
  context.getFeatures.mockClear();
  return context;
}

const NO_CHANGES: PendingChanges = { inserts: [], updates: [], deletes: [] };

describe('EditSession state transitions', () => {
  type Step =
    | { do: 'draw'; properties?: Properties }
    | { do: 'update'; properties?: Properties; geometry?: Geometry }
    | { do: 'remove' };
  interface Row {
    name: string;
    target: 'loaded' | 'drawn';
    steps: Step[];
    state: FeatureState | undefined;
    pending: (id: string) => PendingChanges;
  }
  const moved = square(119.4, 26.2);
  const rows: Row[] = [
    { name: 'a loaded feature is exist', target: 'loaded', steps: [], state: 'exist', pending: () => NO_CHANGES },
    {
      name: 'editing a property of an exist makes it update, carrying only that property',
      target: 'loaded',
      steps: [{ do: 'update', properties: { name: '榕城' } }],
      state: 'update',
      pending: (id) => ({ ...NO_CHANGES, updates: [{ id, properties: { name: '榕城' } }] }),
    },
    {
      name: 'editing the geometry of an exist makes it update, carrying only the geometry',
      target: 'loaded',
      steps: [{ do: 'update', geometry: moved }],
      state: 'update',
      pending: (id) => ({ ...NO_CHANGES, updates: [{ id, geometry: moved }] }),
    },
    {
      name: 'two edits merge into one update',
      target: 'loaded',
      steps: [{ do: 'update', properties: { name: '榕城' } }, { do: 'update', properties: { population: 1 }, geometry: moved }],
      state: 'update',
      pending: (id) => ({ ...NO_CHANGES, updates: [{ id, geometry: moved, properties: { name: '榕城', population: 1 } }] }),
    },
    {
      name: 'setting the loaded values (dates by time) is no update',
      target: 'loaded',
      steps: [{ do: 'update', properties: { name: '福州', founded: new Date('1949-08-17T00:00:00Z'), is_capital: true } }],
      state: 'exist',
      pending: () => NO_CHANGES,
    },
    {
      name: 'editing back to the loaded values drops the update',
      target: 'loaded',
      steps: [
        { do: 'update', properties: { name: '榕城', population: null }, geometry: moved },
        { do: 'update', properties: { name: '福州', population: 8290000 }, geometry: square(119.3, 26.08, 0.12) },
      ],
      state: 'exist',
      pending: () => NO_CHANGES,
    },
    {
      name: 'only the property that still differs stays in the update',
      target: 'loaded',
      steps: [{ do: 'update', properties: { name: '榕城', population: 5 } }, { do: 'update', properties: { name: '福州' } }],
      state: 'update',
      pending: (id) => ({ ...NO_CHANGES, updates: [{ id, properties: { population: 5 } }] }),
    },
    {
      name: 'a changed date is an update',
      target: 'loaded',
      steps: [{ do: 'update', properties: { founded: new Date('1950-01-01T00:00:00Z') } }],
      state: 'update',
      pending: (id) => ({ ...NO_CHANGES, updates: [{ id, properties: { founded: new Date('1950-01-01T00:00:00Z') } }] }),
    },
    { name: 'removing an exist marks it remove', target: 'loaded', steps: [{ do: 'remove' }], state: 'remove', pending: (id) => ({ ...NO_CHANGES, deletes: [id] }) },
    {
      name: 'removing an update marks it remove and discards the update',
      target: 'loaded',
      steps: [{ do: 'update', properties: { name: '榕城' } }, { do: 'remove' }],
      state: 'remove',
      pending: (id) => ({ ...NO_CHANGES, deletes: [id] }),
    },
    { name: 'removing twice is one remove', target: 'loaded', steps: [{ do: 'remove' }, { do: 'remove' }], state: 'remove', pending: (id) => ({ ...NO_CHANGES, deletes: [id] }) },
    {
      name: 'a drawn feature is insert',
      target: 'drawn',
      steps: [],
      state: 'insert',
      pending: (id) => ({ ...NO_CHANGES, inserts: [{ handle: id, geometry: square(118, 24), properties: { name: '新' } }] }),
    },
    {
      name: 'editing an insert keeps it insert with the edits merged in',
      target: 'drawn',
      steps: [{ do: 'update', properties: { population: 3 }, geometry: moved }],
      state: 'insert',
      pending: (id) => ({ ...NO_CHANGES, inserts: [{ handle: id, geometry: moved, properties: { name: '新', population: 3 } }] }),
    },
    { name: 'removing an insert drops it from pending changes', target: 'drawn', steps: [{ do: 'remove' }], state: undefined, pending: () => NO_CHANGES },
    {
      name: 'removing an edited insert drops it too',
      target: 'drawn',
      steps: [{ do: 'update', properties: { name: '改' } }, { do: 'remove' }],
      state: undefined,
      pending: () => NO_CHANGES,
    },
  ];

  it.each(rows)('$name', async ({ target, steps, state, pending }) => {
    const { session } = await loaded();
    const id = target === 'loaded' ? FUZHOU : session.add({ geometry: square(118, 24), properties: { name: '新' } });
    for (const step of steps) {
      if (step.do === 'update') session.update(id, { ...(step.geometry ? { geometry: step.geometry } : {}), ...(step.properties ? { properties: step.properties } : {}) });
      else if (step.do === 'remove') session.remove(id);
    }
    expect(session.stateOf(id)).toBe(state);
    expect(session.pending()).toEqual(pending(id));
    // Neighbours are untouched.
    expect(session.stateOf(XIAMEN)).toBe('exist');
    // Removed and dropped features are not shown; the others are, with their state.
    const shown = session.features().find((feature) => feature.id === id);
    expect(shown?.state).toBe(state === 'remove' ? undefined : state);
  });

  it('shows a removed feature with its loaded values: the discarded update is gone', async () => {
    const { session } = await loaded();
    session.update(FUZHOU, { properties: { name: '榕城' }, geometry: square(119.4, 26.2) });
    session.remove(FUZHOU);
    expect(session.feature(FUZHOU)).toMatchObject({ state: 'remove', properties: { name: '福州' }, geometry: square(119.3, 26.08, 0.12) });
  });

  it('knows no state for an id it never saw', async () => {
    const { session } = await loaded();
    expect(session.stateOf('store_33:polygon.999')).toBeUndefined();
    expect(session.feature('store_33:polygon.999')).toBeUndefined();
  });
});

describe('EditSession loading and reading', () => {
  it('loads every feature as exist and reports the load', async () => {
    const { session, events } = setup();
    const features = await session.load();
    expect(features).toHaveLength(8);
    expect(features.every((feature) => feature.state === 'exist')).toBe(true);
    expect(features[0]).toMatchObject({ id: FUZHOU, properties: { name: '福州' }, geometry: { type: 'Polygon' } });
    expect(events.load).toEqual([{ features, skipped: 0 }]);
    expect(session.schema?.geometryKind).toBe('Polygon');
  });

  it('hands out one frozen schema, the same object until a load brings a different one', async () => {
    const { session } = setup();
    expect(session.schema).toBeUndefined();
    await session.load();
    const schema = session.schema;
    expect(schema).toBeDefined();
    expect(session.schema).toBe(schema);
    // Nobody can change the session's schema through it.
    expect(Object.isFrozen(schema)).toBe(true);
    expect(Object.isFrozen(schema?.properties[0])).toBe(true);
    expect(() => (schema?.properties as unknown[]).push({ name: 'x' })).toThrow(TypeError);
    // A load of the same schema keeps it; edits keep it.
    session.update(FUZHOU, { properties: { name: '福州市' } });
    await session.load();
    expect(session.schema).toBe(schema);
  });

  it('asks for at most maxFeatures, 2000 by default', async () => {
    const defaults = setup();
    await defaults.session.load();
    expect(defaults.getFeatures).toHaveBeenCalledWith({ typeName: POLYGONS, maxFeatures: 2000 });
    const limited = setup({ maxFeatures: 3 });
    expect(await limited.session.load()).toHaveLength(3);
    expect(limited.session.maxFeatures).toBe(3);
  });

  it('shows drawn features after the loaded ones and leaves removed ones out', async () => {
    const { session } = await loaded();
    session.remove(XIAMEN);
    const id = session.add({ geometry: square(118, 24) });
    const features = session.features();
    expect(features).toHaveLength(8);
    expect(features.map((feature) => feature.id)).not.toContain(XIAMEN);
    expect(features.at(-1)).toEqual({ id, geometry: square(118, 24), properties: {}, state: 'insert' });
    expect(session.feature(XIAMEN)?.state).toBe('remove');
  });

  it('hands out frozen snapshots that share the geometry: writing to one throws and changes nothing inside', async () => {
    const { session } = await loaded();
    const geometry = square(118, 24);
    const id = session.add({ geometry, properties: { name: 'a', founded: new Date(Date.UTC(2000, 0, 1)) } });
    geometry.coordinates[0]?.push([0, 0]);
    const [first] = session.features();
    if (!first) throw new Error('no feature');
    const writable = first as { -readonly [Key in keyof EditableFeature]: EditableFeature[Key] } & { properties: Record<string, unknown> };
    expect(() => {
      writable.properties.name = 'changed';
    }).toThrow(TypeError);
    expect(() => {
      writable.state = 'remove';
    }).toThrow(TypeError);
    expect(() => {
      (writable.geometry as { coordinates: unknown }).coordinates = [];
    }).toThrow(TypeError);
    // A date can be changed in place: the snapshot holds a copy of it.
    (session.feature(id)?.properties.founded as Date).setUTCFullYear(1999);
    expect(session.feature(FUZHOU)?.properties.name).toBe('福州');
    expect(session.stateOf(FUZHOU)).toBe('exist');
    expect(session.feature(id)).toMatchObject({ geometry: square(118, 24), properties: { name: 'a' } });
    expect(session.pending().inserts[0]?.properties.founded).toEqual(new Date(Date.UTC(2000, 0, 1)));
  });

  it('shares the loaded geometry with its snapshots instead of copying it, and an edit stores a copy', async () => {
    const { session } = await loaded();
    const before = session.feature(FUZHOU);
    if (!before) throw new Error('no feature');
    // Reads hand out the same snapshot, and its geometry is the session's own (not a copy per snapshot).
    expect(session.features().find((feature) => feature.id === FUZHOU)).toBe(before);
    session.update(FUZHOU, { properties: { name: '榕城' } });
    const renamed = session.feature(FUZHOU);
    expect(renamed).not.toBe(before);
    expect(renamed?.geometry).toBe(before.geometry);
    const moved = square(119, 26);
    session.update(FUZHOU, { geometry: moved });
    moved.coordinates[0]?.push([0, 0]);
    const reshaped = session.feature(FUZHOU);
    expect(reshaped?.geometry).not.toBe(before.geometry);
    expect(reshaped?.geometry).toEqual(square(119, 26));
    // The earlier snapshots still show what they showed.
    expect(before.geometry).not.toEqual(square(119, 26));
    expect(before.properties.name).toBe('福州');
  });

  it('keeps the identity of unchanged features across reads, and gives changed ones a new snapshot', async () => {
    const { session } = await loaded();
    const drawn = session.add({ geometry: square(118, 24) });
    const before = session.features();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.update(drawn, { properties: { name: '新' } });
    const after = session.features();
    const byId = (features: typeof before) => new Map(features.map((feature) => [feature.id, feature]));
    expect(byId(after).get(XIAMEN)).toBe(byId(before).get(XIAMEN));
    expect(byId(after).get(FUZHOU)).not.toBe(byId(before).get(FUZHOU));
    expect(byId(after).get(FUZHOU)).toMatchObject({ state: 'update', properties: { name: '榕城' } });
    expect(byId(after).get(drawn)).toMatchObject({ state: 'insert', properties: { name: '新' } });
    // Back to the loaded value, it reads exist again.
    session.update(FUZHOU, { properties: { name: '福州' } });
    expect(session.feature(FUZHOU)?.state).toBe('exist');
    // The snapshot handed out earlier still says what it said.
    expect(byId(before).get(FUZHOU)?.properties.name).toBe('福州');
    expect(byId(after).get(FUZHOU)?.properties.name).toBe('榕城');
  });

  it('gives drawn features distinct local ids that are their insert handles', async () => {
    const { session } = await loaded();
    const ids = [session.add({ geometry: square(118, 24) }), session.add({ geometry: square(118.2, 24) })];
    expect(new Set(ids).size).toBe(2);
    expect(session.pending().inserts.map((insert) => insert.handle)).toEqual(ids);
  });

  it('keeps pending changes across a second load, on top of the fresh server copies', async () => {
    const { session, adapters } = await loaded();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.remove(XIAMEN);
    const drawn = session.add({ geometry: square(118, 24) });
    // Someone else changes Fuzhou's population meanwhile.
    await adapters.transactions.commit({ typeName: POLYGONS, inserts: [], updates: [{ id: FUZHOU, properties: { population: 1 } }], deletes: [] });
    await session.load();
    expect(session.feature(FUZHOU)?.properties).toMatchObject({ name: '榕城', population: 1 });
    expect(session.pending()).toEqual({
      inserts: [{ handle: drawn, geometry: square(118, 24), properties: {} }],
      updates: [{ id: FUZHOU, properties: { name: '榕城' } }],
      deletes: [XIAMEN],
    });
  });

  it('rejects a failed load and reports it as an error event', async () => {
    const { session, events } = setup({ typeName: 'store_33:nosuch' });
    await expect(session.load()).rejects.toBeInstanceOf(NotFoundError);
    expect(events.error).toHaveLength(1);
    expect(events.error[0]).toMatchObject({ operation: 'load', message: "TypeName 'store_33:nosuch' could not be found" });
    expect(session.busy).toBeUndefined();
  });

  it('stops calling a handler once unsubscribed', async () => {
    const { session } = await loaded();
    const handler = vi.fn();
    const unsubscribe = session.on('change', handler);
    session.update(FUZHOU, { properties: { name: 'a' } });
    unsubscribe();
    session.update(FUZHOU, { properties: { name: 'b' } });
    const other = vi.fn();
    session.on('change', other);
    session.off('change', other);
    session.remove(FUZHOU);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it('tells what changed in each change event', async () => {
    const { session, events } = await loaded();
    const id = session.add({ geometry: square(118, 24) });
    session.update(FUZHOU, { properties: { name: 'a' } });
    session.remove(XIAMEN);
    expect(events.change).toEqual([
      { reason: 'add', ids: [id] },
      { reason: 'update', ids: [FUZHOU] },
      { reason: 'remove', ids: [XIAMEN] },
    ]);
  });
});

describe('EditSession refusals', () => {
  it('refuses what is no geometry', async () => {
    const { session } = await loaded();
    expect(() => session.add({ geometry: { type: 'Circle', coordinates: [1, 2] } as unknown as Geometry })).toThrow(ValidationError);
    expect(() => session.update(FUZHOU, { geometry: null as unknown as Geometry })).toThrow(ValidationError);
    expect(() => session.update(FUZHOU, { geometry: { type: 'Polygon' } as unknown as Geometry })).toThrow(ValidationError);
  });

  it('refuses properties the schema does not know, once loaded', async () => {
    const { session } = await loaded();
    expect(() => session.add({ geometry: square(118, 24), properties: { colour: 'red' } })).toThrow(ValidationError);
    expect(() => session.update(FUZHOU, { properties: { colour: 'red' } })).toThrow(ValidationError);
    expect(session.pending()).toEqual(NO_CHANGES);
  });

  it('refuses server-filled (read-only) properties', async () => {
    const seed: MemorySeed = {
      layers: [
        {
          schema: {
            typeName: 'qgis:parks',
            geometryField: 'geometry',
            geometryKind: 'Polygon',
            readOnly: ['fid'],
            properties: [
              { name: 'fid', type: 'number', nullable: false },
              { name: 'name', type: 'string', nullable: true },
            ],
          },
          features: [{ id: 'parks.1', geometry: square(118, 24), properties: { fid: 1, name: 'a' } }],
        },
      ],
    };
    const { session } = await loaded({ seed, typeName: 'qgis:parks' });
    expect(() => session.update('parks.1', { properties: { fid: 2 } })).toThrow(/read-only/);
    expect(() => session.add({ geometry: square(118, 24), properties: { fid: 2 } })).toThrow(ValidationError);
    session.update('parks.1', { properties: { name: 'b' } });
    expect(session.pending().updates).toEqual([{ id: 'parks.1', properties: { name: 'b' } }]);
  });

  it('throws NotFoundError for unknown ids and ConflictError for editing a removed feature', async () => {
    const { session } = await loaded();
    expect(() => session.update('nope', { properties: { name: 'a' } })).toThrow(NotFoundError);
    expect(() => session.remove('nope')).toThrow(NotFoundError);
    session.remove(FUZHOU);
    expect(() => session.update(FUZHOU, { properties: { name: 'a' } })).toThrow(ConflictError);
  });

  it('refuses edits and other operations while a save is under way', async () => {
    const { session, commit } = await loaded();
    session.update(FUZHOU, { properties: { name: 'a' } });
    const saving = session.save();
    expect(session.busy).toBe('save');
    expect(() => session.add({ geometry: square(118, 24) })).toThrow(ConflictError);
    expect(() => session.update(XIAMEN, { properties: { name: 'b' } })).toThrow(ConflictError);
    expect(() => session.remove(XIAMEN)).toThrow(ConflictError);
    // A second save during the first is the same save.
    expect(session.save()).toBe(saving);
    await expect(session.load()).rejects.toBeInstanceOf(ConflictError);
    expect((await saving).ok).toBe(true);
    expect(commit).toHaveBeenCalledTimes(1);
    expect(session.busy).toBeUndefined();
    session.remove(XIAMEN);
  });
});

describe.each(MODES)('EditSession save (%s server)', (mode) => {
  it('sends every pending change in one transaction, with only what changed', async () => {
    const { session, commit } = await loaded({ mode });
    const drawn = session.add({ geometry: square(118, 24), properties: { name: '新', population: 10 } });
    session.update(FUZHOU, { properties: { population: 9000000 } });
    session.update(XIAMEN, { geometry: square(118.1, 24.5) });
    session.remove('store_33:polygon.3');
    await session.save();
    expect(commit).toHaveBeenCalledTimes(1);
    expect(commit).toHaveBeenCalledWith({
      typeName: POLYGONS,
      inserts: [{ handle: drawn, geometry: square(118, 24), properties: { name: '新', population: 10 } }],
      updates: [
        { id: FUZHOU, properties: { population: 9000000 } },
        { id: XIAMEN, geometry: square(118.1, 24.5) },
      ],
      deletes: ['store_33:polygon.3'],
    });
  });

  it('on success replaces inserts by server copies reloaded by the returned ids and clears pending changes', async () => {
    const { session, events, getFeatures, stored } = await loaded({ mode });
    const drawn = session.add({ geometry: square(118, 24), properties: { name: '新' } });
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.remove(XIAMEN);
    const outcome = await session.save();

    const newId = 'store_33:polygon.9';
    expect(outcome).toEqual({ ok: true, result: { inserted: [{ handle: drawn, id: newId }], totals: { inserted: 1, updated: 1, deleted: 1 }, failures: [] } });
    expect(events['save:success']).toEqual([{ result: outcome.ok ? outcome.result : undefined }]);
    expect(events['save:failed']).toEqual([]);
    expect(getFeatures).toHaveBeenCalledWith({ typeName: POLYGONS, featureIds: [newId, FUZHOU], maxFeatures: 2 });
    expect(session.pending()).toEqual(NO_CHANGES);
    expect(session.stateOf(drawn)).toBeUndefined();
    expect(session.stateOf(newId)).toBe('exist');
    expect(session.stateOf(XIAMEN)).toBeUndefined();
    expect(session.stateOf(FUZHOU)).toBe('exist');
    // The server copy, with the nulls the server filled in, not the local draft.
    expect(session.feature(newId)).toEqual({ ...(await stored(newId)), state: 'exist' });
    expect(session.feature(newId)?.properties).toEqual({ name: '新', population: null, area_km2: null, is_capital: null, founded: null });
    expect((await stored(FUZHOU))?.properties.name).toBe('榕城');
    expect(await stored(XIAMEN)).toBeUndefined();
    expect(session.features().map((feature) => feature.id)).toEqual([FUZHOU, ...[3, 4, 5, 6, 7, 8].map((n) => `store_33:polygon.${n}`), newId]);
    expect(events.change.at(-1)).toEqual({ reason: 'save', ids: [drawn, newId, FUZHOU, XIAMEN] });
  });

  it('takes the server copy of a geometry the server reshapes (a polygon into a multipolygon layer)', async () => {
    const { session } = await loaded({ mode, typeName: 'store_33:multipolygon' });
    const id = 'store_33:multipolygon.1';
    session.update(id, { geometry: square(119.3, 26.1) });
    await session.save();
    expect(session.feature(id)?.geometry).toEqual({ type: 'MultiPolygon', coordinates: [square(119.3, 26.1).coordinates] });
    expect(session.stateOf(id)).toBe('exist');
  });

  it('matches inserted ids by handle when the server answers them in another order', async () => {
    const { adapters } = setup({ mode });
    // QGIS Server lists inserted features in reverse order.
    const reversing: FeatureTransactions = {
      commit: async (changes) => {
        const result = await adapters.transactions.commit(changes);
        return { ...result, inserted: [...result.inserted].reverse() };
      },
    };
    const session = new EditSession({ source: adapters.features, transactions: reversing, typeName: POLYGONS });
    await session.load();
    const names = ['甲', '乙', '丙'];
    const handles = names.map((name, index) => session.add({ geometry: square(118 + index * 0.2, 24), properties: { name } }));
    const outcome = await session.save();
    if (!outcome.ok) throw new Error(outcome.failure.message);
    expect(outcome.result.inserted.map((entry) => entry.handle)).toEqual([...handles].reverse());
    for (const [index, handle] of handles.entries()) {
      const id = outcome.result.inserted.find((entry) => entry.handle === handle)?.id as string;
      expect(session.feature(id)).toMatchObject({ state: 'exist', properties: { name: names[index] }, geometry: square(118 + index * 0.2, 24) });
    }
  });

  it('settles the right inserts by handle when the server reorders them and refuses one', async () => {
    const { adapters } = setup({ mode });
    const reversing: FeatureTransactions = {
      commit: async (changes) => {
        const result = await adapters.transactions.commit(changes);
        return { ...result, inserted: [...result.inserted].reverse() };
      },
    };
    // The reload fails, so the session must place its own copies under the right ids.
    const source = { ...adapters.features, getFeatures: adapters.features.getFeatures };
    const session = new EditSession({ source, transactions: reversing, typeName: POLYGONS });
    await session.load();
    const first = session.add({ geometry: square(118, 24), properties: { name: '甲' } });
    const refused = session.add({ geometry: { type: 'Point', coordinates: [118.2, 24] }, properties: { name: '乙' } });
    const third = session.add({ geometry: square(118.4, 24), properties: { name: '丙' } });
    source.getFeatures = () => Promise.reject(new NetworkError('offline'));
    const outcome = await session.save();
    if (mode === 'atomic') {
      expect(session.pending().inserts.map((insert) => insert.handle)).toEqual([first, refused, third]);
      return;
    }
    expect(session.pending().inserts.map((insert) => insert.handle)).toEqual([refused]);
    const inserted = outcome.ok ? [] : (outcome.failure.result?.inserted ?? []);
    expect(inserted.map((entry) => entry.handle)).toEqual([third, first]);
    for (const { handle, id } of inserted) {
      const stored = (await adapters.features.getFeatures({ typeName: POLYGONS, featureIds: [id] })).features[0];
      expect(session.feature(id)?.properties.name).toBe(stored?.properties.name);
      expect(session.feature(id)?.properties.name).toBe(handle === first ? '甲' : '丙');
    }
  });

  it('with nothing pending sends nothing and reports success', async () => {
    const { session, commit, events } = await loaded({ mode });
    expect(await session.save()).toEqual({ ok: true, result: { inserted: [], totals: { inserted: 0, updated: 0, deleted: 0 }, failures: [] } });
    expect(commit).not.toHaveBeenCalled();
    expect(events['save:success']).toHaveLength(1);
  });

  it('keeps everything pending when the transaction fails as a whole', async () => {
    const { session, adapters, events } = await loaded({ mode });
    vi.spyOn(adapters.transactions, 'commit').mockRejectedValue(new NetworkError('connection reset'));
    const drawn = session.add({ geometry: square(118, 24), properties: { name: '新' } });
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.remove(XIAMEN);
    const before = session.pending();
    const outcome = await session.save();
    expect(outcome.ok).toBe(false);
    expect(events['save:failed']).toEqual([
      {
        kind: 'outcome-unknown',
        committed: 'unknown',
        message: 'connection reset',
        error: expect.any(NetworkError),
        failures: [
          { kind: 'insert', ref: drawn, message: 'connection reset' },
          { kind: 'update', ref: FUZHOU, message: 'connection reset' },
          { kind: 'delete', ref: XIAMEN, message: 'connection reset' },
        ],
      },
    ]);
    expect(session.pending()).toEqual(before);
    expect([session.stateOf(drawn), session.stateOf(FUZHOU), session.stateOf(XIAMEN)]).toEqual(['insert', 'update', 'remove']);
  });
});

describe('EditSession save failures by server kind', () => {
  /** An insert the server refuses (a point on a polygon layer), beside good changes. */
  function stageMixed(session: EditSession) {
    const good = session.add({ geometry: square(118, 24), properties: { name: '好' } });
    const bad = session.add({ geometry: { type: 'Point', coordinates: [118.2, 24] }, properties: {} });
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.remove(XIAMEN);
    return { good, bad };
  }

  it('atomic server: save:failed carries the server report and nothing pending is lost', async () => {
    const { session, events, stored } = await loaded({ mode: 'atomic' });
    const { good, bad } = stageMixed(session);
    const before = session.pending();
    const outcome = await session.save();
    const report = `insert ${bad}: a Point does not fit the Polygon layer`;
    expect(outcome).toMatchObject({ ok: false, failure: { message: report } });
    expect(events['save:failed']).toHaveLength(1);
    const failure = events['save:failed'][0];
    expect(failure?.error).toBeInstanceOf(MapServerError);
    expect(failure?.failures.map((entry) => [entry.kind, entry.ref])).toEqual([
      ['insert', good],
      ['insert', bad],
      ['update', FUZHOU],
      ['delete', XIAMEN],
    ]);
    expect(session.pending()).toEqual(before);
    expect((await stored(FUZHOU))?.properties.name).toBe('福州');
    expect(await stored(XIAMEN)).toBeDefined();
  });

  it('per-action server (QGIS): what succeeded clears, what failed stays pending, and the event says which', async () => {
    const { session, events, stored } = await loaded({ mode: 'per-action' });
    const { good, bad } = stageMixed(session);
    const outcome = await session.save();
    const failures = [{ kind: 'insert', ref: bad, message: 'a Point does not fit the Polygon layer' }];
    expect(outcome).toMatchObject({ ok: false, failure: { message: `insert ${bad}: a Point does not fit the Polygon layer`, failures } });
    expect(events['save:failed']).toEqual([
      {
        kind: 'partial',
        committed: 'partly-committed',
        message: `insert ${bad}: a Point does not fit the Polygon layer`,
        failures,
        result: { inserted: [{ handle: good, id: 'store_33:polygon.9' }], totals: { inserted: 1, updated: 1, deleted: 1 }, failures },
      },
    ]);
    expect(events['save:success']).toEqual([]);
    expect(session.pending()).toEqual({
      inserts: [{ handle: bad, geometry: { type: 'Point', coordinates: [118.2, 24] }, properties: {} }],
      updates: [],
      deletes: [],
    });
    expect(session.stateOf(good)).toBeUndefined();
    expect(session.stateOf('store_33:polygon.9')).toBe('exist');
    expect(session.stateOf(FUZHOU)).toBe('exist');
    expect(session.stateOf(XIAMEN)).toBeUndefined();
    expect((await stored(FUZHOU))?.properties.name).toBe('榕城');

    // Fixed, the refused insert goes through on the next save.
    session.update(bad, { geometry: square(118.2, 24) });
    const retry = await session.save();
    expect(retry).toMatchObject({ ok: true, result: { inserted: [{ handle: bad, id: 'store_33:polygon.10' }] } });
    expect(session.pending()).toEqual(NO_CHANGES);
  });

  it('per-action server: a failed update or delete stays pending', async () => {
    const { session, adapters } = await loaded({ mode: 'per-action' });
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.remove(XIAMEN);
    // Another client deletes both after the conflict check read them, just before the commit.
    const commit = adapters.transactions.commit.bind(adapters.transactions);
    vi.spyOn(adapters.transactions, 'commit').mockImplementationOnce(async (changes) => {
      await commit({ typeName: POLYGONS, inserts: [], updates: [], deletes: [FUZHOU, XIAMEN] });
      return commit(changes);
    });
    const outcome = await session.save();
    expect(outcome.ok ? [] : outcome.failure.failures.map((failure) => [failure.kind, failure.ref])).toEqual([
      ['update', FUZHOU],
      ['delete', XIAMEN],
    ]);
    expect(session.stateOf(FUZHOU)).toBe('update');
    expect(session.stateOf(XIAMEN)).toBe('remove');
  });

  it('reports a failed reload after a committed save and keeps the local copies', async () => {
    const { session, adapters, events } = await loaded();
    const drawn = session.add({ geometry: square(118, 24), properties: { name: '新' } });
    vi.spyOn(adapters.features, 'getFeatures').mockRejectedValueOnce(new MapServerError({ status: 503, text: 'Service unavailable' }));
    const outcome = await session.save();
    expect(outcome.ok).toBe(true);
    expect(events.error).toEqual([{ operation: 'save', error: expect.any(MapServerError), message: 'Service unavailable' }]);
    expect(session.pending()).toEqual(NO_CHANGES);
    expect(session.stateOf(drawn)).toBeUndefined();
    expect(session.feature('store_33:polygon.9')).toEqual({ id: 'store_33:polygon.9', geometry: square(118, 24), properties: { name: '新' }, state: 'exist' });
  });

  it('uses the message of an error that is no map-server error', async () => {
    const { session, adapters, events } = await loaded();
    vi.spyOn(adapters.transactions, 'commit').mockRejectedValue('plain text');
    session.remove(FUZHOU);
    await session.save();
    expect(events['save:failed'][0]?.message).toBe('plain text');
  });
});

describe('EditSession redraw', () => {
  it('clears pending changes and features, then reloads from the server', async () => {
    const { session, events, adapters } = await loaded();
    const drawn = session.add({ geometry: square(118, 24) });
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.remove(XIAMEN);
    await session.flushJournal();
    expect(await adapters.journal.load(POLYGONS)).not.toBeNull();
    const features = await session.redraw();
    expect(session.pending()).toEqual(NO_CHANGES);
    expect(features).toHaveLength(8);
    expect(session.stateOf(drawn)).toBeUndefined();
    expect(session.feature(FUZHOU)).toMatchObject({ state: 'exist', properties: { name: '福州' } });
    expect(session.stateOf(XIAMEN)).toBe('exist');
    expect(events.load).toHaveLength(2);
    await session.flushJournal();
    expect(await adapters.journal.load(POLYGONS)).toBeNull();
  });
});

describe('EditSession journal and restore', () => {
  it('journals every pending change in JSON-safe form, and clears it once saved', async () => {
    const { session, adapters } = await loaded();
    const drawn = session.add({ geometry: square(118, 24), properties: { founded: new Date('2020-01-02T00:00:00Z') } });
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.remove(XIAMEN);
    await session.flushJournal();
    const entry = await adapters.journal.load(POLYGONS);
    expect(entry).toMatchObject({
      version: 1,
      typeName: POLYGONS,
      inserts: [{ handle: drawn, geometry: square(118, 24), properties: { founded: { $date: '2020-01-02T00:00:00.000Z' } } }],
      updates: [{ id: FUZHOU, properties: { name: '榕城' } }],
      deletes: [XIAMEN],
    });
    expect(Number.isNaN(Date.parse(entry?.savedAt ?? ''))).toBe(false);
    await session.save();
    await session.flushJournal();
    expect(await adapters.journal.load(POLYGONS)).toBeNull();
  });

  it('a later session restores the journaled changes on top of a load', async () => {
    const first = await loaded();
    const drawn = first.session.add({ geometry: square(118, 24), properties: { name: '新', founded: new Date('2020-01-02T00:00:00Z') } });
    first.session.update(FUZHOU, { properties: { name: '榕城' }, geometry: square(119.3, 26.1) });
    first.session.remove(XIAMEN);
    await first.session.flushJournal();
    const pending = first.session.pending();

    // Same server and journal, new session (a page reload).
    const events: string[] = [];
    const second = new EditSession({ source: first.adapters.features, transactions: first.adapters.transactions, typeName: POLYGONS, journal: first.adapters.journal });
    second.on('load', () => events.push('load'));
    second.on('change', ({ reason }) => events.push(reason));
    const report = await second.restore();
    expect(report).toEqual({ inserts: 1, updates: 1, deletes: 1, dropped: [], droppedProperties: [], setAside: [] });
    expect(events).toEqual(['load', 'restore']);
    expect(second.pending()).toEqual(pending);
    expect(second.feature(drawn)?.properties.founded).toEqual(new Date('2020-01-02T00:00:00Z'));
    expect([second.stateOf(drawn), second.stateOf(FUZHOU), second.stateOf(XIAMEN)]).toEqual(['insert', 'update', 'remove']);
    // New drawings do not take a restored handle.
    expect(second.add({ geometry: square(118.5, 24) })).not.toBe(drawn);
    // Restoring the same entry again changes nothing.
    await second.flushJournal();
    const afterAdd = second.pending();
    await second.restore();
    expect(second.pending()).toEqual(afterAdd);
  });

  it('fetches restored features beyond maxFeatures by id and drops those the server no longer has', async () => {
    const first = await loaded();
    first.session.update('store_33:polygon.7', { properties: { name: '改' } });
    first.session.remove('store_33:polygon.8');
    first.session.update(FUZHOU, { properties: { name: '榕城' } });
    await first.session.flushJournal();
    await first.adapters.transactions.commit({ typeName: POLYGONS, inserts: [], updates: [], deletes: ['store_33:polygon.8'] });

    const second = new EditSession({ source: first.adapters.features, transactions: first.adapters.transactions, typeName: POLYGONS, maxFeatures: 2, journal: first.adapters.journal });
    expect(await second.restore()).toEqual({ inserts: 0, updates: 2, deletes: 1, dropped: ['store_33:polygon.8'], droppedProperties: [], setAside: [] });
    expect(second.features().map((feature) => feature.id)).toEqual([FUZHOU, XIAMEN, 'store_33:polygon.7']);
    expect(second.pending()).toEqual({
      inserts: [],
      updates: [
        { id: 'store_33:polygon.7', properties: { name: '改' } },
        { id: FUZHOU, properties: { name: '榕城' } },
      ],
      deletes: [],
    });
  });

  it('an update the server already has restores as exist', async () => {
    const first = await loaded();
    first.session.update(FUZHOU, { properties: { name: '榕城' } });
    await first.session.flushJournal();
    await first.adapters.transactions.commit({ typeName: POLYGONS, inserts: [], updates: [{ id: FUZHOU, properties: { name: '榕城' } }], deletes: [] });
    const second = new EditSession({ source: first.adapters.features, transactions: first.adapters.transactions, typeName: POLYGONS, journal: first.adapters.journal });
    await second.restore();
    expect(second.stateOf(FUZHOU)).toBe('exist');
    expect(second.pending()).toEqual(NO_CHANGES);
  });

  it('gives a journaled handle that a server id has taken a new local id', async () => {
    const { adapters } = setup();
    await adapters.journal.save({
      version: 1,
      typeName: POLYGONS,
      savedAt: '2024-01-01T00:00:00Z',
      inserts: [{ handle: XIAMEN, geometry: square(118, 24), properties: { name: '旧' } }],
      updates: [],
      deletes: [],
    });
    const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, journal: adapters.journal });
    await session.restore();
    const [insert] = session.pending().inserts;
    expect(insert?.properties).toEqual({ name: '旧' });
    expect(insert?.handle).not.toBe(XIAMEN);
    expect(session.stateOf(insert?.handle as string)).toBe('insert');
    expect(session.stateOf(XIAMEN)).toBe('exist');
  });

  it('keeps a drawing made before the first load through restore, once', async () => {
    const { adapters } = setup();
    const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, journal: adapters.journal });
    const early = session.add({ geometry: square(117, 24) });
    await session.flushJournal();
    await session.restore();
    expect(session.pending().inserts.map((insert) => insert.handle)).toEqual([early]);
    expect(session.features()).toHaveLength(9);
  });

  it('without a journal, or with nothing journaled, restore just loads', async () => {
    const withoutJournal = setup({ journal: null });
    expect(await withoutJournal.session.restore()).toBeNull();
    expect(withoutJournal.session.features()).toHaveLength(8);
    const empty = setup();
    expect(await empty.session.restore()).toBeNull();
    expect(empty.events.load).toHaveLength(1);
    // Once loaded, restore does not load again.
    await empty.session.restore();
    expect(empty.events.load).toHaveLength(1);
  });

  it('ignores an entry journaled for another layer', async () => {
    const { adapters } = setup();
    const journal: EditJournal = {
      save: async () => undefined,
      clear: async () => undefined,
      load: async () => ({ version: 1, typeName: 'store_33:line', savedAt: '2024-01-01T00:00:00Z', inserts: [], updates: [], deletes: [FUZHOU] }),
    };
    const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, journal });
    expect(await session.restore()).toBeNull();
    expect(session.stateOf(FUZHOU)).toBe('exist');
  });

  it('reports a failed journal write as an error event and goes on editing', async () => {
    const { adapters } = setup();
    const journal: EditJournal = { save: () => Promise.reject(new Error('quota exceeded')), clear: async () => undefined, load: async () => null };
    const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, journal });
    const errors: EditSessionEvents['error'][] = [];
    session.on('error', (error) => errors.push(error));
    await session.load();
    session.remove(FUZHOU);
    await session.flushJournal();
    expect(errors).toEqual([{ operation: 'journal', error: expect.any(Error), message: 'quota exceeded' }]);
    expect(session.stateOf(FUZHOU)).toBe('remove');
  });

  it('writes the journal in the order of the changes, coalescing those made during a write into one', async () => {
    const { adapters } = setup();
    const written: Array<string[]> = [];
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const journal: EditJournal = {
      save: async (entry) => {
        if (written.length === 0) await slow;
        written.push(entry.deletes);
      },
      clear: async () => {
        written.push([]);
      },
      load: async () => null,
    };
    const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, journal });
    await session.load();
    session.remove(FUZHOU);
    // The first write starts (and waits); the next two changes join one write after it.
    await Promise.resolve();
    session.remove(XIAMEN);
    session.remove('store_33:polygon.3');
    release();
    await session.flushJournal();
    expect(written).toEqual([[FUZHOU], [FUZHOU, XIAMEN, 'store_33:polygon.3']]);
  });
});

describe('EditSession with other layer kinds', () => {
  it.each(['point', 'line', 'multipolygon', 'multiline'])('edits and saves a %s layer', async (kind) => {
    const typeName = `store_33:${kind}`;
    const { session } = await loaded({ typeName });
    const [first] = session.features();
    if (!first) throw new Error('no feature');
    const id = session.add({ geometry: first.geometry, properties: { name: '复制' } });
    session.update(first.id, { properties: { population: 1 } });
    const outcome = await session.save();
    expect(outcome.ok).toBe(true);
    const inserted = (outcome as { result: CommitResult }).result.inserted[0];
    expect(inserted?.handle).toBe(id);
    expect(session.feature(inserted?.id as string)).toMatchObject({ state: 'exist', geometry: first.geometry, properties: { name: '复制' } });
    expect(session.feature(first.id)?.properties.population).toBe(1);
  });
});
