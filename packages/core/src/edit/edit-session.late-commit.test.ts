import { describe, expect, it, vi } from 'vitest';
import type { ChangeSet, CommitResult } from '../domain/feature.js';
import { TimeoutError } from '../errors/errors.js';
import { createMemoryAdapters, MemoryEditJournal, sampleSeed } from '../memory/index.js';
import { DEFAULT_UNKNOWN_OUTCOME_WINDOW_MS, EditSession, type SessionClock } from './index.js';
import { square } from '../../test/shapes.js';
import { testClock } from '../../test/test-clock.js';

// A transaction whose sender stopped waiting (a timeout, a dropped connection) may still be
// running on the server and commit a moment later. The next save must not take "not there yet"
// for "never committed": sending the insert again stores it twice, sending a newer value of the
// same update lets the late commit overwrite it with the older one.

const POLYGONS = 'store_33:polygon';
const FUZHOU = 'store_33:polygon.1';


/**
 * The server keeps running the next commit after its caller gave up: the caller sees a timeout
 * at once, the commit lands when `land()` is called.
 */
function commitLandingLate(adapters: ReturnType<typeof createMemoryAdapters>) {
  const commit = adapters.transactions.commit.bind(adapters.transactions);
  let land: () => Promise<CommitResult> = () => Promise.reject(new Error('nothing was sent'));
  vi.spyOn(adapters.transactions, 'commit').mockImplementationOnce(async (changes: ChangeSet) => {
    land = () => commit(changes);
    throw new TimeoutError(30_000);
  });
  return { land: () => land() };
}

/** A clock whose first wait is the time the late commit lands in. */
function clockLandingDuring(late: { land(): Promise<unknown> }): SessionClock & { waits: number[] } {
  const clock = testClock();
  let landed = false;
  return {
    ...clock,
    waits: clock.waits,
    sleep: async (ms) => {
      await clock.sleep(ms);
      if (!landed) {
        landed = true;
        await late.land();
      }
    },
  };
}

async function rowsNamed(adapters: ReturnType<typeof createMemoryAdapters>, name: string) {
  return (await adapters.features.getFeatures({ typeName: POLYGONS, maxFeatures: 10_000 })).features.filter((row) => row.properties.name === name);
}

describe('a save after one whose answer was lost, while that one may still commit', () => {
  it('waits for the lost one to land instead of inserting its drawing a second time', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    const late = commitLandingLate(adapters);
    const clock = clockLandingDuring(late);
    const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, clock });
    await session.load();
    session.add({ geometry: square(117.2, 23.2), properties: { name: '迟到' } });

    const lost = await session.save();
    expect(lost.ok || lost.failure.kind).toBe('timeout');
    const next = await session.save();

    expect(next.ok).toBe(true);
    expect(await rowsNamed(adapters, '迟到')).toHaveLength(1);
    expect(clock.waits).toEqual([DEFAULT_UNKNOWN_OUTCOME_WINDOW_MS]);
    expect(session.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
  });

  it('keeps the newer value of an update the late commit would otherwise overwrite', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    const late = commitLandingLate(adapters);
    const clock = clockLandingDuring(late);
    const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, clock });
    await session.load();
    session.update(FUZHOU, { properties: { name: '旧名' } });
    await session.save();
    session.update(FUZHOU, { properties: { name: '新名' } });

    const next = await session.save();

    expect(next.ok).toBe(true);
    const [stored] = (await adapters.features.getFeatures({ typeName: POLYGONS, featureIds: [FUZHOU] })).features;
    expect(stored?.properties.name).toBe('新名');
    expect(clock.waits).toHaveLength(1);
  });

  it('waits only what is left of the window, and sends again once it has passed with nothing landed', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    commitLandingLate(adapters);
    const clock = testClock();
    const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, clock, unknownOutcomeWindowMs: 10_000 });
    const told: number[] = [];
    session.on('save:waiting', ({ ms }) => told.push(ms));
    await session.load();
    session.add({ geometry: square(117.4, 23.4), properties: { name: '没到' } });
    await session.save();
    await clock.sleep(4_000);

    const next = await session.save();

    expect(next.ok).toBe(true);
    expect(clock.waits).toEqual([4_000, 6_000]);
    expect(told).toEqual([6_000]);
    expect(await rowsNamed(adapters, '没到')).toHaveLength(1);
  });

  it('does not wait when everything the lost send held is found committed', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    const late = commitLandingLate(adapters);
    const clock = testClock();
    const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, clock });
    await session.load();
    session.add({ geometry: square(117.6, 23.6), properties: { name: '已到' } });
    await session.save();
    await late.land();

    expect((await session.save()).ok).toBe(true);
    expect(clock.waits).toEqual([]);
    expect(await rowsNamed(adapters, '已到')).toHaveLength(1);
  });

  it('carries the window in the journal: a tab restoring a send cut off by a reload waits before sending it', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    const journal = new MemoryEditJournal();
    const late = commitLandingLate(adapters);
    const clock = clockLandingDuring(late);
    const first = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, journal, clock });
    await first.load();
    first.add({ geometry: square(117.8, 23.8), properties: { name: '重载' } });
    await first.save();
    const entry = await journal.load(POLYGONS);
    expect(entry?.unconfirmed?.sentAt).toBe(clock.now());
    expect(entry?.unconfirmed?.unknownAt).toBe(clock.now());

    const reloaded = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, journal, clock });
    await reloaded.restore();
    expect((await reloaded.save()).ok).toBe(true);

    expect(clock.waits).toHaveLength(1);
    expect(await rowsNamed(adapters, '重载')).toHaveLength(1);
  });
});

