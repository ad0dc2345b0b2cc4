import { createWfsAdapters } from '@gportal/adapters-geoserver';
import { EditSession, type EditJournal, type EditSessionEvents, type Geometry, type MapFeature, type PendingChanges } from '@gportal/core';
import { EXPECTED_SAVE_FAILURE_KIND, recordReliability } from '@gportal/core/contracts';
import { MemoryEditJournal } from '@gportal/core/memory';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { FaultProxy, refuseFirstUpdate, type ProxyFault } from './fault-proxy.js';
import { wfsServer } from './wfs-server.js';

// The fault-injection suite against the real QGIS Server + PostGIS, through a
// fault-injecting HTTP proxy on 127.0.0.1: a save of mixed pending changes on `poi` meets each
// fault; afterwards nothing pending is lost, the journal holds exactly what is pending, the
// failure is classified, and a retry after the fault clears saves every change exactly once,
// counted on the server's rows (read directly, not through the proxy).

const url = inject('wfsUrl');
const SUITE = 'wfs-integration (QGIS Server + PostGIS through a fault proxy)';
const POI = 'poi';
const SEEDED = 5;
/** Long enough for a loaded machine, short enough for the `timeout` fault to be waited out. */
const TIMEOUT_MS = 4_000;
/**
 * How long a send whose answer was lost may still commit: the proxy's faults either let the
 * server finish first or forward nothing, so on loopback a second is ample, and the retry after a
 * lost answer waits that long for real before it looks again.
 */
const LOST_SEND_WINDOW_MS = 1_000;

const point = (lng: number, lat: number): Geometry => ({ type: 'Point', coordinates: [lng, lat] });

/** Two inserts, two updates (a property, a geometry), two deletes. */
const STAGED = {
  inserts: [
    { geometry: point(118.5, 24.9), properties: { name: 'fault-a' } },
    { geometry: point(118.6, 24.95), properties: { name: 'fault-b', population: 12 } },
  ],
  updates: [
    { id: 'poi.1', properties: { name: 'Rongcheng' } },
    { id: 'poi.2', geometry: point(118.1, 24.5) },
  ],
  deletes: ['poi.3', 'poi.4'],
};
const STAGED_EDITS = STAGED.inserts.length + STAGED.updates.length + STAGED.deletes.length;

type Fault = ProxyFault | 'journal-full';


/** The server's rows, read around the proxy. */
async function rows(): Promise<MapFeature[]> {
  return (await createWfsAdapters({ url }).source.getFeatures({ typeName: POI })).features;
}

/** A journal whose storage can be made to refuse writes. */
class BreakableJournal implements EditJournal {
  broken = false;
  refusals = 0;
  private readonly inner = new MemoryEditJournal();
  save: EditJournal['save'] = (entry) => (this.refuse() ? Promise.reject(new Error('browser storage is full')) : this.inner.save(entry));
  load: EditJournal['load'] = (typeName) => this.inner.load(typeName);
  clear: EditJournal['clear'] = (typeName) => (this.refuse() ? Promise.reject(new Error('browser storage is full')) : this.inner.clear(typeName));
  private refuse(): boolean {
    if (this.broken) this.refusals += 1;
    return this.broken;
  }
}

function stage(session: EditSession): void {
  for (const insert of STAGED.inserts) session.add(insert);
  for (const { id, ...changes } of STAGED.updates) session.update(id, changes);
  for (const id of STAGED.deletes) session.remove(id);
}

/** Equal type and positions, whatever order the answer wrote the geometry's keys in (QGIS puts `coordinates` first). */
const samePoint = (a: Geometry | undefined, b: Geometry) => a?.type === b.type && JSON.stringify(a.coordinates) === JSON.stringify(b.coordinates);

function lostEdits(current: MapFeature[], pending: PendingChanges): number {
  const byId = new Map(current.map((row) => [row.id, row]));
  const named = (name: unknown) => current.some((row) => row.properties.name === name) || pending.inserts.some((insert) => insert.properties.name === name);
  let lost = STAGED.inserts.filter((insert) => !named(insert.properties.name)).length;
  for (const update of STAGED.updates) {
    const row = byId.get(update.id);
    const onServer = update.properties ? row?.properties.name === update.properties.name : samePoint(row?.geometry, update.geometry as Geometry);
    if (!onServer && !pending.updates.some((pendingUpdate) => pendingUpdate.id === update.id)) lost += 1;
  }
  return lost + STAGED.deletes.filter((id) => byId.has(id) && !pending.deletes.includes(id)).length;
}

function duplicates(current: MapFeature[]): number {
  return STAGED.inserts.reduce((sum, insert) => sum + Math.max(0, current.filter((row) => row.properties.name === insert.properties.name).length - 1), 0);
}

function expectSavedOnce(current: MapFeature[]): void {
  expect(current).toHaveLength(SEEDED + STAGED.inserts.length - STAGED.deletes.length);
  expect(duplicates(current)).toBe(0);
  for (const insert of STAGED.inserts) expect(current.filter((row) => row.properties.name === insert.properties.name)).toHaveLength(1);
  expect(current.find((row) => row.id === 'poi.1')?.properties.name).toBe('Rongcheng');
  expect(current.find((row) => row.id === 'poi.2')?.geometry).toEqual(point(118.1, 24.5));
  for (const id of STAGED.deletes) expect(current.some((row) => row.id === id)).toBe(false);
}

