import { describe, expect, it, vi } from 'vitest';
import type { ChangeSet } from '../domain/feature.js';
import type { Point } from '../domain/geometry.js';
import type { JournalEntry } from '../domain/journal.js';
import { MapServerError, NetworkError, TimeoutError, ValidationError } from '../errors/errors.js';
import { createMemoryAdapters, MemoryEditJournal, sampleSeed } from '../memory/index.js';
import type { EditJournal } from '../ports/edit-journal.port.js';
import { EditSession, type EditSessionEvents } from './index.js';
import { JournalWriter } from './journal/journal-writer.js';
import { RECONCILE_MAX_CANDIDATES } from './save/reconcile.js';
import { square } from '../../test/shapes.js';
import { testClock } from '../../test/test-clock.js';

// The window a lost send may still commit in passes at once: these tests do not wait for real.
const clock = testClock();

// Issue 23, section 2: the paths that lost, duplicated or blocked an edit, each through the public API.

const POLYGONS = 'store_33:polygon';
const POINTS = 'store_33:point';
const FUZHOU = 'store_33:polygon.1';


function setup(typeName = POLYGONS, options: { maxFeatures?: number; journal?: EditJournal } = {}) {
  const adapters = createMemoryAdapters(sampleSeed());
  const journal = options.journal ?? adapters.journal;
  const open = () =>
    new EditSession({ clock,
      source: adapters.features,
      transactions: adapters.transactions,
      typeName,
      journal,
      ...(options.maxFeatures === undefined ? {} : { maxFeatures: options.maxFeatures }),
    });
  const session = open();
  const errors: Array<EditSessionEvents['error']> = [];
  session.on('error', (payload) => errors.push(payload));
  const rows = async () => (await adapters.features.getFeatures({ typeName, maxFeatures: 100_000 })).features;
  return { adapters, session, journal, errors, rows, open };
}

/** The next commit reaches the server and commits, but its answer is lost. */
function loseNextAnswer(adapters: ReturnType<typeof createMemoryAdapters>) {
  const commit = adapters.transactions.commit.bind(adapters.transactions);
  return vi.spyOn(adapters.transactions, 'commit').mockImplementationOnce(async (changes: ChangeSet) => {
    await commit(changes);
    throw new NetworkError('socket hang up');
  });
}

describe('1. a value the journal cannot record', () => {
  it('is a ValidationError at add and update: Invalid Date, NaN, ±Infinity, a value of the wrong type; the journal and saves carry on', async () => {
    const { session, journal, rows } = setup();
    // Before the schema is known, what no journal can record is refused already.
    expect(() => session.add({ geometry: square(118, 24), properties: { founded: new Date('10000-01-01T00:00:00Z') } })).toThrow(ValidationError);
    await session.load();
    const refused: Array<Record<string, unknown>> = [
      { founded: new Date('10000-01-01T00:00:00Z') },
      { population: Number.NaN },
      { population: Number.POSITIVE_INFINITY },
      { area_km2: Number.NEGATIVE_INFINITY },
      { population: 'many' },
      { founded: '1949-08-17' },
      { is_capital: 1 },
      { name: { text: '福州' } },
    ];
    for (const properties of refused) {
      expect(() => session.update(FUZHOU, { properties: properties as never }), JSON.stringify(properties)).toThrow(ValidationError);
      expect(() => session.add({ geometry: square(118, 24), properties: properties as never })).toThrow(ValidationError);
    }
    expect(session.pending()).toEqual({ inserts: [], updates: [], deletes: [] });

    // The journal and saves work as before.
    session.update(FUZHOU, { properties: { founded: new Date('2020-01-02T00:00:00Z'), population: 1 } });
    await session.flushJournal();
    expect((await journal.load(POLYGONS))?.updates).toEqual([
      {
        id: FUZHOU,
        properties: { founded: { $date: '2020-01-02T00:00:00.000Z' }, population: 1 },
        base: { properties: { founded: { $date: '1949-08-17T00:00:00.000Z' }, population: 8_290_000 } },
      },
    ]);
    expect((await session.save()).ok).toBe(true);
    expect((await rows()).find((row) => row.id === FUZHOU)?.properties.population).toBe(1);
  });

  it('a journal write that fails for any reason, even building its entry, is reported and never blocks later writes', async () => {
    const journal = new MemoryEditJournal();
    const errors: unknown[] = [];
    let calls = 0;
    const entry = (): JournalEntry => {
      calls += 1;
      if (calls === 1) throw new RangeError('Invalid time value');
      return { version: 1, typeName: POLYGONS, savedAt: '2026-11-20T10:00:00.000Z', inserts: [], updates: [], deletes: [FUZHOU] };
    };
    const writer = new JournalWriter({ journal, typeName: POLYGONS, entry, onError: (error) => errors.push(error) });
    await expect(writer.write()).resolves.toMatchObject({ ok: false });
    expect(errors).toEqual([expect.any(RangeError)]);
    await expect(writer.write()).resolves.toEqual({ ok: true });
    await writer.flush();
    expect((await journal.load(POLYGONS))?.deletes).toEqual([FUZHOU]);
  });
});

