import { describe, expect, it } from 'vitest';
import type { FeatureUpdate } from '../domain/feature.js';
import type { Polygon } from '../domain/geometry.js';
import { isJournalEntry, type JournalEntry } from '../domain/journal.js';
import { createMemoryAdapters, sampleSeed } from '../memory/index.js';
import { EditSession } from './index.js';

const POLYGONS = 'store_33:polygon';
const FUZHOU = 'store_33:polygon.1';
const XIAMEN = 'store_33:polygon.2';

function square(lng: number, lat: number, half = 0.05): Polygon {
  return {
    type: 'Polygon',
    coordinates: [[[lng - half, lat - half], [lng + half, lat - half], [lng + half, lat + half], [lng - half, lat + half], [lng - half, lat - half]]],
  };
}

/** A server, a journal, and a session that edited and journaled before the page is reloaded. */
function setup() {
  const adapters = createMemoryAdapters(sampleSeed());
  const open = () => new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, journal: adapters.journal });
  // Another client, writing to the same server behind the session's back.
  const other = (update: FeatureUpdate) => adapters.transactions.commit({ typeName: POLYGONS, inserts: [], updates: [update], deletes: [] });
  const stored = async (id: string) => (await adapters.features.getFeatures({ typeName: POLYGONS, featureIds: [id] })).features[0];
  return { adapters, open, other, stored };
}

