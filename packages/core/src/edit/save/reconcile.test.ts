import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChangeSet } from '../../domain/feature.js';
import type { Polygon } from '../../domain/geometry.js';
import { MapServerError, NetworkError, TimeoutError } from '../../errors/errors.js';
import { createMemoryAdapters, sampleSeed } from '../../memory/index.js';
import { EditSession, JOURNAL_WRITE_TIMEOUT_MS, type EditSessionEvents } from '../index.js';
import { classifyCommitError } from './save-failure.js';
import { sameStoredGeometry, sameStoredValue } from '../changes/index.js';
import { reconcile } from './reconcile.js';
import { testClock } from '../../../test/test-clock.js';

// The window a lost send may still commit in passes at once: these tests do not wait for real.
const clock = testClock();

const POLYGONS = 'store_33:polygon';
const FUZHOU = 'store_33:polygon.1';
const XIAMEN = 'store_33:polygon.2';

function square(lng: number, lat: number, half = 0.05): Polygon {
  return {
    type: 'Polygon',
    coordinates: [[[lng - half, lat - half], [lng + half, lat - half], [lng + half, lat + half], [lng - half, lat + half], [lng - half, lat - half]]],
  };
}

/** A session whose next commit reaches the server but whose answer is lost. */
async function afterLostAnswer() {
  const adapters = createMemoryAdapters(sampleSeed());
  const session = new EditSession({ clock, source: adapters.features, transactions: adapters.transactions, journal: adapters.journal, typeName: POLYGONS });
  const errors: Array<EditSessionEvents['error']> = [];
  session.on('error', (error) => errors.push(error));
  await session.load();
  const commit = adapters.transactions.commit.bind(adapters.transactions);
  const sends = vi.spyOn(adapters.transactions, 'commit').mockImplementationOnce(async (changes: ChangeSet) => {
    await commit(changes);
    throw new NetworkError('socket hang up');
  });
  const rows = async () => (await adapters.features.getFeatures({ typeName: POLYGONS })).features;
  return { adapters, session, errors, sends, rows };
}

