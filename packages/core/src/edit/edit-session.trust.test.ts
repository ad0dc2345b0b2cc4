import { describe, expect, it, vi } from 'vitest';
import type { ChangeSet, CommitResult } from '../domain/feature.js';
import type { Point, Polygon } from '../domain/geometry.js';
import { TimeoutError, ValidationError } from '../errors/errors.js';
import { createMemoryAdapters, MemoryEditJournal, sampleSeed } from '../memory/index.js';
import { EditSession } from './index.js';
import { RECONCILE_MAX_CANDIDATES } from './save/reconcile.js';
import { square } from '../../test/shapes.js';
import { testClock } from '../../test/test-clock.js';

// The window a lost send may still commit in passes at once: these tests do not wait for real.
const clock = testClock();

// Ways an edit was lost, saved twice or stuck, each through the public API.

const POLYGONS = 'store_33:polygon';
const POINTS = 'store_33:point';
const FUZHOU = 'store_33:polygon.1';
const XIAMEN = 'store_33:polygon.2';


async function opened(typeName = POLYGONS) {
  const adapters = createMemoryAdapters(sampleSeed());
  const open = (journal = adapters.journal) => new EditSession({ clock, source: adapters.features, transactions: adapters.transactions, typeName, journal });
  const session = open();
  await session.load();
  const rows = async () => (await adapters.features.getFeatures({ typeName, maxFeatures: 100_000 })).features;
  const otherDeletes = (id: string) => adapters.transactions.commit({ typeName, inserts: [], updates: [], deletes: [id] });
  return { adapters, session, rows, open, otherDeletes };
}

describe('an edit of a feature another user deleted', () => {
  it('survives a load: kept with the edit, listed as a conflict with theirs null, never dropped', async () => {
    const { session, otherDeletes } = await opened();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    await otherDeletes(FUZHOU);
    await session.load();
    expect(session.stateOf(FUZHOU)).toBe('update');
    expect(session.feature(FUZHOU)?.properties.name).toBe('榕城');
    expect(session.conflicts).toEqual([{ id: FUZHOU, fields: ['name'], theirs: null }]);
    expect(session.pending().updates).toEqual([{ id: FUZHOU, properties: { name: '榕城' } }]);
    // Saving stops on it as well, until the user chooses; 'mine' draws it again.
    expect(await session.save()).toMatchObject({ ok: false, failure: { kind: 'conflict' } });
    session.resolveConflict(FUZHOU, 'mine');
    expect(session.pending().inserts).toHaveLength(1);
    expect(session.pending().inserts[0]?.properties.name).toBe('榕城');
  });

  it('survives a save that timed out before it reached the server: the next save reports the conflict, it does not say saved', async () => {
    const { adapters, session, otherDeletes } = await opened();
    session.update(XIAMEN, { properties: { name: '鹭岛' } });
    vi.spyOn(adapters.transactions, 'commit').mockRejectedValueOnce(new TimeoutError(30_000));
    expect(await session.save()).toMatchObject({ ok: false, failure: { kind: 'timeout', committed: 'unknown' } });
    await otherDeletes(XIAMEN);
    const outcome = await session.save();
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'conflict' } });
    expect(session.conflicts).toEqual([{ id: XIAMEN, fields: ['name'], theirs: null }]);
    expect(session.feature(XIAMEN)?.properties.name).toBe('鹭岛');
    expect(session.unconfirmedSend).toBe(false);
  });
});

describe('a drawing whose save outcome is unknown, discarded, then undone', () => {
  it('does not come back: deciding ends the history, so nothing is inserted twice', async () => {
    const here: Point = { type: 'Point', coordinates: [118.5, 24.5] };
    const { adapters, session, rows } = await opened(POINTS);
    await adapters.transactions.commit({
      typeName: POINTS,
      inserts: Array.from({ length: RECONCILE_MAX_CANDIDATES + 1 }, (_, index) => ({ handle: `h${index}`, geometry: here, properties: { name: '甲', population: 7 } })),
      updates: [],
      deletes: [],
    });
    await session.load();
    const drawn = session.add({ geometry: here, properties: { name: '甲', population: 7 } });
    const commit = adapters.transactions.commit.bind(adapters.transactions);
    vi.spyOn(adapters.transactions, 'commit').mockImplementationOnce(async (changes: ChangeSet) => {
      await commit(changes);
      throw new TimeoutError(30_000);
    });
    await session.save();
    await session.save();
    expect(session.undecidedInserts).toEqual([drawn]);
    session.update(drawn, { properties: { name: '乙' } });
    session.decideInsert(drawn, 'discard');
    expect(session.undo()).toBe(false);
    expect(session.pending().inserts).toEqual([]);
    expect(await session.save()).toMatchObject({ ok: true });
    expect((await rows()).filter((row) => row.properties.population === 7)).toHaveLength(RECONCILE_MAX_CANDIDATES + 2);
  });
});