describe('EditSession conflict check after a reload', () => {
  it('journals the base values of the fields an update changes, and nothing more', async () => {
    const { adapters, open } = setup();
    const session = open();
    await session.load();
    const fuzhou = session.feature(FUZHOU);
    const xiamenShape = session.feature(XIAMEN)?.geometry;
    session.update(FUZHOU, { properties: { name: '榕城' } });
    session.update(XIAMEN, { geometry: square(118.1, 24.5) });
    await session.flushJournal();
    const entry = (await adapters.journal.load(POLYGONS)) as JournalEntry;
    expect(entry.updates.find((update) => update.id === FUZHOU)?.base).toEqual({ properties: { name: fuzhou?.properties.name } });
    const xiamen = entry.updates.find((update) => update.id === XIAMEN);
    expect(xiamen?.base).toEqual({ geometry: xiamenShape });
    expect(xiamen?.base?.properties).toBeUndefined();
  });

  it('a field another client changed before the reload stops the next save with a conflict, resolvable as usual', async () => {
    const { open, other, stored } = setup();
    const first = open();
    await first.load();
    first.update(FUZHOU, { properties: { name: '榕城' } });
    await first.flushJournal();
    // Before the reload, another client renames the same town.
    await other({ id: FUZHOU, properties: { name: '福州市' } });

    const reloaded = open();
    await reloaded.restore();
    expect(reloaded.feature(FUZHOU)?.properties.name).toBe('榕城');
    const outcome = await reloaded.save();
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.failure.kind).toBe('conflict');
    expect(outcome.failure.conflicts).toEqual([{ id: FUZHOU, fields: ['name'], theirs: expect.objectContaining({ id: FUZHOU, properties: expect.objectContaining({ name: '福州市' }) }) }]);
    expect((await stored(FUZHOU))?.properties.name).toBe('福州市');
    expect(reloaded.stateOf(FUZHOU)).toBe('update');

    reloaded.resolveConflict(FUZHOU, 'mine');
    expect((await reloaded.save()).ok).toBe(true);
    expect((await stored(FUZHOU))?.properties.name).toBe('榕城');
  });

  it('a shape another client changed before the reload is a conflict on geometry; theirs shows the server copy', async () => {
    const { open, other, stored } = setup();
    const first = open();
    await first.load();
    first.update(XIAMEN, { geometry: square(118.1, 24.5) });
    await first.flushJournal();
    await other({ id: XIAMEN, geometry: square(118.2, 24.6) });

    const reloaded = open();
    await reloaded.restore();
    const outcome = await reloaded.save();
    expect(outcome.ok ? [] : outcome.failure.conflicts?.map((conflict) => [conflict.id, conflict.fields])).toEqual([[XIAMEN, ['geometry']]]);
    reloaded.resolveConflict(XIAMEN, 'theirs');
    expect(reloaded.stateOf(XIAMEN)).toBe('exist');
    expect(reloaded.feature(XIAMEN)?.geometry).toEqual(square(118.2, 24.6));
    expect((await stored(XIAMEN))?.geometry).toEqual(square(118.2, 24.6));
  });

  it('saves when nobody changed the fields, and merges a change of another field', async () => {
    const { open, other, stored } = setup();
    const first = open();
    await first.load();
    first.update(FUZHOU, { properties: { name: '榕城' } });
    first.update(XIAMEN, { properties: { population: 5 } });
    await first.flushJournal();
    await other({ id: FUZHOU, properties: { population: 8_000_000 } });

    const reloaded = open();
    const report = await reloaded.restore();
    expect(report?.updates).toBe(2);
    const outcome = await reloaded.save();
    expect(outcome.ok).toBe(true);
    expect((await stored(FUZHOU))?.properties).toMatchObject({ name: '榕城', population: 8_000_000 });
    expect((await stored(XIAMEN))?.properties.population).toBe(5);
  });

  it('keeps the base across a second reload', async () => {
    const { open, other, stored } = setup();
    const first = open();
    await first.load();
    first.update(FUZHOU, { properties: { name: '榕城' } });
    await first.flushJournal();
    await other({ id: FUZHOU, properties: { name: '福州市' } });
    const second = open();
    await second.restore();
    await second.flushJournal();

    const third = open();
    await third.restore();
    const outcome = await third.save();
    expect(outcome.ok ? undefined : outcome.failure.kind).toBe('conflict');
    expect((await stored(FUZHOU))?.properties.name).toBe('福州市');
  });

  it('an entry written before bases existed restores onto the server copy as it is, as before', async () => {
    const { adapters, open, other, stored } = setup();
    const first = open();
    await first.load();
    first.update(FUZHOU, { properties: { name: '榕城' } });
    await first.flushJournal();
    const entry = (await adapters.journal.load(POLYGONS)) as JournalEntry;
    const old = { ...entry, updates: entry.updates.map(({ id, properties }) => ({ id, ...(properties ? { properties } : {}) })) };
    expect(isJournalEntry(old)).toBe(true);
    await adapters.journal.save(old);
    await other({ id: FUZHOU, properties: { name: '福州市' } });

    const reloaded = open();
    const report = await reloaded.restore();
    expect(report).toMatchObject({ updates: 1, dropped: [] });
    expect(reloaded.feature(FUZHOU)?.properties.name).toBe('榕城');
    // Without a base the fresh copy is the baseline: no conflict can be seen, the save goes through.
    expect((await reloaded.save()).ok).toBe(true);
    expect((await stored(FUZHOU))?.properties.name).toBe('榕城');
  });
});

describe('isJournalEntry and the base of an update', () => {
  const entry = (base: unknown) => ({
    version: 1,
    typeName: POLYGONS,
    savedAt: '2026-01-01T00:00:00Z',
    inserts: [],
    updates: [{ id: FUZHOU, properties: { name: '榕城' }, base }],
    deletes: [],
  });

  it('accepts a base of values and a geometry, and an absent one', () => {
    expect(isJournalEntry(entry({ properties: { name: '福州', founded: { $date: '2000-01-01T00:00:00Z' }, gone: null } }))).toBe(true);
    expect(isJournalEntry(entry({ geometry: square(119, 26) }))).toBe(true);
    expect(isJournalEntry(entry(undefined))).toBe(true);
  });

  it.each([
    ['not an object', 'base'],
    ['an array', [1]],
    ['null', null],
    ['a broken geometry', { geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 1]]] } }],
    ['a non-finite value', { properties: { population: Number.NaN } }],
    ['properties as a list', { properties: ['name'] }],
  ])('refuses a base that is %s', (_, base) => {
    expect(isJournalEntry(entry(base))).toBe(false);
  });
});
