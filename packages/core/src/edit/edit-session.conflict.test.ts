import { describe, expect, it, vi } from 'vitest';
import type { FeatureUpdate } from '../domain/feature.js';
import type { Polygon } from '../domain/geometry.js';
import { NetworkError, NotFoundError } from '../errors/errors.js';
import { createMemoryAdapters, sampleSeed, type TransactionMode } from '../memory/index.js';
import { EditSession, type EditSessionEvents } from './index.js';
import { changedFields } from './save/conflict-check.js';

const POLYGONS = 'store_33:polygon';
const FUZHOU = 'store_33:polygon.1';
const XIAMEN = 'store_33:polygon.2';
const QUANZHOU = 'store_33:polygon.3';

function square(lng: number, lat: number, half = 0.05): Polygon {
  return {
    type: 'Polygon',
    coordinates: [[[lng - half, lat - half], [lng + half, lat - half], [lng + half, lat + half], [lng - half, lat + half], [lng - half, lat - half]]],
  };
}

async function loaded(mode: TransactionMode = 'atomic') {
  const adapters = createMemoryAdapters({ ...sampleSeed(), transactionMode: mode });
  const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, journal: adapters.journal });
  await session.load();
  const getFeatures = vi.spyOn(adapters.features, 'getFeatures');
  const commit = vi.spyOn(adapters.transactions, 'commit');
  const changes: Array<EditSessionEvents['change']> = [];
  session.on('change', (change) => changes.push(change));
  // Another client, writing to the same server behind the session's back.
  const other = {
    update: (update: FeatureUpdate) => adapters.transactions.commit({ typeName: POLYGONS, inserts: [], updates: [update], deletes: [] }),
    delete: (id: string) => adapters.transactions.commit({ typeName: POLYGONS, inserts: [], updates: [], deletes: [id] }),
  };
  const stored = async (id: string) => (await adapters.features.getFeatures({ typeName: POLYGONS, featureIds: [id] })).features[0];
  return { adapters, session, getFeatures, commit, changes, other, stored };
}

