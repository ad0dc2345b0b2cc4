import { describe, expect, it, vi } from 'vitest';
import type { ChangeSet, CommitResult } from '../domain/feature.js';
import type { Polygon } from '../domain/geometry.js';
import { MapServerError, TimeoutError } from '../errors/errors.js';
import { createMemoryAdapters, MemoryEditJournal, sampleSeed } from '../memory/index.js';
import type { EditJournal } from '../ports/edit-journal.port.js';
import { EditSession, type EditSessionEvents } from './index.js';

// The five failure paths of issue 10, each reproduced on the in-memory adapters.

const POLYGONS = 'store_33:polygon';
const FUZHOU = 'store_33:polygon.1';
const XIAMEN = 'store_33:polygon.2';

function square(lng: number, lat: number, half = 0.05): Polygon {
  return {
    type: 'Polygon',
    coordinates: [[[lng - half, lat - half], [lng + half, lat - half], [lng + half, lat + half], [lng - half, lat + half], [lng - half, lat - half]]],
  };
}

function setup(options: { mode?: 'atomic' | 'per-action'; maxFeatures?: number; journal?: EditJournal } = {}) {
  const adapters = createMemoryAdapters({ ...sampleSeed(), transactionMode: options.mode ?? 'atomic' });
  const journal = options.journal ?? adapters.journal;
  const session = new EditSession({
    source: adapters.features,
    transactions: adapters.transactions,
    typeName: POLYGONS,
    journal,
    ...(options.maxFeatures === undefined ? {} : { maxFeatures: options.maxFeatures }),
  });
  const errors: Array<EditSessionEvents['error']> = [];
  session.on('error', (payload) => errors.push(payload));
  const rows = async () => (await adapters.features.getFeatures({ typeName: POLYGONS })).features;
  return { adapters, session, journal, errors, rows };
}

describe('EditSession failure paths (issue 10)', () => {
  it('1. a reload whose by-id fetch fails keeps every pending change (the reload is staged)', async () => {
    const first = setup();
    await first.session.load();
    first.session.update(XIAMEN, { properties: { name: '鹭岛' } });
    await first.session.flushJournal();

    // A session with a window of one feature: Xiamen's update is brought in by id.
    const { adapters } = first;
    const second = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, maxFeatures: 1, journal: first.journal });
    await second.restore();
    const drawn = second.add({ geometry: square(118, 24), properties: { name: '新' } });
    const before = second.pending();
    expect(before.updates).toHaveLength(1);

    const getFeatures = adapters.features.getFeatures.bind(adapters.features);
    vi.spyOn(adapters.features, 'getFeatures').mockImplementation(async (query) => {
      if (query.featureIds) throw new MapServerError({ status: 503, text: 'Service unavailable' });
      return getFeatures(query);
    });
    await expect(second.load()).rejects.toThrow('Service unavailable');
    expect(second.pending()).toEqual(before);
    expect(second.stateOf(drawn)).toBe('insert');
    expect(second.stateOf(XIAMEN)).toBe('update');
    await second.flushJournal();
    expect((await first.journal.load(POLYGONS))?.updates).toEqual([{ id: XIAMEN, properties: { name: '鹭岛' }, base: { properties: { name: '厦门' } } }]);
  });

  it('2. a retry after a commit whose answer was lost does not insert, update or delete twice', async () => {
    const { adapters, session, rows } = setup();
    await session.load();
    const rowsBefore = (await rows()).length;
    session.add({ geometry: square(118, 24), properties: { name: '新' } });
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.remove(XIAMEN);
    const commit = adapters.transactions.commit.bind(adapters.transactions);
    vi.spyOn(adapters.transactions, 'commit').mockImplementationOnce(async (changes: ChangeSet) => {
      await commit(changes);
      throw new TimeoutError(30_000);
    });
    const failed = await session.save();
    expect(failed.ok).toBe(false);
    const retry = await session.save();
    expect(retry.ok).toBe(true);
    expect(await rows()).toHaveLength(rowsBefore);
    expect((await rows()).filter((row) => row.properties.name === '新')).toHaveLength(1);
    expect(session.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
  });

  it('3. an update whose failure report matches no sent action stays pending', async () => {
    const { adapters, session, journal } = setup({ mode: 'per-action' });
    await session.load();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    // QGIS Server names a failed action by a locator of its own when it cannot use the handle.
    vi.spyOn(adapters.transactions, 'commit').mockResolvedValueOnce({
      inserted: [],
      totals: { inserted: 0, updated: 0, deleted: 0 },
      failures: [{ kind: 'update', ref: `Update:${POLYGONS}`, message: 'NOT NULL constraint error' }],
    } satisfies CommitResult);
    const outcome = await session.save();
    expect(outcome.ok).toBe(false);
    expect(session.stateOf(FUZHOU)).toBe('update');
    expect(session.pending().updates).toEqual([{ id: FUZHOU, properties: { name: '榕城' } }]);
    await session.flushJournal();
    expect((await journal.load(POLYGONS))?.updates).toEqual([{ id: FUZHOU, properties: { name: '榕城' }, base: { properties: { name: '福州' } } }]);
  });

  it('4. a journal that could not be cleared after a committed save is not replayed by a restore', async () => {
    const journal = new MemoryEditJournal();
    const { adapters, session, rows } = setup({ journal });
    await session.load();
    const rowsBefore = (await rows()).length;
    session.add({ geometry: square(118, 24), properties: { name: '新' } });
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.remove(XIAMEN);
    vi.spyOn(journal, 'clear').mockRejectedValue(new Error('storage refused'));
    expect((await session.save()).ok).toBe(true);
    await session.flushJournal();

    // A page reload: a new session restores whatever the journal still holds.
    const next = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, journal });
    await next.restore();
    expect(next.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
    expect((await next.save()).ok).toBe(true);
    expect(await rows()).toHaveLength(rowsBefore);
    expect((await rows()).filter((row) => row.properties.name === '新')).toHaveLength(1);
  });

  it('5. a throwing save:success handler is reported and does not change the outcome of a committed save', async () => {
    const { session, errors, rows } = setup();
    await session.load();
    session.add({ geometry: square(118, 24), properties: { name: '新' } });
    session.on('save:success', () => {
      throw new Error('handler bug');
    });
    const seen: string[] = [];
    session.on('save:success', () => seen.push('second handler'));
    const outcome = await session.save();
    expect(outcome.ok).toBe(true);
    expect(seen).toEqual(['second handler']);
    expect(errors).toEqual([{ operation: 'handler', error: expect.any(Error), message: 'save:success handler: handler bug' }]);
    expect(session.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
    expect((await rows()).filter((row) => row.properties.name === '新')).toHaveLength(1);
  });
});