describe('a save answer whose inserted ids do not account for every drawing', () => {
  /** The transactions commit, then answer as the server did: `answer` rewrites the true result. */
  function answering(adapters: ReturnType<typeof createMemoryAdapters>, answer: (result: CommitResult) => CommitResult) {
    const commit = adapters.transactions.commit.bind(adapters.transactions);
    return vi.spyOn(adapters.transactions, 'commit').mockImplementationOnce(async (changes: ChangeSet) => answer(await commit(changes)));
  }

  it.each([
    ['fewer ids than it counts', (result: CommitResult) => ({ ...result, inserted: result.inserted.slice(0, 1) })],
    ['no ids at all', (result: CommitResult) => ({ ...result, inserted: [] })],
    ['one handle twice', (result: CommitResult) => ({ ...result, inserted: [result.inserted[0], result.inserted[0], ...result.inserted.slice(1)] as CommitResult['inserted'] })],
    ['a handle it was not sent', (result: CommitResult) => ({ ...result, inserted: [...result.inserted, { handle: 'new-99', id: 'store_33:polygon.99' }] })],
  ])('%s: the drawings are checked against the server, never sent again on a guess', async (_kind, answer) => {
    const { adapters, session, rows } = await opened();
    const drawings = [square(117.2, 23.2), square(117.4, 23.4), square(117.6, 23.6)].map((geometry, index) => session.add({ geometry, properties: { name: `新${index}` } }));
    answering(adapters, answer);
    const first = await session.save();
    expect(first.ok).toBe(false);
    expect(session.unconfirmedSend).toBe(true);
    for (let save = 0; save < 3; save += 1) await session.save();
    const names = (await rows()).map((row) => row.properties.name).filter((name) => typeof name === 'string' && name.startsWith('新'));
    expect(names.sort()).toEqual(['新0', '新1', '新2']);
    expect(session.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
    expect(drawings.every((id) => session.stateOf(id) === undefined)).toBe(true);
  });
});

describe('a journal taken over from a tab whose save is still on its way', () => {
  it('keeps that tab`s drawings undecided, so they are not inserted again when its commit lands', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    const journal = new MemoryEditJournal();
    const tab = () => new EditSession({ clock, source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, journal });
    const first = tab();
    await first.load();
    const drawn = first.add({ geometry: square(117.3, 23.3), properties: { name: '慢' } });
    // The first tab's commit is slow: it lands only after the second tab has taken the layer.
    let land: () => void = () => undefined;
    const landed = new Promise<void>((resolve) => (land = resolve));
    const commit = adapters.transactions.commit.bind(adapters.transactions);
    vi.spyOn(adapters.transactions, 'commit').mockImplementationOnce(async (changes: ChangeSet) => {
      await landed;
      return commit(changes);
    });
    const saving = first.save();
    await vi.waitFor(async () => expect((await journal.load(POLYGONS))?.unconfirmed).toBeDefined());

    const second = tab();
    await second.restore({ taken: true });
    expect(second.undecidedInserts).toEqual([drawn]);
    land();
    await saving;
    await second.save();
    const rows = (await adapters.features.getFeatures({ typeName: POLYGONS, maxFeatures: 1000 })).features;
    expect(rows.filter((row) => row.properties.name === '慢')).toHaveLength(1);
  });
});

describe('a value XML cannot carry', () => {
  it('is refused where it is entered, naming the field, before and after the layer is known', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    const session = new EditSession({ clock, source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS });
    const pasted = { geometry: square(117, 23), properties: { name: '第一行\u000B第二行' } };
    expect(() => session.add(pasted)).toThrow(ValidationError);
    await session.load();
    expect(() => session.add(pasted)).toThrow(expect.objectContaining({ fields: { name: 'contains the character U+000B at position 4, which cannot be saved' } }));
    expect(() => session.update(FUZHOU, { properties: { name: 'x\uD800' } })).toThrow(ValidationError);
    expect(session.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
  });

  it('refused by the adapter before sending is known not sent: nothing is unconfirmed, the next save goes through', async () => {
    const { adapters, session, rows } = await opened();
    const drawn = session.add({ geometry: square(117, 23), properties: { name: '甲' } });
    vi.spyOn(adapters.transactions, 'commit').mockRejectedValueOnce(new ValidationError({ transaction: 'Invalid character in string' }, 'the transaction could not be written, so nothing was sent'));
    expect(await session.save()).toMatchObject({ ok: false, failure: { kind: 'invalid', committed: 'nothing-committed' } });
    expect(session.unconfirmedSend).toBe(false);
    expect(session.stateOf(drawn)).toBe('insert');
    expect(await session.save()).toMatchObject({ ok: true });
    expect((await rows()).filter((row) => row.properties.name === '甲')).toHaveLength(1);
  });
});

