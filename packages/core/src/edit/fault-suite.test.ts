import { describe, expect, it } from 'vitest';
import type { CommitResult, MapFeature } from '../domain/feature.js';
import type { Polygon } from '../domain/geometry.js';
import { JournalConflictError } from '../errors/errors.js';
import { createMemoryAdapters, sampleSeed, type TransactionMode } from '../memory/index.js';
import type { FeatureTransactions } from '../ports/feature-transactions.port.js';
import { EditSession, type EditSessionEvents, type PendingChanges } from './index.js';
import { FAULTS, FaultInjectingPorts } from '../../test/fault-injecting-ports.js';
import { EXPECTED_SAVE_FAILURE_KIND, recordReliability } from '../contracts/reliability.js';
import { testClock } from '../../test/test-clock.js';

// The window a lost send may still commit in passes at once: these tests do not wait for real.
const clock = testClock();

// The fault-injection suite of issue 10 on the in-memory adapters: a save of mixed pending
// changes meets each fault; afterwards nothing pending is lost, the journal holds exactly what
// is pending, the failure is classified, and once the fault clears a retry saves every change
// exactly once (counted on the server's rows). The counts go into the README's Reliability
// section (see scripts/reliability-reporter.ts).

const SUITE = 'core (in-memory adapters)';
const POLYGONS = 'store_33:polygon';
const ROWS = 8;

function square(lng: number, lat: number, half = 0.05): Polygon {
  return {
    type: 'Polygon',
    coordinates: [[[lng - half, lat - half], [lng + half, lat - half], [lng + half, lat + half], [lng - half, lat + half], [lng - half, lat - half]]],
  };
}

/** Two inserts, two updates (a property, a geometry), two deletes. */
const STAGED = {
  inserts: [
    { geometry: square(118, 24), properties: { name: 'fault-a' } },
    { geometry: square(118.3, 24.2), properties: { name: 'fault-b', population: 12 } },
  ],
  updates: [
    { id: `${POLYGONS}.1`, properties: { name: '榕城' } },
    { id: `${POLYGONS}.2`, geometry: square(118.1, 24.5) },
  ],
  deletes: [`${POLYGONS}.3`, `${POLYGONS}.4`],
};
const STAGED_EDITS = STAGED.inserts.length + STAGED.updates.length + STAGED.deletes.length;


function setup(mode: TransactionMode) {
  const adapters = createMemoryAdapters({ ...sampleSeed(), transactionMode: mode });
  const ports = new FaultInjectingPorts({ source: adapters.features, transactions: adapters.transactions, journal: adapters.journal });
  const open = () => new EditSession({ clock, source: ports.source, transactions: ports.transactions, journal: ports.journal, typeName: POLYGONS });
  const rows = async () => (await adapters.features.getFeatures({ typeName: POLYGONS })).features;
  return { adapters, ports, open, rows };
}

function stage(session: EditSession): void {
  for (const insert of STAGED.inserts) session.add(insert);
  for (const { id, ...changes } of STAGED.updates) session.update(id, changes);
  for (const id of STAGED.deletes) session.remove(id);
}

/** Staged changes that are neither on the server nor pending in the session. */
function lostEdits(rows: MapFeature[], pending: PendingChanges): number {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const names = (features: Array<{ properties: Record<string, unknown> }>) => features.map((feature) => feature.properties.name);
  let lost = 0;
  for (const insert of STAGED.inserts) {
    if (!names(rows).includes(insert.properties.name) && !names(pending.inserts).includes(insert.properties.name)) lost += 1;
  }
  for (const update of STAGED.updates) {
    const row = byId.get(update.id);
    const onServer = row !== undefined && (update.properties ? row.properties.name === update.properties.name : JSON.stringify(row.geometry) === JSON.stringify(update.geometry));
    if (!onServer && !pending.updates.some((pendingUpdate) => pendingUpdate.id === update.id)) lost += 1;
  }
  for (const id of STAGED.deletes) if (byId.has(id) && !pending.deletes.includes(id)) lost += 1;
  return lost;
}

/** Rows beyond one per staged insert. */
function duplicates(rows: MapFeature[]): number {
  return STAGED.inserts.reduce((sum, insert) => sum + Math.max(0, rows.filter((row) => row.properties.name === insert.properties.name).length - 1), 0);
}

/** Exactly the staged changes, each once, and nothing else. */
async function expectSavedOnce(rows: MapFeature[]): Promise<void> {
  expect(rows).toHaveLength(ROWS + STAGED.inserts.length - STAGED.deletes.length);
  expect(duplicates(rows)).toBe(0);
  for (const insert of STAGED.inserts) expect(rows.filter((row) => row.properties.name === insert.properties.name)).toHaveLength(1);
  expect(rows.find((row) => row.id === `${POLYGONS}.1`)?.properties.name).toBe('榕城');
  expect(rows.find((row) => row.id === `${POLYGONS}.2`)?.geometry).toEqual(square(118.1, 24.5));
  for (const id of STAGED.deletes) expect(rows.some((row) => row.id === id)).toBe(false);
}