describe('reconciling a save whose answer was lost', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps edits made after the lost answer on top of what the server committed', async () => {
    const { session, rows } = await afterLostAnswer();
    const edited = session.add({ geometry: square(118, 24), properties: { name: '甲' } });
    const dropped = session.add({ geometry: square(118.5, 24), properties: { name: '乙' } });
    session.update(FUZHOU, { properties: { name: '榕城' } });
    const failed = await session.save();
    expect(failed).toMatchObject({ ok: false, failure: { kind: 'outcome-unknown', committed: 'unknown' } });
    expect(session.unconfirmedSend).toBe(true);

    session.update(edited, { properties: { population: 7 } });
    session.remove(dropped);
    session.update(FUZHOU, { properties: { population: 1 } });
    const outcome = await session.save();
    expect(outcome.ok).toBe(true);
    expect(session.unconfirmedSend).toBe(false);
    const stored = await rows();
    expect(stored.filter((row) => row.properties.name === '甲').map((row) => row.properties.population)).toEqual([7]);
    expect(stored.some((row) => row.properties.name === '乙')).toBe(false);
    expect(stored.find((row) => row.id === FUZHOU)?.properties).toMatchObject({ name: '榕城', population: 1 });
  });

  it('a reload settles what the lost answer committed, so nothing is shown twice', async () => {
    const { adapters, session } = await afterLostAnswer();
    const drawn = session.add({ geometry: square(118, 24), properties: { name: '戊' } });
    await session.save();
    const features = await session.load();
    expect(features.filter((feature) => feature.properties.name === '戊').map((feature) => feature.state)).toEqual(['exist']);
    expect(session.stateOf(drawn)).toBeUndefined();
    expect(session.unconfirmedSend).toBe(false);

    // A reconciliation that cannot read the server leaves the load done and the send unconfirmed.
    session.add({ geometry: square(118.4, 24), properties: { name: '己' } });
    const commit = adapters.transactions.commit.bind(adapters.transactions);
    vi.spyOn(adapters.transactions, 'commit').mockImplementationOnce(async (changes) => {
      await commit(changes);
      throw new TimeoutError(1000);
    });
    await session.save();
    const getFeatures = adapters.features.getFeatures.bind(adapters.features);
    vi.spyOn(adapters.features, 'getFeatures').mockImplementation((query) => (query.bbox ? Promise.reject(new TimeoutError(1000)) : getFeatures(query)));
    await session.load();
    expect(session.unconfirmedSend).toBe(true);
  });

  it('tells identical inserts apart by count, and never takes a feature that already looked like one', async () => {
    const { adapters, session, rows } = await afterLostAnswer();
    // Xiamen's twin, drawn twice: two inserts equal to a feature the layer already has.
    const xiamen = (await adapters.features.getFeatures({ typeName: POLYGONS, featureIds: [XIAMEN] })).features[0];
    if (!xiamen) throw new Error('no Xiamen');
    session.add({ geometry: xiamen.geometry, properties: xiamen.properties });
    session.add({ geometry: xiamen.geometry, properties: xiamen.properties });
    expect((await session.save()).ok).toBe(false);
    expect((await session.save()).ok).toBe(true);
    expect((await rows()).filter((row) => row.properties.name === xiamen.properties.name)).toHaveLength(3);
  });

  it('sends nothing while the server cannot be read, and says the outcome is still unknown', async () => {
    const { adapters, session, sends, rows } = await afterLostAnswer();
    session.add({ geometry: square(118, 24), properties: { name: '丙' } });
    await session.save();
    const getFeatures = vi.spyOn(adapters.features, 'getFeatures').mockRejectedValueOnce(new TimeoutError(1000));
    const outcome = await session.save();
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'timeout', committed: 'unknown' } });
    expect(!outcome.ok && outcome.failure.message).toMatch(/^the outcome of the last save is still unknown/);
    expect(sends).toHaveBeenCalledTimes(1);
    getFeatures.mockRestore();
    expect((await session.save()).ok).toBe(true);
    expect((await rows()).filter((row) => row.properties.name === '丙')).toHaveLength(1);
  });

  it('keeps an update of a feature someone else deleted meanwhile as a conflict, and settles a delete that went through', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    const session = new EditSession({ clock, source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS });
    await session.load();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.remove(XIAMEN);
    const commit = adapters.transactions.commit.bind(adapters.transactions);
    const sends = vi.spyOn(adapters.transactions, 'commit').mockImplementationOnce(async (changes) => {
      // The delete goes through; before the update can, another client deletes Fuzhou.
      await commit({ ...changes, updates: [], deletes: [...changes.deletes, FUZHOU] });
      throw new TimeoutError(1000);
    });
    expect((await session.save()).ok).toBe(false);
    const outcome = await session.save();
    // The edit is never dropped without a word: the user keeps it (drawn again) or lets it go.
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'conflict', committed: 'nothing-committed' } });
    expect(session.conflicts).toEqual([{ id: FUZHOU, fields: ['name'], theirs: null }]);
    expect(sends).toHaveBeenCalledTimes(1);
    expect(session.pending()).toEqual({ inserts: [], updates: [{ id: FUZHOU, properties: { name: '榕城' } }], deletes: [] });
    expect([session.stateOf(FUZHOU), session.stateOf(XIAMEN)]).toEqual(['update', undefined]);
  });

  it('settles nothing and keeps everything pending when the totals fall short without a failure', async () => {
    const adapters = createMemoryAdapters({ ...sampleSeed(), transactionMode: 'per-action' });
    const session = new EditSession({ clock, source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS });
    await session.load();
    session.remove(FUZHOU);
    session.remove(XIAMEN);
    vi.spyOn(adapters.transactions, 'commit').mockResolvedValueOnce({ inserted: [], totals: { inserted: 0, updated: 0, deleted: 1 }, failures: [] });
    const outcome = await session.save();
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'partial', committed: 'unknown' } });
    expect(!outcome.ok && outcome.failure.failures.map((failure) => [failure.kind, failure.ref, failure.message])).toEqual([
      ['delete', FUZHOU, 'not confirmed by the server'],
      ['delete', XIAMEN, 'not confirmed by the server'],
    ]);
    expect(session.pending().deletes).toEqual([FUZHOU, XIAMEN]);
    expect((await session.save()).ok).toBe(true);
  });
});

describe('restoring a journal with an unconfirmed send', () => {
  it('keeps the send unconfirmed when the server cannot be read, and reconciles it at the next save', async () => {
    const { adapters, session, rows } = await afterLostAnswer();
    session.add({ geometry: square(118, 24), properties: { name: '丁' } });
    await session.save();
    await session.flushJournal();

    const next = new EditSession({ clock, source: adapters.features, transactions: adapters.transactions, journal: adapters.journal, typeName: POLYGONS });
    const errors: Array<EditSessionEvents['error']> = [];
    next.on('error', (error) => errors.push(error));
    await next.load();
    vi.spyOn(adapters.features, 'getFeatures').mockRejectedValueOnce(new TimeoutError(1000));
    expect(await next.restore()).toMatchObject({ inserts: 1 });
    expect(errors.map((error) => error.operation)).toEqual(['restore']);
    expect(next.unconfirmedSend).toBe(true);
    expect((await next.save()).ok).toBe(true);
    expect((await rows()).filter((row) => row.properties.name === '丁')).toHaveLength(1);
  });

  it('reports a journal that cannot be read as a journal error and restores nothing', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    const journal = { save: async () => undefined, clear: async () => undefined, load: () => Promise.reject(new Error('storage denied')) };
    const session = new EditSession({ clock, source: adapters.features, transactions: adapters.transactions, journal, typeName: POLYGONS });
    const errors: Array<EditSessionEvents['error']> = [];
    session.on('error', (error) => errors.push(error));
    expect(await session.restore()).toBeNull();
    expect(errors).toEqual([{ operation: 'journal', error: expect.any(Error), message: 'storage denied' }]);
    expect(session.features()).toHaveLength(8);
  });
});