describe('a property named __proto__', () => {
  it('is an unknown property like any other, refused, never a prototype', async () => {
    const { session } = await opened();
    const pasted = JSON.parse('{"__proto__": {"name": "hidden"}, "name": "甲"}') as Record<string, never>;
    const refusal = (() => {
      try {
        session.add({ geometry: square(117, 23), properties: pasted });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(ValidationError);
    const fields = (refusal as ValidationError).fields;
    expect(Object.keys(fields)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toBe("unknown property '__proto__'");
    expect(() => session.update(FUZHOU, { properties: pasted })).toThrow(ValidationError);
    expect(session.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
  });
});

describe('one user action, one undo step', () => {
  it('a drawing and its attribute form: one undo takes both back, one redo brings both', async () => {
    const { session } = await opened();
    const drawn = session.add({ geometry: square(117, 23) });
    session.update(drawn, { properties: { name: '新镇', population: 12 } }, { joinLastStep: true });
    expect(session.undo()).toBe(true);
    expect(session.stateOf(drawn)).toBeUndefined();
    expect(session.canUndo).toBe(false);
    expect(session.redo()).toBe(true);
    expect(session.feature(drawn)?.properties).toEqual({ name: '新镇', population: 12 });
  });

  it('joins only a step that touched the same feature', async () => {
    const { session } = await opened();
    session.update(XIAMEN, { properties: { name: '鹭岛' } });
    session.update(FUZHOU, { properties: { name: '榕城' } }, { joinLastStep: true });
    session.undo();
    expect(session.feature(FUZHOU)?.properties.name).toBe('福州');
    expect(session.feature(XIAMEN)?.properties.name).toBe('鹭岛');
  });

  it('a batch of edits is one step, undone last first and redone in order', async () => {
    const { session } = await opened();
    const changes: string[][] = [];
    const told: Array<{ reason: string; ids: string[] }> = [];
    session.on('change', ({ reason, ids }) => reason === 'undo' && changes.push(ids));
    session.on('change', (change) => told.push(change));
    session.batch(() => {
      session.update(FUZHOU, { properties: { name: '榕城' } });
      session.update(FUZHOU, { properties: { population: 1 } });
      session.update(XIAMEN, { properties: { name: '鹭岛' } });
      session.remove('store_33:polygon.3');
    });
    // One user action, one change told: the map and the table redraw once.
    expect(told).toEqual([{ reason: 'batch', ids: [FUZHOU, XIAMEN, 'store_33:polygon.3'] }]);
    expect(session.undo()).toBe(true);
    expect(session.feature(FUZHOU)?.properties).toMatchObject({ name: '福州', population: 8_290_000 });
    expect(session.stateOf(XIAMEN)).toBe('exist');
    expect(session.stateOf('store_33:polygon.3')).toBe('exist');
    expect(changes).toEqual([[FUZHOU, XIAMEN, 'store_33:polygon.3']]);
    expect(session.canUndo).toBe(false);
    session.redo();
    expect(session.feature(FUZHOU)?.properties).toMatchObject({ name: '榕城', population: 1 });
    expect(session.stateOf('store_33:polygon.3')).toBe('remove');
  });

  it('a batch refused halfway is taken back whole', async () => {
    const { session } = await opened();
    session.update(XIAMEN, { properties: { name: '鹭岛' } });
    expect(() =>
      session.batch(() => {
        session.update(FUZHOU, { properties: { name: '榕城' } });
        session.update(FUZHOU, { properties: { population: 3.7 } });
      }),
    ).toThrow(ValidationError);
    expect(session.stateOf(FUZHOU)).toBe('exist');
    expect(session.pending().updates.map((update) => update.id)).toEqual([XIAMEN]);
    // The step before the batch is still the last one.
    session.undo();
    expect(session.stateOf(XIAMEN)).toBe('exist');
  });
});

describe('a feature read elsewhere (a table page far from the view)', () => {
  it('is edited like a loaded one once adopted: pending, undoable, saved through the conflict check', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    const session = new EditSession({ clock, source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, loading: 'view', maxFeatures: 2 });
    await session.load();
    const [far] = (await adapters.features.getFeatures({ typeName: POLYGONS, featureIds: [FUZHOU] })).features;
    expect(session.feature(FUZHOU)).toBeUndefined();
    expect(() => session.update(FUZHOU, { properties: { name: '榕城' } })).toThrow();

    const release = session.adopt([far!]);
    session.update(FUZHOU, { properties: { name: '榕城' } });
    expect(session.stateOf(FUZHOU)).toBe('update');
    session.undo();
    expect(session.feature(FUZHOU)?.properties.name).toBe('福州');
    session.redo();
    release();
    expect((await session.save()).ok).toBe(true);
    const [stored] = (await adapters.features.getFeatures({ typeName: POLYGONS, featureIds: [FUZHOU] })).features;
    expect(stored?.properties.name).toBe('榕城');
  });

  it('refuses a feature without a sound geometry, and leaves one loaded already as it is', async () => {
    const { session } = await opened();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    const [copy] = (await createMemoryAdapters(sampleSeed()).features.getFeatures({ typeName: POLYGONS, featureIds: [FUZHOU] })).features;
    session.adopt([copy!])();
    expect(session.feature(FUZHOU)?.properties.name).toBe('榕城');
    expect(() => session.adopt([{ id: 'store_33:polygon.99', geometry: { type: 'Polygon', coordinates: [] } as Polygon, properties: {} }])).toThrow(ValidationError);
  });
});