describe('EditSession conflict check', () => {
  it('re-reads the features to update or delete in one GetFeature by ids before the commit', async () => {
    const { session, getFeatures, commit } = await loaded();
    session.add({ geometry: square(118, 24) });
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.update(XIAMEN, { geometry: square(118.1, 24.5) });
    session.remove(QUANZHOU);
    expect((await session.save()).ok).toBe(true);
    expect(getFeatures.mock.calls[0]?.[0]).toEqual({ typeName: POLYGONS, featureIds: [FUZHOU, XIAMEN, QUANZHOU], maxFeatures: 3 });
    expect(getFeatures.mock.invocationCallOrder[0]).toBeLessThan(commit.mock.invocationCallOrder[0] as number);
    // The check, then the reload of what was committed: nothing more.
    expect(getFeatures).toHaveBeenCalledTimes(2);
  });

  it('reads nothing again when only inserts are pending', async () => {
    const { session, getFeatures } = await loaded();
    session.add({ geometry: square(118, 24) });
    await session.save();
    expect(getFeatures.mock.calls.map(([query]) => query.featureIds?.length)).toEqual([1]);
  });

  it.each(['atomic', 'per-action'] as const)('%s server: a conflict stops the whole save before anything is sent', async (mode) => {
    const { session, other, commit, stored } = await loaded(mode);
    const drawn = session.add({ geometry: square(118, 24), properties: { name: '新' } });
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.update(XIAMEN, { properties: { population: 1 } });
    await other.update({ id: FUZHOU, properties: { name: '闽都' } });
    commit.mockClear();
    const outcome = await session.save();
    expect(outcome).toMatchObject({
      ok: false,
      failure: {
        kind: 'conflict',
        committed: 'nothing-committed',
        failures: [{ kind: 'update', ref: FUZHOU, message: 'changed by another client meanwhile: name' }],
        conflicts: [{ id: FUZHOU, fields: ['name'], theirs: { id: FUZHOU, properties: { name: '闽都' } } }],
      },
    });
    expect(commit).not.toHaveBeenCalled();
    expect(session.stateOf(drawn)).toBe('insert');
    expect(session.stateOf(XIAMEN)).toBe('update');
    expect((await stored(XIAMEN))?.properties.population).not.toBe(1);
    expect(session.feature(FUZHOU)?.properties.name).toBe('榕城');
  });

  it('finds a conflict again on the next save until it is resolved', async () => {
    const { session, other } = await loaded();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    await other.update({ id: FUZHOU, properties: { name: '闽都' } });
    expect((await session.save()).ok).toBe(false);
    const again = await session.save();
    expect(again.ok ? null : again.failure.kind).toBe('conflict');
  });

  it('compares every field, dates by time and the shape as geometry', async () => {
    const { session, other } = await loaded();
    session.update(FUZHOU, { properties: { founded: new Date('2000-01-01T00:00:00Z') }, geometry: square(119.4, 26.2) });
    await other.update({ id: FUZHOU, properties: { founded: new Date('2001-01-01T00:00:00Z') }, geometry: square(119.5, 26.3) });
    const outcome = await session.save();
    expect(outcome.ok ? [] : outcome.failure.conflicts?.[0]?.fields).toEqual(['geometry', 'founded']);
  });

  it('reports the fields another client changed, and nothing for an unchanged copy', async () => {
    const { stored } = await loaded();
    const fuzhou = (await stored(FUZHOU))!;
    expect(changedFields(fuzhou, structuredClone(fuzhou))).toEqual([]);
    expect(changedFields(fuzhou, { ...fuzhou, geometry: square(1, 1), properties: { ...fuzhou.properties, population: 3 } })).toEqual(['geometry', 'population']);
  });

  it('merges while another feature conflicts: the merged one takes their values at once', async () => {
    const { session, other } = await loaded();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.update(XIAMEN, { properties: { name: '鹭岛' } });
    await other.update({ id: FUZHOU, properties: { name: '闽都' } });
    await other.update({ id: XIAMEN, properties: { population: 7 } });
    expect((await session.save()).ok).toBe(false);
    expect(session.feature(XIAMEN)).toMatchObject({ state: 'update', properties: { name: '鹭岛', population: 7 } });
    expect(session.pending().updates).toContainEqual({ id: XIAMEN, properties: { name: '鹭岛' } });
  });

  it('journals only this session’s fields after a merge', async () => {
    const { session, other, adapters } = await loaded();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.update(XIAMEN, { properties: { name: '鹭岛' } });
    await other.update({ id: FUZHOU, properties: { name: '闽都' } });
    await other.update({ id: XIAMEN, properties: { population: 7 } });
    await session.save();
    await session.flushJournal();
    // Each with the base it was made on: the conflicting one on the copy loaded, the merged one on theirs.
    expect((await adapters.journal.load(POLYGONS))?.updates).toEqual([
      { id: FUZHOU, properties: { name: '榕城' }, base: { properties: { name: '福州' } } },
      { id: XIAMEN, properties: { name: '鹭岛' }, base: { properties: { name: '厦门' } } },
    ]);
  });

  it('forgets a removed feature another client deleted already, and sends no delete for it', async () => {
    const { session, other, commit, changes } = await loaded();
    session.remove(FUZHOU);
    await other.delete(FUZHOU);
    commit.mockClear();
    expect((await session.save()).ok).toBe(true);
    expect(commit).not.toHaveBeenCalled();
    expect(session.stateOf(FUZHOU)).toBeUndefined();
    expect(changes.at(-1)).toEqual({ reason: 'save', ids: [FUZHOU] });
  });

  it('stops the save when the features cannot be read again; nothing is sent or lost', async () => {
    const { session, adapters, commit } = await loaded();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    vi.spyOn(adapters.features, 'getFeatures').mockRejectedValueOnce(new NetworkError('connect ECONNREFUSED', { requestSent: false }));
    const outcome = await session.save();
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'connection-refused', committed: 'nothing-committed', failures: [{ kind: 'update', ref: FUZHOU }] } });
    expect(commit).not.toHaveBeenCalled();
    expect(session.stateOf(FUZHOU)).toBe('update');
    expect((await session.save()).ok).toBe(true);
  });
});