async function expectJournalHoldsPending(session: EditSession, journal: EditJournal): Promise<void> {
  await session.flushJournal();
  const entry = await journal.load(POI);
  const pending = session.pending();
  expect(entry?.inserts.map((insert) => insert.handle) ?? []).toEqual(pending.inserts.map((insert) => insert.handle));
  expect(entry?.updates.map((update) => update.id) ?? []).toEqual(pending.updates.map((update) => update.id));
  expect(entry?.deletes ?? []).toEqual(pending.deletes);
}

describe('EditSession fault-injection suite (QGIS Server through a fault proxy)', () => {
  let proxy: FaultProxy;

  beforeAll(async () => {
    proxy = await FaultProxy.start(url);
  });
  afterAll(() => proxy.stop());
  beforeEach(() => wfsServer('reset'));

  it('the partial fault makes QGIS Server refuse exactly the first update', () => {
    const xml = '<Update handle="update:poi.1"><Property><Name>name</Name><Value>X</Value></Property></Update><Update><Property><Name>name</Name><Value>Y</Value></Property></Update>';
    expect(refuseFirstUpdate(xml)).toBe('<Update handle="update:poi.1"><Property><Name>name</Name></Property></Update><Update><Property><Name>name</Name><Value>Y</Value></Property></Update>');
  });

  const faults = Object.keys(EXPECTED_SAVE_FAILURE_KIND) as Fault[];

  it.for(faults)('%s: nothing lost, journal intact, classified, saved exactly once after the fault clears', async (fault, { task }) => {
    const journal = new BreakableJournal();
    const injectedBefore = proxy.injected;
    const session = new EditSession({ ...createWfsAdapters({ url: proxy.url, timeoutMs: TIMEOUT_MS }), typeName: POI, journal, unknownOutcomeWindowMs: LOST_SEND_WINDOW_MS });
    const errors: Array<EditSessionEvents['error']> = [];
    session.on('error', (error) => errors.push(error));
    await session.load();
    stage(session);
    await session.flushJournal();

    if (fault === 'journal-full') journal.broken = true;
    else await proxy.arm(fault);
    const forwardedBefore = proxy.forwardedTransactions;
    const outcome = await session.save();
    expect(outcome.ok ? null : outcome.failure.kind).toBe(EXPECTED_SAVE_FAILURE_KIND[fault]);
    // Nothing is sent when the conflict check's read fails.
    if (fault === 'truncated-json') expect(proxy.forwardedTransactions).toBe(forwardedBefore);
    // A journal that cannot be written is reported, and the save goes through all the same.
    if (fault === 'journal-full') expect([proxy.forwardedTransactions, errors.some((error) => error.operation === 'journal')]).toEqual([forwardedBefore + 1, true]);
    const lost = lostEdits(await rows(), session.pending());
    expect(lost).toBe(0);
    journal.broken = false;
    await proxy.disarm();
    // A journal that could not be written catches up at the next save (checked after it).
    if (fault !== 'journal-full') await expectJournalHoldsPending(session, journal);

    let retries = 0;
    let last = outcome;
    while (retries === 0 || (!last.ok && retries < 3)) {
      retries += 1;
      last = await session.save();
    }
    expect(last.ok).toBe(true);
    expect(session.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
    const after = await rows();
    expectSavedOnce(after);
    await expectJournalHoldsPending(session, journal);
    const injected = proxy.injected - injectedBefore + journal.refusals;
    expect(injected).toBeGreaterThan(0);

    recordReliability(task, {
      suite: SUITE,
      fault,
      classifiedAs: EXPECTED_SAVE_FAILURE_KIND[fault] ?? 'save ok, journal failure reported',
      injected,
      edits: STAGED_EDITS,
      retries,
      lost: lost + lostEdits(after, session.pending()),
      duplicates: duplicates(after),
    });
  });

  it('a page reload right after save was pressed (the server committed): a restore from the journal neither loses nor duplicates', async ({ task }) => {
    const journal = new MemoryEditJournal();
    const dying = new EditSession({ ...createWfsAdapters({ url: proxy.url, timeoutMs: 60_000 }), typeName: POI, journal, unknownOutcomeWindowMs: LOST_SEND_WINDOW_MS });
    await dying.load();
    stage(dying);
    await dying.flushJournal();
    // The server commits; the answer is held until the page is gone.
    await proxy.arm('timeout');
    const forwarded = proxy.forwardedTransactions;
    void dying.save();
    while (proxy.forwardedTransactions === forwarded) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const after = new EditSession({ ...createWfsAdapters({ url, timeoutMs: TIMEOUT_MS }), typeName: POI, journal, unknownOutcomeWindowMs: LOST_SEND_WINDOW_MS });
    expect(await after.restore()).not.toBeNull();
    const lost = lostEdits(await rows(), after.pending());
    expect(lost).toBe(0);
    expect(after.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
    expect((await after.save()).ok).toBe(true);
    const saved = await rows();
    expectSavedOnce(saved);
    await proxy.disarm();

    recordReliability(task, {
      suite: SUITE,
      fault: 'page reload right after save (the server committed)',
      classifiedAs: 'restore reconciles',
      injected: 1,
      edits: STAGED_EDITS,
      retries: 1,
      lost,
      duplicates: duplicates(saved),
    });
  });
});