describe('reconcile comparisons', () => {
  it('accepts what a server does to stored values: rounding, single-part promotion, dates as text', () => {
    expect(sameStoredGeometry(square(118, 24), { type: 'MultiPolygon', coordinates: [square(118, 24).coordinates] })).toBe(true);
    expect(sameStoredGeometry({ type: 'Point', coordinates: [118.123456789, 24] }, { type: 'Point', coordinates: [118.12345679, 24] })).toBe(true);
    expect(sameStoredGeometry({ type: 'Point', coordinates: [118.1, 24] }, { type: 'Point', coordinates: [118.2, 24] })).toBe(false);
    expect(sameStoredGeometry(square(118, 24), { type: 'LineString', coordinates: [[118, 24]] })).toBe(false);
    expect(sameStoredValue(new Date('2020-01-02T00:00:00Z'), '2020-01-02')).toBe(true);
    expect(sameStoredValue(0.1 + 0.2, 0.3)).toBe(true);
    expect(sameStoredValue('a', 'b')).toBe(false);
    expect(sameStoredValue(null, undefined)).toBe(true);
  });

  it('narrows insert candidates by their text and number properties, and finds nothing that is not there', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    const getFeatures = vi.spyOn(adapters.features, 'getFeatures');
    const found = await reconcile(adapters.features, POLYGONS, { inserts: [{ handle: 'h', geometry: square(118, 24), properties: { name: '甲', population: 1 } }], updates: [], deletes: [] }, { ids: [], complete: true });
    expect(found.inserted.size).toBe(0);
    expect(getFeatures.mock.calls[0]?.[0]).toMatchObject({
      filter: { op: 'and', filters: [{ op: 'eq', property: 'name', value: '甲' }, { op: 'ge', property: 'population' }, { op: 'le', property: 'population' }] },
    });
  });
});

describe('save failure classification', () => {
  it.each([
    [new NetworkError('refused', { requestSent: false }), 'connection-refused', 'nothing-committed'],
    [new NetworkError('reset'), 'outcome-unknown', 'unknown'],
    [new TimeoutError(5), 'timeout', 'unknown'],
    [new MapServerError({ status: 200, code: 'MalformedResponse', text: 'x' }), 'malformed-answer', 'unknown'],
    [new MapServerError({ status: 200, code: 'NoApplicableCode', text: 'x' }), 'server-error', 'nothing-committed'],
    [new MapServerError({ status: 400, text: 'bad request' }), 'server-error', 'nothing-committed'],
    [new MapServerError({ status: 502, text: 'Bad Gateway' }), 'server-error', 'unknown'],
    [new Error('anything else'), 'server-error', 'unknown'],
  ])('%s → %s, %s', (error, kind, committed) => {
    expect(classifyCommitError(error)).toEqual({ kind, committed });
  });
});

describe('EditSession journal writes and handlers', () => {
  afterEach(() => vi.useRealTimers());

  it('reports a journal write that does not settle in time, and keeps the edit', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    const journal = { save: () => new Promise<void>(() => undefined), load: async () => null, clear: async () => undefined };
    const session = new EditSession({ clock, source: adapters.features, transactions: adapters.transactions, journal, typeName: POLYGONS });
    const errors: Array<EditSessionEvents['error']> = [];
    session.on('error', (error) => errors.push(error));
    await session.load();
    vi.useFakeTimers();
    const id = session.add({ geometry: square(118, 24) });
    await vi.advanceTimersByTimeAsync(JOURNAL_WRITE_TIMEOUT_MS);
    await session.flushJournal();
    expect(errors).toEqual([{ operation: 'journal', error: expect.any(TimeoutError), message: `journal of ${POLYGONS}: not done within ${JOURNAL_WRITE_TIMEOUT_MS} ms` }]);
    expect(session.stateOf(id)).toBe('insert');
  });

  it('hands an error thrown by an error handler to the host on a fresh task, and carries on', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    const session = new EditSession({ clock, source: adapters.features, transactions: adapters.transactions, typeName: 'nosuch' });
    const scheduled: Array<() => void> = [];
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void) => {
      scheduled.push(callback);
      return 0;
    }) as unknown as typeof setTimeout);
    session.on('error', () => {
      throw new Error('error handler bug');
    });
    await expect(session.load()).rejects.toThrow();
    vi.mocked(globalThis.setTimeout).mockRestore();
    expect(scheduled).toHaveLength(1);
    expect(() => scheduled[0]?.()).toThrow('error handler bug');
  });
});