describe('EditSession conflict check on a reload', () => {
  it('keeps a conflict found by a load: the old copy stays the baseline, the save stops', async () => {
    const { session, other, commit } = await loaded();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    await other.update({ id: FUZHOU, properties: { name: '闽都', population: 5 } });
    await session.load();
    expect(session.conflicts).toEqual([{ id: FUZHOU, fields: ['name'], theirs: expect.objectContaining({ properties: expect.objectContaining({ name: '闽都' }) }) }]);
    expect(session.feature(FUZHOU)).toMatchObject({ state: 'update', properties: { name: '榕城' } });
    commit.mockClear();
    const outcome = await session.save();
    expect(outcome.ok ? null : outcome.failure.kind).toBe('conflict');
    expect(commit).not.toHaveBeenCalled();
    session.resolveConflict(FUZHOU, 'mine');
    expect(session.feature(FUZHOU)?.properties).toMatchObject({ name: '榕城', population: 5 });
  });

  it('merges on a load what another client changed elsewhere', async () => {
    const { session, other } = await loaded();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    await other.update({ id: FUZHOU, properties: { population: 5 } });
    await session.load();
    expect(session.conflicts).toEqual([]);
    expect(session.feature(FUZHOU)?.properties).toMatchObject({ name: '榕城', population: 5 });
  });

  it('takes a field both set to the same value for no conflict', async () => {
    const { session, other, stored } = await loaded();
    session.update(FUZHOU, { properties: { name: '榕城', population: 1 } });
    await other.update({ id: FUZHOU, properties: { name: '榕城' } });
    expect((await session.save()).ok).toBe(true);
    expect((await stored(FUZHOU))?.properties).toMatchObject({ name: '榕城', population: 1 });
  });
});

describe('EditSession.resolveConflict', () => {
  it("'mine' on a feature another client deleted draws it again, to be inserted with this session's values", async () => {
    const { session, other, adapters } = await loaded();
    session.update(FUZHOU, { properties: { name: '榕城' }, geometry: square(119.4, 26.2) });
    await other.delete(FUZHOU);
    expect((await session.save()).ok).toBe(false);
    session.resolveConflict(FUZHOU, 'mine');
    expect(session.stateOf(FUZHOU)).toBeUndefined();
    const [insert] = session.pending().inserts;
    expect(insert).toMatchObject({ geometry: square(119.4, 26.2), properties: { name: '榕城', population: 8290000 } });
    const outcome = await session.save();
    expect(outcome.ok).toBe(true);
    const id = outcome.ok ? outcome.result.inserted[0]?.id : undefined;
    expect((await adapters.features.getFeatures({ typeName: POLYGONS, featureIds: [id as string] })).features[0]?.properties.name).toBe('榕城');
  });

  it("'mine' on a removal sends the delete", async () => {
    const { session, other, stored } = await loaded();
    session.remove(FUZHOU);
    await other.update({ id: FUZHOU, properties: { population: 3 } });
    expect((await session.save()).ok).toBe(false);
    session.resolveConflict(FUZHOU, 'mine');
    expect(session.stateOf(FUZHOU)).toBe('remove');
    expect((await session.save()).ok).toBe(true);
    expect(await stored(FUZHOU)).toBeUndefined();
  });

  it("'theirs' on a removal brings the feature back with their values", async () => {
    const { session, other } = await loaded();
    session.remove(FUZHOU);
    await other.update({ id: FUZHOU, properties: { population: 3 } });
    await session.save();
    session.resolveConflict(FUZHOU, 'theirs');
    expect(session.feature(FUZHOU)).toMatchObject({ state: 'exist', properties: { population: 3 } });
  });

  it('emits a change, journals, ends the history and forgets the conflict', async () => {
    const { session, other, changes, adapters } = await loaded();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    await other.update({ id: FUZHOU, properties: { name: '闽都' } });
    await session.save();
    session.update(XIAMEN, { properties: { name: '鹭岛' } });
    expect(session.canUndo).toBe(true);
    session.resolveConflict(FUZHOU, 'theirs');
    expect(changes.at(-1)).toEqual({ reason: 'resolve', ids: [FUZHOU] });
    expect(session.canUndo).toBe(false);
    expect(session.conflicts).toEqual([]);
    expect(() => session.resolveConflict(FUZHOU, 'mine')).toThrow(NotFoundError);
    await session.flushJournal();
    expect((await adapters.journal.load(POLYGONS))?.updates).toEqual([{ id: XIAMEN, properties: { name: '鹭岛' }, base: { properties: { name: '厦门' } } }]);
  });

  it('refuses an id without a conflict', async () => {
    const { session } = await loaded();
    expect(() => session.resolveConflict(FUZHOU, 'theirs')).toThrow(NotFoundError);
  });

  it('a load forgets the conflicts', async () => {
    const { session, other } = await loaded();
    session.update(FUZHOU, { properties: { name: '榕城' } });
    await other.update({ id: FUZHOU, properties: { name: '闽都' } });
    await session.save();
    expect(session.conflicts).toHaveLength(1);
    await session.redraw();
    expect(session.conflicts).toEqual([]);
  });
});