describe('2. a look-alike outside the loaded window', () => {
  it('never swallows an insert: a row that existed before the send is never taken for it', async () => {
    // Two of eight loaded; 莆田 (polygon.5) is not among them.
    const { adapters, session, rows } = setup(POLYGONS, { maxFeatures: 2 });
    await session.load();
    const putian = (await adapters.features.getFeatures({ typeName: POLYGONS, featureIds: ['store_33:polygon.5'] })).features[0];
    if (!putian) throw new Error('no 莆田');
    session.add({ geometry: putian.geometry, properties: putian.properties });
    // A proxy's 502: nothing committed, though the session cannot know it.
    vi.spyOn(adapters.transactions, 'commit').mockRejectedValueOnce(new MapServerError({ status: 502, text: 'Bad Gateway' }));
    expect(await session.save()).toMatchObject({ ok: false, failure: { committed: 'unknown' } });
    expect((await session.save()).ok).toBe(true);
    expect((await rows()).filter((row) => row.properties.name === putian.properties.name)).toHaveLength(2);
    expect(session.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
  });
});

describe('3. a committed insert among more look-alikes than one read takes', () => {
  const here: Point = { type: 'Point', coordinates: [118.5, 24.5] };
  async function crowded(population?: number) {
    const context = setup(POINTS);
    await context.adapters.transactions.commit({
      typeName: POINTS,
      inserts: Array.from({ length: RECONCILE_MAX_CANDIDATES + 100 }, (_, index) => ({ handle: `h${index}`, geometry: here, properties: { name: '甲', population: population ?? index + 1 } })),
      updates: [],
      deletes: [],
    });
    await context.session.load();
    return context;
  }

  it('is found, not sent again', async () => {
    const { adapters, session, rows } = await crowded();
    session.add({ geometry: here, properties: { name: '甲', population: 9_999 } });
    loseNextAnswer(adapters);
    expect(await session.save()).toMatchObject({ ok: false, failure: { kind: 'outcome-unknown' } });
    expect((await session.save()).ok).toBe(true);
    expect((await rows()).filter((row) => row.properties.population === 9_999)).toHaveLength(1);
    expect(session.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
  });

  it('when it cannot be proven either way, stays pending, is not sent again, and is kept or discarded as the user says', async () => {
    const { adapters, session, rows, open } = await crowded(7);
    const drawn = session.add({ geometry: here, properties: { name: '甲', population: 7 } });
    loseNextAnswer(adapters);
    await session.save();
    const sends = vi.spyOn(adapters.transactions, 'commit');
    sends.mockClear();
    await session.save();
    expect(session.undecidedInserts).toEqual([drawn]);
    expect(session.stateOf(drawn)).toBe('insert');
    expect(sends).not.toHaveBeenCalled();
    // Saving again still sends nothing of it, and a reload asks again.
    await session.save();
    expect(sends).not.toHaveBeenCalled();
    await session.flushJournal();
    const reloaded = open();
    await reloaded.restore();
    expect(reloaded.undecidedInserts).toEqual([drawn]);
    session.decideInsert(drawn, 'discard');
    expect(session.undecidedInserts).toEqual([]);
    expect(session.pending().inserts).toEqual([]);
    expect((await rows()).filter((row) => row.properties.population === 7)).toHaveLength(RECONCILE_MAX_CANDIDATES + 101);
  });
});

describe('4. local ids', () => {
  it('are never reused within a layer`s journal: a new drawing never takes over the row of an unconfirmed insert', async () => {
    const { adapters, session, journal, rows, open } = setup();
    await session.load();
    const first = session.add({ geometry: square(118, 24), properties: { name: '甲' } });
    loseNextAnswer(adapters);
    await session.save();
    await session.flushJournal();

    // A reload while the server cannot be read: the send stays unconfirmed.
    const getFeatures = adapters.features.getFeatures.bind(adapters.features);
    const reads = vi.spyOn(adapters.features, 'getFeatures').mockImplementation((query) => (query.bbox ? Promise.reject(new TimeoutError(1000)) : getFeatures(query)));
    const reloaded = open();
    await reloaded.restore();
    expect(reloaded.stateOf(first)).toBe('insert');
    reloaded.remove(first);
    const second = reloaded.add({ geometry: square(117, 25), properties: { name: '乙' } });
    expect(second).not.toBe(first);
    await reloaded.flushJournal();
    expect((await journal.load(POLYGONS))?.lastLocalId).toBeGreaterThanOrEqual(2);

    reads.mockRestore();
    expect((await reloaded.save()).ok).toBe(true);
    const stored = await rows();
    // The first drawing was committed and then removed by the user; the second is a row of its own.
    expect(stored.filter((row) => row.properties.name === '甲')).toHaveLength(0);
    expect(stored.filter((row) => row.properties.name === '乙')).toHaveLength(1);
  });
});

describe('6. a journal from an older schema', () => {
  it('never blocks a save: restore drops properties the layer no longer has and names them, and keeps a draft that no longer fits aside', async () => {
    const { session, journal, rows } = setup();
    await journal.save({
      version: 1,
      typeName: POLYGONS,
      savedAt: '2026-11-20T10:00:00.000Z',
      inserts: [
        { handle: 'new-1', geometry: square(118, 24), properties: { name: '甲', district: '鼓楼' } },
        { handle: 'new-2', geometry: { type: 'Point', coordinates: [118, 24] }, properties: { name: '乙' } },
      ],
      updates: [{ id: FUZHOU, properties: { name: '榕城', mayor: '某' } }],
      deletes: [],
    });
    const report = await session.restore();
    expect(report).toEqual({ inserts: 1, updates: 1, deletes: 0, dropped: [], droppedProperties: ['district', 'mayor'], setAside: ['new-2'] });
    expect(session.stateOf('new-2')).toBeUndefined();
    expect((await session.save()).ok).toBe(true);
    const stored = await rows();
    expect(stored.filter((row) => row.properties.name === '甲')).toHaveLength(1);
    expect(stored.find((row) => row.id === FUZHOU)?.properties.name).toBe('榕城');
    // The drawing set aside is not lost: the journal keeps it.
    await session.flushJournal();
    expect((await journal.load(POLYGONS))?.aside?.map((insert) => insert.handle)).toEqual(['new-2']);
  });
});

describe('7. full browser storage', () => {
  it('never blocks a save: the save goes through and the journal failure is reported', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    const full = Object.assign(new Error('browser storage is full'), { name: 'QuotaExceededError' });
    const journal: EditJournal = { save: () => Promise.reject(full), clear: async () => undefined, load: async () => null };
    const session = new EditSession({ clock, source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, journal });
    const errors: Array<EditSessionEvents['error']> = [];
    session.on('error', (error) => errors.push(error));
    await session.load();
    session.add({ geometry: square(118, 24), properties: { name: '满' } });
    const outcome = await session.save();
    expect(outcome).toMatchObject({ ok: true, result: { totals: { inserted: 1 } } });
    expect(errors.map((error) => [error.operation, error.error])).toContainEqual(['journal', full]);
    expect((await adapters.features.getFeatures({ typeName: POLYGONS })).features.filter((row) => row.properties.name === '满')).toHaveLength(1);
  });
});