/** The next commit goes through on the server, and its answer is lost (the caller sees a timeout). */
function commitAnswerLost(adapters: ReturnType<typeof createMemoryAdapters>) {
  const commit = adapters.transactions.commit.bind(adapters.transactions);
  vi.spyOn(adapters.transactions, 'commit').mockImplementationOnce(async (changes: ChangeSet) => {
    await commit(changes);
    throw new TimeoutError(30_000);
  });
}

/** Another user's session changes the stored feature named `name`, as one who loaded it after it was committed. */
async function changedByAnother(adapters: ReturnType<typeof createMemoryAdapters>, name: string, population: number): Promise<void> {
  const other = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, clock: testClock() });
  await other.load();
  const copy = other.features().find((feature) => feature.properties.name === name);
  if (!copy) throw new Error(`no ${name} stored`);
  other.update(copy.id, { geometry: square(118.9, 25.9), properties: { population } });
  expect((await other.save()).ok).toBe(true);
}

/** Another user's session changes one property of the stored feature `id`. */
async function changedByAnotherId(adapters: ReturnType<typeof createMemoryAdapters>, id: string, population: number): Promise<void> {
  const other = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, clock: testClock() });
  await other.load();
  other.update(id, { properties: { population } });
  expect((await other.save()).ok).toBe(true);
}

describe('a lost send whose drawing another user changed before this session looked', () => {
  it('never sends the drawing again: a feature it never held shares its values, so the user decides', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    commitAnswerLost(adapters);
    const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, clock: testClock() });
    await session.load();
    const handle = session.add({ geometry: square(117.1, 23.1), properties: { name: '改过', population: 10 } });
    expect((await session.save()).ok).toBe(false);
    await changedByAnother(adapters, '改过', 11);

    await session.save();

    expect(await rowsNamed(adapters, '改过')).toHaveLength(1);
    expect(session.undecidedInserts).toEqual([handle]);
  });

  it('keeps what the first look found committed when the second look, after the wait, finds it changed', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    commitAnswerLost(adapters);
    const waited = testClock();
    // Another user changes the committed drawing while the session waits for the rest of the send.
    const clock: SessionClock = {
      now: waited.now,
      sleep: async (ms) => {
        await waited.sleep(ms);
        await changedByAnother(adapters, '先找到', 21);
      },
    };
    const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, clock });
    await session.load();
    session.add({ geometry: square(117.3, 23.3), properties: { name: '先找到', population: 20 } });
    // Sent with it, and overwritten by a third user before the session looks: not found, so it waits.
    session.update(FUZHOU, { properties: { population: 1 } });
    expect((await session.save()).ok).toBe(false);
    await changedByAnotherId(adapters, FUZHOU, 2);

    await session.save();

    expect(waited.waits).toHaveLength(1);
    expect(await rowsNamed(adapters, '先找到')).toHaveLength(1);
    expect(session.undecidedInserts).toEqual([]);
    expect(session.pending().inserts).toEqual([]);
  });
});

