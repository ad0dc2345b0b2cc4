import { createWfsAdapters } from '@gportal/adapters-geoserver';
import { EditSession, type FeatureConflict, type Geometry, type MapFeature, type PropertyValue } from '@gportal/core';
import { faultyFetch, type InjectedFault } from './faulty-fetch.js';

/** Options of {@link runLoad}; the defaults are in {@link LOAD_RUN_DEFAULTS}. */
export interface LoadRunOptions {
  /** The WFS-T endpoint (QGIS Server + PostGIS of `scripts/wfs-server.sh`). */
  url: string;
  /** Edit sessions working side by side, each with its own adapters, as 20 staff would. */
  sessions?: number;
  /** How long each session keeps drawing, editing and deleting before it saves what is left and stops. */
  durationMs?: number;
  /** The point layer the sessions edit. */
  typeName?: string;
  /** Features drawn before the sessions start, which all of them edit (the overlaps). */
  sharedFeatures?: number;
  /** Share of Transactions that lose their answer after the server committed. */
  transactionFaultRate?: number;
  /** Share of GetFeature answers dropped. */
  readFaultRate?: number;
  /** Per request, answer included; an injected timeout waits this long. */
  timeoutMs?: number;
  /** A save that has not settled after this long counts its session as stuck. */
  saveDeadlineMs?: number;
  /** Seeds every session's choices, so a run can be repeated. */
  seed?: number;
}

export const LOAD_RUN_DEFAULTS = {
  sessions: 20,
  durationMs: 30_000,
  typeName: 'poi',
  sharedFeatures: 12,
  transactionFaultRate: 0.12,
  readFaultRate: 0.02,
  timeoutMs: 3_000,
  saveDeadlineMs: 45_000,
  seed: 20_260_101,
} as const;

/** One change a session made, and what became of it. */
export interface Change {
  session: number;
  kind: 'insert' | 'update' | 'delete';
  /** The feature's id: a session's local id for an insert until its save, then the server's. */
  id: string;
  /** Insert: its unique name. */
  name?: string;
  /** Update and delete: the token the session saw before it changed the feature (`String(population)`). */
  seen?: string;
  /** Insert and update: the token written (population, and a position derived from it). */
  token?: number;
  /**
   * `unknown`: a send of it lost its answer, and the conflict found afterwards was settled as
   * theirs. It may have committed before the other write, which the session cannot tell: the
   * check accepts it either way.
   */
  status: 'pending' | 'saved' | 'dropped' | 'unknown';
  /** A send of it lost its answer: whether the server committed it was never told. */
  uncertain?: boolean;
  /**
   * An insert whose outcome stayed undecided and that was discarded as saved: its stored copy is
   * found by its unique name (another user may have changed the rest of it).
   */
  decided?: boolean;
  /** Milliseconds since the sessions started. */
  at: number;
}

/** What happened to one session's save, conflict or load, for the trace of a feature the check found wrong. */
interface TraceEvent {
  at: number;
  session: number;
  what: string;
  /** Feature ids and insert names the event was about. */
  about: string[];
}

export interface LoadRunReport {
  sessions: number;
  durationMs: number;
  wallMs: number;
  saves: { succeeded: number; failed: number; perSecond: number; p50Ms: number; p95Ms: number; maxMs: number };
  changes: { inserts: number; updates: number; deletes: number; dropped: number };
  conflicts: { seen: number; resolvedMine: number; resolvedTheirs: number; ofDeletedFeatures: number };
  faults: { injected: number; timeoutAfterCommit: number; droppedAnswer: number; readsDropped: number; failuresByKind: Record<string, number> };
  undecidedInserts: number;
  stuckSessions: number[];
  /** Every way the server's rows differ from what the sessions say they saved, overlaps aside; empty when nothing was lost or doubled. */
  problems: string[];
  /**
   * Saved writes of two sessions made on the same copy of a feature, neither told of the other:
   * one overwrote (or deleted) the other unseen. Empty when every overlap was reported as a conflict.
   */
  unreportedOverlaps: string[];
  serverRows: number;
  /** For each feature named in `problems`: its changes and the events about it, in order. */
  traces: Record<string, Array<Change | TraceEvent>>;
}

/** A small seeded generator (mulberry32). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Where a feature carrying `token` stands: distinct tokens, distinct positions, exact at the project's 8 decimals. */
export function positionOf(token: number): Geometry {
  const at = (base: number, step: number) => Number((base + step / 1000).toFixed(3));
  return { type: 'Point', coordinates: [at(116, token % 4000), at(22, Math.floor(token / 4000) % 4000)] };
}

