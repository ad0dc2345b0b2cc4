import { describe, expect, it } from 'vitest';
import type { FeatureInsert } from '../../domain/feature.js';
import type { Point } from '../../domain/geometry.js';
import { createMemoryAdapters, sampleSeed } from '../../memory/index.js';
import { preexistingOf, reconcile, RECONCILE_MAX_CANDIDATES } from './reconcile.js';

/**
 * Reconciliation against a crowded box and against look-alikes that were never loaded: it never
 * takes a row that existed before the send, never stops silently at RECONCILE_MAX_CANDIDATES, and
 * says `undecided` when it cannot prove either way (issue 23, section 2, items 2 and 3).
 */
const POINTS = 'store_33:point';
const here: Point = { type: 'Point', coordinates: [118.5, 24.5] };

/** The sample layer plus `count` rows at one spot, all named 甲 (population 1, 2, … or all `population`). */
async function crowded(count: number, population?: number) {
  const adapters = createMemoryAdapters(sampleSeed());
  await adapters.transactions.commit({
    typeName: POINTS,
    inserts: Array.from({ length: count }, (_, index) => ({ handle: `h${index}`, geometry: here, properties: { name: '甲', population: population ?? index + 1 } })),
    updates: [],
    deletes: [],
  });
  const before = (await adapters.features.getFeatures({ typeName: POINTS, maxFeatures: 100_000 })).features.map((feature) => feature.id);
  return { adapters, before };
}

/** Commits `insert` as a lost answer would leave it: on the server, its id unknown to the client. */
async function commitSilently(adapters: ReturnType<typeof createMemoryAdapters>, insert: FeatureInsert) {
  const result = await adapters.transactions.commit({ typeName: POINTS, inserts: [insert], updates: [], deletes: [] });
  return result.inserted[0]?.id;
}

describe('reconciling an insert among more candidates than one read takes', () => {
  it('finds a committed insert hidden behind more than RECONCILE_MAX_CANDIDATES look-alikes in its box, by narrowing on its number', async () => {
    const { adapters, before } = await crowded(RECONCILE_MAX_CANDIDATES + 100);
    const insert: FeatureInsert = { handle: 'new-1', geometry: here, properties: { name: '甲', population: 9_999 } };
    const id = await commitSilently(adapters, insert);
    const found = await reconcile(adapters.features, POINTS, { inserts: [insert], updates: [], deletes: [] }, { ids: before, complete: true });
    expect(found.inserted.get('new-1')?.id).toBe(id);
    expect(found.undecided).toEqual([]);
  });

  it('says undecided, never "not committed", when more equal rows than one read takes are in its box', async () => {
    const { adapters, before } = await crowded(RECONCILE_MAX_CANDIDATES + 100, 7);
    const insert: FeatureInsert = { handle: 'new-1', geometry: here, properties: { name: '甲', population: 7 } };
    await commitSilently(adapters, insert);
    const found = await reconcile(adapters.features, POINTS, { inserts: [insert], updates: [], deletes: [] }, { ids: before, complete: true });
    expect(found.inserted.size).toBe(0);
    expect(found.undecided).toEqual(['new-1']);
  });
});

describe('reconciling an insert equal to a row that was never loaded', () => {
  it('never takes a row that existed before the send: look-alikes read before sending are known as preexisting', async () => {
    const { adapters } = await crowded(3, 7);
    const insert: FeatureInsert = { handle: 'new-1', geometry: here, properties: { name: '甲', population: 7 } };
    const preexisting = await preexistingOf(adapters.features, POINTS, [insert]);
    expect(preexisting.complete).toBe(true);
    expect(preexisting.ids).toHaveLength(3);
    // Nothing committed: the insert is not found, so it is sent again.
    const notSent = await reconcile(adapters.features, POINTS, { inserts: [insert], updates: [], deletes: [] }, preexisting);
    expect(notSent.inserted.size).toBe(0);
    expect(notSent.undecided).toEqual([]);
    // Committed: the new row, not an old one.
    const id = await commitSilently(adapters, insert);
    const committed = await reconcile(adapters.features, POINTS, { inserts: [insert], updates: [], deletes: [] }, preexisting);
    expect(committed.inserted.get('new-1')?.id).toBe(id);
  });

  it('says undecided when a look-alike is found but the rows that existed before the send are not all known', async () => {
    const { adapters } = await crowded(1, 7);
    const insert: FeatureInsert = { handle: 'new-1', geometry: here, properties: { name: '甲', population: 7 } };
    const found = await reconcile(adapters.features, POINTS, { inserts: [insert], updates: [], deletes: [] }, { ids: [], complete: false });
    expect(found.inserted.size).toBe(0);
    expect(found.undecided).toEqual(['new-1']);
  });

  it('the look-alikes read before sending are incomplete when they do not fit in one read', async () => {
    const { adapters } = await crowded(RECONCILE_MAX_CANDIDATES + 1, 7);
    const insert: FeatureInsert = { handle: 'new-1', geometry: here, properties: { name: '甲', population: 7 } };
    expect((await preexistingOf(adapters.features, POINTS, [insert])).complete).toBe(false);
  });
});