/** A clock on which, while the session waits out a lost send, a third user sets 福州's population back to `before`. */
function settingBackWhileWaiting(adapters: ReturnType<typeof createMemoryAdapters>, before: number): SessionClock {
  const waited = testClock();
  return {
    now: waited.now,
    sleep: async (ms) => {
      await waited.sleep(ms);
      await changedByAnotherId(adapters, FUZHOU, before);
    },
  };
}

describe('a lost update another user overwrote and a third set back, before this session looked again', () => {
  it('is a conflict, never sent again over them: the value set back looks unchanged, but the feature was not', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    const [loaded] = (await adapters.features.getFeatures({ typeName: POLYGONS, featureIds: [FUZHOU] })).features;
    const before = loaded?.properties.population as number;
    commitAnswerLost(adapters);
    const clock = settingBackWhileWaiting(adapters, before);
    const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, clock });
    await session.load();
    session.update(FUZHOU, { properties: { population: 1 } });
    expect((await session.save()).ok).toBe(false);
    // Committed, then overwritten by another user before the session looks.
    await changedByAnotherId(adapters, FUZHOU, 2);

    const next = await session.save();

    expect(next.ok || next.failure.kind).toBe('conflict');
    expect(next.ok || next.failure.conflicts?.map(({ id, fields, theirs }) => ({ id, fields, population: theirs?.properties.population }))).toEqual([
      { id: FUZHOU, fields: ['population'], population: before },
    ]);
    const [stored] = (await adapters.features.getFeatures({ typeName: POLYGONS, featureIds: [FUZHOU] })).features;
    expect(stored?.properties.population).toBe(before);

    // Kept as mine, knowingly: the next save sends it.
    session.resolveConflict(FUZHOU, 'mine');
    expect((await session.save()).ok).toBe(true);
    const [kept] = (await adapters.features.getFeatures({ typeName: POLYGONS, featureIds: [FUZHOU] })).features;
    expect(kept?.properties.population).toBe(1);
  });
});

describe('a contested edit across a reload', () => {
  it('stays a conflict after the page reloads between the reconciliation and the check', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    const journal = new MemoryEditJournal();
    const [loaded] = (await adapters.features.getFeatures({ typeName: POLYGONS, featureIds: [FUZHOU] })).features;
    const before = loaded?.properties.population as number;
    commitAnswerLost(adapters);
    const clock = settingBackWhileWaiting(adapters, before);
    const first = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, journal, clock });
    await first.load();
    first.update(FUZHOU, { properties: { population: 1 } });
    expect((await first.save()).ok).toBe(false);
    await changedByAnotherId(adapters, FUZHOU, 2);
    // The check's read after the two looks fails: the save stops there, the page is reloaded.
    const read = adapters.features.getFeatures.bind(adapters.features);
    let byIds = 0;
    const failing = vi.spyOn(adapters.features, 'getFeatures').mockImplementation(async (query) => {
      if (query.featureIds && ++byIds === 3) throw new TimeoutError(30_000);
      return read(query);
    });
    expect((await first.save()).ok).toBe(false);
    await first.flushJournal();
    failing.mockRestore();
    expect((await journal.load(POLYGONS))?.contested).toEqual({ [FUZHOU]: ['population'] });

    const reloaded = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, journal, clock: testClock() });
    await reloaded.restore();
    const next = await reloaded.save();

    expect(next.ok || next.failure.conflicts?.map((conflict) => conflict.id)).toEqual([FUZHOU]);
    const [stored] = (await adapters.features.getFeatures({ typeName: POLYGONS, featureIds: [FUZHOU] })).features;
    expect(stored?.properties.population).toBe(before);
  });
});