const tokenOf = (feature: { properties: Record<string, PropertyValue | undefined> } | undefined): string => String(feature?.properties.population ?? null);

function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `sessions` `EditSession`s against a real WFS-T server, each for `durationMs` drawing,
 * editing and deleting features of one layer (the shared ones too, so conflicts happen) and saving
 * as staff do: a failed save is tried again, a conflict is settled as `mine` or `theirs`, an
 * insert the server may already hold is decided by what the map shows. Now and then an answer is
 * lost after the server committed. At the end every session saves what is left with the faults
 * off, and the server's rows are checked against what the sessions say they saved.
 * The server must hold the layer's seed rows only (`scripts/wfs-server.sh reset`).
 */
export async function runLoad(options: LoadRunOptions): Promise<LoadRunReport> {
  const settings = { ...LOAD_RUN_DEFAULTS, ...options };
  const { url, typeName } = settings;
  const changes: Change[] = [];
  const saveTimes: number[] = [];
  const failuresByKind: Record<string, number> = {};
  const faults = { injected: 0, timeoutAfterCommit: 0, droppedAnswer: 0, readsDropped: 0 };
  const conflicts = { seen: 0, resolvedMine: 0, resolvedTheirs: 0, ofDeletedFeatures: 0 };
  const stuck: number[] = [];
  const events: TraceEvent[] = [];
  const since = () => Math.round(performance.now() - started);
  let undecided = 0;
  let succeeded = 0;
  let nextToken = 1_000_000;
  let faultsOn = true;

  // The shared features, drawn by one more client before anyone starts.
  const setup = new EditSession({ ...createWfsAdapters({ url, timeoutMs: 30_000 }), typeName });
  await setup.load();
  for (let index = 0; index < settings.sharedFeatures; index += 1) {
    const token = nextToken++;
    setup.add({ geometry: positionOf(token), properties: { name: `shared-${index}`, population: token } });
  }
  const started = performance.now();
  const prepared = await setup.save();
  if (!prepared.ok) throw new Error(`the shared features could not be saved: ${prepared.failure.kind} ${prepared.failure.message}`);
  /** Each feature's token before the sessions start. */
  const initial = new Map(setup.features().map((feature) => [feature.id, tokenOf(feature)]));

  async function runSession(index: number): Promise<void> {
    const random = generator(settings.seed + index * 7919);
    const fetch = faultyFetch({
      transactionFaultRate: settings.transactionFaultRate,
      readFaultRate: settings.readFaultRate,
      random: () => (faultsOn ? random() : 1),
      onFault: (fault: InjectedFault, request) => {
        faults.injected += 1;
        if (request === 'read') faults.readsDropped += 1;
        else if (fault === 'timeout-after-commit') faults.timeoutAfterCommit += 1;
        else faults.droppedAnswer += 1;
      },
    });
    const session = new EditSession({ ...createWfsAdapters({ url, fetch, timeoutMs: settings.timeoutMs }), typeName });
    const mine: Change[] = [];
    let drawn = 0;
    const trace = (what: string, about: string[]) => events.push({ at: since(), session: index, what, about });
    const track = (change: Omit<Change, 'at'>) => {
      const tracked = { ...change, at: since() };
      mine.push(tracked);
      changes.push(tracked);
    };
    const pendingChange = (id: string) => mine.find((change) => change.status === 'pending' && change.id === id);

    const load = async () => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          await session.load();
          trace('load', []);
          return;
        } catch (error) {
          if (attempt >= 5) throw error;
          await sleep(100);
        }
      }
    };

    function edit(): void {
      const existing = session.features().filter((feature) => feature.state === 'exist');
      const roll = random();
      if (roll < 0.3 || existing.length === 0) {
        const token = nextToken++;
        const name = `s${index}-${drawn++}`;
        const id = session.add({ geometry: positionOf(token), properties: { name, population: token } });
        track({ session: index, kind: 'insert', id, name, token, status: 'pending' });
        return;
      }
      // Mostly the shared features, so sessions meet on the same ones.
      const shared = existing.filter((feature) => String(feature.properties.name).startsWith('shared-'));
      const pool = shared.length > 0 && random() < 0.7 ? shared : existing;
      const target = pool[Math.floor(random() * pool.length)] as MapFeature;
      if (pendingChange(target.id)) return;
      if (roll < 0.88) {
        const token = nextToken++;
        const seen = tokenOf(target);
        session.update(target.id, { geometry: positionOf(token), properties: { population: token } });
        track({ session: index, kind: 'update', id: target.id, seen, token, status: 'pending' });
      } else {
        const seen = tokenOf(target);
        session.remove(target.id);
        track({ session: index, kind: 'delete', id: target.id, seen, status: 'pending' });
      }
    }

    function settleConflict(conflict: FeatureConflict): void {
      conflicts.seen += 1;
      const change = pendingChange(conflict.id);
      trace(`conflict on ${conflict.fields.join(', ')}, theirs ${conflict.theirs === null ? 'deleted' : tokenOf(conflict.theirs)}`, [conflict.id]);
      const dropped = change?.uncertain ? 'unknown' : 'dropped';
      if (conflict.theirs === null) {
        conflicts.ofDeletedFeatures += 1;
        conflicts.resolvedTheirs += 1;
        session.resolveConflict(conflict.id, 'theirs');
        if (change) change.status = dropped;
        return;
      }
      if (random() < 0.5) {
        conflicts.resolvedMine += 1;
        session.resolveConflict(conflict.id, 'mine');
        if (change) {
          // A lost send of it may have committed before theirs: that write stays one of unknown outcome.
          if (change.uncertain) changes.push({ ...change, status: 'unknown', uncertain: false, at: since() });
          // Now written over theirs, knowingly.
          Object.assign(change, { seen: tokenOf(conflict.theirs), uncertain: false });
        }
      } else {
        conflicts.resolvedTheirs += 1;
        session.resolveConflict(conflict.id, 'theirs');
        if (change) change.status = dropped;
      }
    }

    /** What the session no longer holds pending was saved (an insert then has the server's id). */
    function recordSaved(): void {
      const pending = session.pending();
      const inserts = new Set(pending.inserts.map((insert) => insert.handle));
      const updates = new Set(pending.updates.map((update) => update.id));
      const deletes = new Set(pending.deletes);
      for (const change of mine) {
        if (change.status !== 'pending') continue;
        if (change.kind === 'insert' && !inserts.has(change.id)) {
          const stored = session.features().find((feature) => feature.properties.name === change.name);
          if (stored) change.id = stored.id;
          change.status = 'saved';
        } else if (change.kind === 'update' && !updates.has(change.id)) change.status = 'saved';
        else if (change.kind === 'delete' && !deletes.has(change.id)) change.status = 'saved';
      }
    }

    /** Saves until nothing is pending, as staff press 保存 again after a failure; false when it did not get there. */
    async function saveAll(): Promise<boolean> {
      for (let attempt = 0; attempt < 12; attempt += 1) {
        const pending = session.pending();
        if (pending.inserts.length + pending.updates.length + pending.deletes.length === 0) return true;
        const begun = performance.now();
        const about = [...pending.inserts.map((insert) => String(insert.properties.name)), ...pending.updates.map((update) => update.id), ...pending.deletes];
        const sent = mine.filter((change) => change.status === 'pending');
        let deadline: ReturnType<typeof setTimeout> | undefined;
        const outcome = await Promise.race([
          session.save(),
          new Promise<'stuck'>((resolve) => {
            deadline = setTimeout(() => resolve('stuck'), settings.saveDeadlineMs);
          }),
        ]);
        clearTimeout(deadline);
        if (outcome === 'stuck') {
          stuck.push(index);
          return false;
        }
        saveTimes.push(performance.now() - begun);
        trace(outcome.ok ? 'save ok' : `save failed: ${outcome.failure.kind} (${outcome.failure.committed})`, about);
        recordSaved();
        // The map shows the copy the server holds of the drawing (by its unique name): it was saved.
        for (const id of session.undecidedInserts) {
          undecided += 1;
          const change = pendingChange(id);
          session.decideInsert(id, 'discard');
          if (change) Object.assign(change, { status: 'saved', decided: true });
        }
        if (outcome.ok) {
          succeeded += 1;
          continue;
        }
        failuresByKind[outcome.failure.kind] = (failuresByKind[outcome.failure.kind] ?? 0) + 1;
        if (outcome.failure.committed === 'unknown') for (const change of sent) change.uncertain = true;
        for (const conflict of outcome.failure.conflicts ?? []) settleConflict(conflict);
        if (outcome.failure.kind !== 'conflict') await sleep(50 + random() * 200);
      }
      return false;
    }

    await load();
    const until = started + settings.durationMs;
    while (performance.now() < until) {
      const edits = 1 + Math.floor(random() * 4);
      for (let count = 0; count < edits; count += 1) edit();
      if (!(await saveAll())) {
        if (stuck.includes(index)) return;
      }
      // Now and then a fresh look at what the others saved.
      if (random() < 0.3 && session.pending().inserts.length + session.pending().updates.length + session.pending().deletes.length === 0) await load();
      await sleep(100 + random() * 400);
    }
    // The faults stop before the last save, which must leave nothing pending.
    while (faultsOn) await sleep(50);
    if (!(await saveAll()) && !stuck.includes(index)) stuck.push(index);
    if (session.busy !== undefined && !stuck.includes(index)) stuck.push(index);
  }

  const running = Array.from({ length: settings.sessions }, (_, index) => runSession(index));
  await sleep(settings.durationMs);
  faultsOn = false;
  const ended = await Promise.allSettled(running);
  const wallMs = performance.now() - started;

  const problems: string[] = [];
  ended.forEach((result, index) => {
    if (result.status === 'rejected') problems.push(`session ${index} ended with ${String(result.reason)}`);
  });
  for (const index of stuck) problems.push(`session ${index} is stuck: a save did not settle within ${settings.saveDeadlineMs} ms or something stayed pending`);
  const unsettled = changes.filter((change) => change.status === 'pending');
  if (unsettled.length > 0) problems.push(`${unsettled.length} changes never saved nor dropped: ${unsettled.slice(0, 5).map((change) => `${change.kind} ${change.id}`).join(', ')}`);

  const rows = (await createWfsAdapters({ url, timeoutMs: 30_000 }).source.getFeatures({ typeName })).features;
  const found = compare(rows, initial, changes);
  const unreportedOverlaps = found.filter((problem) => problem.startsWith(OVERLAP));
  problems.push(...found.filter((problem) => !problem.startsWith(OVERLAP)));

  const traces: LoadRunReport['traces'] = {};
  const named = new Set([...problems, ...unreportedOverlaps].flatMap((problem) => problem.match(/\b(?:[a-z_]+\.\d+|s\d+-\d+|shared-\d+)\b/g) ?? []));
  for (const key of [...named].slice(0, 40)) {
    const related = changes.filter((change) => change.id === key || change.name === key);
    const keys = new Set([key, ...related.flatMap((change) => [change.id, ...(change.name ? [change.name] : [])])]);
    traces[key] = [...related, ...events.filter((event) => event.about.some((about) => keys.has(about)))].sort((a, b) => a.at - b.at);
  }

  saveTimes.sort((a, b) => a - b);
  const count = (kind: Change['kind']) => changes.filter((change) => change.kind === kind && change.status === 'saved').length;
  return {
    sessions: settings.sessions,
    durationMs: settings.durationMs,
    wallMs: Math.round(wallMs),
    saves: {
      succeeded,
      failed: Object.values(failuresByKind).reduce((sum, value) => sum + value, 0),
      perSecond: Number((succeeded / (wallMs / 1000)).toFixed(2)),
      p50Ms: Math.round(percentile(saveTimes, 0.5)),
      p95Ms: Math.round(percentile(saveTimes, 0.95)),
      maxMs: Math.round(saveTimes.at(-1) ?? 0),
    },
    changes: { inserts: count('insert'), updates: count('update'), deletes: count('delete'), dropped: changes.filter((change) => change.status === 'dropped').length },
    conflicts,
    faults: { ...faults, failuresByKind },
    undecidedInserts: undecided,
    stuckSessions: stuck,
    problems,
    unreportedOverlaps,
    serverRows: rows.length,
    traces,
  };
}