async function journalMatches(session: EditSession, ports: FaultInjectingPorts): Promise<void> {
  await session.flushJournal();
  const entry = await ports.journal.load(POLYGONS);
  const pending = session.pending();
  expect(entry?.inserts.map((insert) => insert.handle) ?? []).toEqual(pending.inserts.map((insert) => insert.handle));
  expect(entry?.updates.map((update) => update.id) ?? []).toEqual(pending.updates.map((update) => update.id));
  expect(entry?.deletes ?? []).toEqual(pending.deletes);
}

describe('EditSession fault-injection suite (in-memory adapters)', () => {
  const cases = (['per-action', 'atomic'] as const).flatMap((mode) =>
    FAULTS.filter((fault) => mode === 'per-action' || fault !== 'partial').map((fault) => [fault, mode] as const),
  );

  it.for(cases)('%s (%s server): nothing lost, journal intact, classified, saved exactly once after the fault clears', async ([fault, mode], { task }) => {
    const { ports, open, rows } = setup(mode);
    const session = open();
    const errors: Array<EditSessionEvents['error']> = [];
    session.on('error', (error) => errors.push(error));
    await session.load();
    stage(session);
    await session.flushJournal();

    ports.arm(fault);
    const outcome = await session.save();
    expect(outcome.ok ? null : outcome.failure.kind).toBe(EXPECTED_SAVE_FAILURE_KIND[fault]);
    // The conflict check's read before the commit fails: nothing is sent.
    if (fault === 'truncated-json') expect(ports.commits).toBe(0);
    // A journal that cannot be written is reported, and the save goes through all the same.
    if (fault === 'journal-full') expect([ports.commits, errors.some((error) => error.operation === 'journal')]).toEqual([1, true]);
    const lost = lostEdits(await rows(), session.pending());
    expect(lost).toBe(0);
    ports.disarm();
    // A journal that could not be written catches up at the next save (checked after it).
    if (fault !== 'journal-full') await journalMatches(session, ports);

    let retries = 0;
    let last = outcome;
    while (!last.ok || retries === 0) {
      retries += 1;
      last = await session.save();
      if (retries > 2) break;
    }
    expect(last.ok).toBe(true);
    expect(session.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
    const after = await rows();
    await expectSavedOnce(after);
    await journalMatches(session, ports);
    expect(await ports.journal.load(POLYGONS)).toBeNull();
    expect(ports.injected).toBeGreaterThan(0);

    recordReliability(task, {
      suite: SUITE,
      fault: `${fault} (${mode})`,
      classifiedAs: EXPECTED_SAVE_FAILURE_KIND[fault] ?? 'save ok, journal failure reported',
      injected: ports.injected,
      edits: STAGED_EDITS,
      retries,
      lost: lost + lostEdits(after, session.pending()),
      duplicates: duplicates(after),
    });
  });

  it.for([
    ['the server committed', true],
    ['the server never got it', false],
  ] as const)('a page reload right after save was pressed (%s): the journal survives, a restore neither loses nor duplicates', async ([label, commits], { task }) => {
    const { adapters, ports, open, rows } = setup('per-action');
    const before = open();
    await before.load();
    stage(before);
    await before.flushJournal();
    // The page goes away while the transaction is out: its answer never arrives.
    const hung: FeatureTransactions = {
      commit: async (changes) => {
        if (commits) await adapters.transactions.commit(changes);
        return new Promise<CommitResult>(() => undefined);
      },
    };
    const dying = new EditSession({ clock, source: ports.source, transactions: hung, journal: ports.journal, typeName: POLYGONS });
    await dying.restore();
    void dying.save();
    await new Promise((resolve) => setTimeout(resolve, 10));

    const after = open();
    const report = await after.restore();
    expect(report).not.toBeNull();
    const lost = lostEdits(await rows(), after.pending());
    expect(lost).toBe(0);
    expect(after.pending().inserts).toHaveLength(commits ? 0 : STAGED.inserts.length);
    const outcome = await after.save();
    expect(outcome.ok).toBe(true);
    const saved = await rows();
    await expectSavedOnce(saved);

    recordReliability(task, {
      suite: SUITE,
      fault: `page reload right after save (${label})`,
      classifiedAs: 'restore reconciles',
      injected: 1,
      edits: STAGED_EDITS,
      retries: 1,
      lost,
      duplicates: duplicates(saved),
    });
  });

  it('a journal held by another tab is reported as a journal error; the edit stays and nothing is sent', async () => {
    const { ports, open } = setup('per-action');
    const session = open();
    const errors: Array<EditSessionEvents['error']> = [];
    session.on('error', (error) => errors.push(error));
    await session.load();
    const conflict = new JournalConflictError(POLYGONS);
    ports.journal.save = () => Promise.reject(conflict);
    const id = session.add({ geometry: square(118, 24), properties: { name: 'kept' } });
    await session.flushJournal();
    expect(errors).toEqual([{ operation: 'journal', error: conflict, message: conflict.message }]);
    expect(session.stateOf(id)).toBe('insert');
    const outcome = await session.save();
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'journal', committed: 'nothing-committed', error: conflict } });
    expect(ports.commits).toBe(0);
    expect(session.stateOf(id)).toBe('insert');
  });
});
