import type { ActionFailure, CommitResult } from '../../domain/feature.js';
import { holdsSent, type PendingEdits } from '../changes/index.js';
import type { PendingChanges } from '../session-types.js';
import type { Reconciliation } from './reconcile.js';

/** What a commit's answer settled. */
export interface Settlement {
  /** Neither proven committed nor refused: stays pending and unconfirmed. */
  unproven: PendingChanges;
  /** Ids whose features changed (a draft's handle and its new id both). */
  settled: string[];
  /** Committed features whose server copies are to be read again. */
  reload: string[];
}

export function emptyResult(): CommitResult {
  return { inserted: [], totals: { inserted: 0, updated: 0, deleted: 0 }, failures: [] };
}

/** A transaction that failed as a whole failed every one of its actions. */
export function everyAction(changes: PendingChanges, message: string): ActionFailure[] {
  return [
    ...changes.inserts.map((insert) => ({ kind: 'insert' as const, ref: insert.handle, message })),
    ...changes.updates.map((update) => ({ kind: 'update' as const, ref: update.id, message })),
    ...changes.deletes.map((id) => ({ kind: 'delete' as const, ref: id, message })),
  ];
}

/**
 * Splits the sent updates or deletes: those a failure names were refused; the others are
 * committed only when the server's total accounts for each of them and no failure is left
 * unmatched, otherwise their outcome is unknown.
 */
function proven(kind: 'update' | 'delete', ids: string[], total: number, failures: ActionFailure[]): { committed: string[]; unproven: string[] } {
  const ofKind = failures.filter((failure) => failure.kind === kind);
  const refused = new Set(ofKind.filter((failure) => ids.includes(failure.ref)).map((failure) => failure.ref));
  const rest = ids.filter((id) => !refused.has(id));
  const unmatched = ofKind.some((failure) => !ids.includes(failure.ref));
  return !unmatched && total >= rest.length ? { committed: rest, unproven: [] } : { committed: [], unproven: rest };
}

/**
 * The inserted ids of an answer, by handle, when they can be trusted: no handle twice, none that
 * was not sent. Otherwise none is: every insert of the answer is of unknown outcome.
 */
function trustedIds(sent: PendingChanges, result: CommitResult): Map<string, string> {
  const handles = result.inserted.map((entry) => entry.handle);
  const sentHandles = new Set(sent.inserts.map((insert) => insert.handle));
  const trusted = new Set(handles).size === handles.length && handles.every((handle) => sentHandles.has(handle));
  return trusted ? new Map(result.inserted.map(({ handle, id }) => [handle, id])) : new Map();
}

/**
 * Clears what the server proved committed (an id for an insert; for updates and deletes, not
 * named as failed and accounted for by the totals) and keeps what it refused. An insert neither
 * named by an id nor refused by a message (the server counted more than it named, or named one
 * twice) is unproven: checked against the server before it is sent again.
 */
export function settleCommit(edits: PendingEdits, sent: PendingChanges, result: CommitResult): Settlement {
  const named = (kind: ActionFailure['kind'], ref: string) => result.failures.some((failure) => failure.kind === kind && failure.ref === ref);
  const insertedIds = trustedIds(sent, result);
  const unproven: PendingChanges = { inserts: [], updates: [], deletes: [] };
  const settled: string[] = [];
  const reload: string[] = [];
  for (const insert of sent.inserts) {
    const id = insertedIds.get(insert.handle);
    if (id === undefined) {
      if (!named('insert', insert.handle)) unproven.inserts.push(insert);
      continue;
    }
    // The local copy stands in until (or unless) the server copy arrives.
    edits.insertCommitted(insert.handle, { id, geometry: insert.geometry, properties: insert.properties });
    settled.push(insert.handle, id);
    reload.push(id);
  }
  const updates = proven('update', sent.updates.map((update) => update.id), result.totals.updated, result.failures);
  for (const update of sent.updates) {
    if (updates.unproven.includes(update.id)) unproven.updates.push(update);
    if (!updates.committed.includes(update.id) || !edits.updateCommitted(update.id)) continue;
    settled.push(update.id);
    reload.push(update.id);
  }
  const deletes = proven('delete', sent.deletes, result.totals.deleted, result.failures);
  unproven.deletes.push(...deletes.unproven);
  for (const id of deletes.committed) {
    edits.forget(id);
    settled.push(id);
  }
  return { unproven, settled, reload };
}

/**
 * Settles what a reconciliation found the server committed of a send; what it did not stays
 * pending. Edits made since are kept on top. Returns the ids that changed.
 */
export function settleReconciliation(edits: PendingEdits, sent: PendingChanges, found: Reconciliation): string[] {
  const ids: string[] = [];
  for (const insert of sent.inserts) {
    const copy = found.inserted.get(insert.handle);
    if (!copy) continue;
    const draft = edits.drafts.get(insert.handle);
    edits.insertCommitted(insert.handle, copy);
    // Removed since it was sent: the server has it, so it is to be deleted now.
    if (!draft) edits.markRemoved(copy.id);
    // Edited since: the edit becomes an update of the committed feature.
    else if (!holdsSent(copy, draft.geometry, draft.properties)) edits.setEdited(copy.id, { id: copy.id, ...draft });
    ids.push(insert.handle, copy.id);
  }
  for (const copy of found.updated.values()) {
    edits.putServerCopy(copy);
    ids.push(copy.id);
  }
  // An update whose feature another client deleted stays pending: the conflict check reports it
  // (`theirs: null`) and the user keeps or drops it; only a delete the server carried out is settled.
  for (const id of found.deleted) {
    edits.forget(id);
    ids.push(id);
  }
  return ids;
}