export const OVERLAP = 'overlap not reported: ';

/**
 * The server's rows against the sessions' saved changes. Per feature the saved writes must form
 * one chain from its first token, each write made on the token the previous one wrote: two saved
 * writes made on the same token mean one overwrote the other unseen (an overlap not reported as a
 * conflict; two deletes of one feature are not, they leave what either would). The row must hold
 * a token some saved write wrote (the chain's end when there was no such overlap), or be gone
 * after a saved delete; no other row may exist, and no insert may be stored twice. A write of
 * unknown outcome (its answer lost, then settled as theirs in a conflict) may be a link of the
 * chain, its token the row's, its delete the row's absence: the session told its user of the
 * conflict, and cannot know more. Made on the token a saved write was made on, it is an overlap
 * too (had it committed, one overwrote the other).
 */
export function compare(rows: readonly MapFeature[], initial: ReadonlyMap<string, string>, changes: readonly Change[]): string[] {
  const problems: string[] = [];
  const byRowName = new Map(rows.map((row) => [String(row.properties.name), row.id]));
  const saved = changes
    .filter((change) => change.status === 'saved')
    .map((change) => (change.decided ? { ...change, id: byRowName.get(change.name as string) ?? change.id } : change));
  const maybe = changes.filter((change) => change.status === 'unknown');
  const start = new Map(initial);
  for (const insert of saved.filter((change) => change.kind === 'insert')) {
    if (start.has(insert.id)) problems.push(`insert ${insert.name} of session ${insert.session} was given ${insert.id}, already another feature's id`);
    start.set(insert.id, String(insert.token));
  }
  const byName = new Map<string, number>();
  for (const row of rows) byName.set(String(row.properties.name), (byName.get(String(row.properties.name)) ?? 0) + 1);
  for (const [name, times] of byName) if (times > 1) problems.push(`doubled: ${name} is stored ${times} times`);
  const rowsById = new Map(rows.map((row) => [row.id, row]));

  for (const [id, first] of start) {
    const writes = saved.filter((change) => change.kind !== 'insert' && change.id === id);
    const bySeen = new Map<string, Change[]>();
    for (const write of writes) bySeen.set(write.seen as string, [...(bySeen.get(write.seen as string) ?? []), write]);
    let overlapped = false;
    for (const [seen, same] of bySeen) {
      if (same.length < 2 || same.every((write) => write.kind === 'delete')) continue;
      overlapped = true;
      problems.push(`${OVERLAP}${id}, ${same.length} saved writes made on token ${seen} (${same.map((write) => `${write.kind} by session ${write.session} at ${write.at} ms`).join(', ')})`);
    }
    const maybeWrites = maybe.filter((change) => change.id === id);
    // A write of unknown outcome made on the token a saved write was made on: had it committed
    // (it may have), one of the two overwrote the other unseen, the same race as two saved
    // writes on one token, and the chain may run on from either.
    for (const write of maybeWrites) {
      const same = bySeen.get(write.seen as string);
      if (!same || (write.kind === 'delete' && same.every((other) => other.kind === 'delete'))) continue;
      overlapped = true;
      problems.push(
        `${OVERLAP}${id}, a write of unknown outcome (${write.kind} by session ${write.session} at ${write.at} ms) and ${same.length} saved made on token ${write.seen} (${same.map((other) => `${other.kind} by session ${other.session} at ${other.at} ms`).join(', ')})`,
      );
    }
    const row = rowsById.get(id);
    rowsById.delete(id);
    const deletes = writes.filter((write) => write.kind === 'delete');
    if (deletes.length > 0) {
      if (row) problems.push(`still stored: ${id}, deleted by a saved delete of session ${deletes[0]?.session}`);
      continue;
    }
    if (!row) {
      if (!maybeWrites.some((write) => write.kind === 'delete')) problems.push(`lost: ${id} is not stored, yet no saved delete removed it`);
      continue;
    }
    const stored = tokenOf(row);
    const written = new Set([first, ...[...writes, ...maybeWrites].filter((write) => write.kind === 'update').map((write) => String(write.token))]);
    if (!written.has(stored)) problems.push(`unsaved value stored: ${id} holds token ${stored}, which no saved write wrote`);
    else if (!overlapped) {
      let current = first;
      const visited = new Set<Change>();
      // A write of unknown outcome may be a link of the chain: the next write was made on it.
      const after = (token: string) => bySeen.get(token)?.[0] ?? maybeWrites.find((write) => write.kind === 'update' && write.seen === token);
      for (let next = after(current); next && !visited.has(next); next = after(current)) {
        visited.add(next);
        current = String(next.token);
      }
      for (const write of writes) if (!visited.has(write)) problems.push(`stale write saved: ${id}, ${write.kind} by session ${write.session} made on token ${write.seen}, not the current one`);
      if (stored !== current) problems.push(`lost: ${id} holds token ${stored}, the last saved write wrote ${current}`);
    }
    const expected = positionOf(Number(stored));
    if (initial.get(id) !== stored && JSON.stringify(row.geometry.coordinates) !== JSON.stringify(expected.coordinates)) {
      problems.push(`lost geometry: ${id} stands at ${JSON.stringify(row.geometry.coordinates)}, token ${stored} puts it at ${JSON.stringify(expected.coordinates)}`);
    }
  }
  for (const [id, row] of rowsById) problems.push(`stored unsaved: ${id} (${String(row.properties.name)}), no session saved it`);
  return problems;
}
