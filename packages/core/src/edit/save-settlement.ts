import type { ActionFailure, CommitResult } from '../domain/feature.js';
import type { PendingEdits, PendingChanges } from './pending-edits.js';
import { holdsSent, type Reconciliation } from './reconcile.js';

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
 * Clears what the server proved committed (an id for an insert; for updates and deletes, not
 * named as failed and accounted for by the totals) and keeps what it refused.
 */
export function settleCommit(edits: PendingEdits, sent: PendingChanges, result: CommitResult): Settlement {
  const named = (kind: ActionFailure['kind'], ref: string) => result.failures.some((failure) => failure.kind === kind && failure.ref === ref);
  const insertedIds = new Map(result.inserted.map(({ handle, id }) => [handle, id]));
  const unproven: PendingChanges = { inserts: [], updates: [], deletes: [] };
  const settled: string[] = [];
  const reload: string[] = [];
  for (const insert of sent.inserts) {
    const id = insertedIds.get(insert.handle);
    if (id === undefined) {
      if (!named('insert', insert.handle)) unproven.inserts.push(insert);
      continue;
    }
    edits.drafts.delete(insert.handle);
    // The local copy stands in until (or unless) the server copy arrives.
    edits.loaded.set(id, { id, geometry: insert.geometry, properties: insert.properties });
    settled.push(insert.handle, id);
    reload.push(id);
  }
  const updates = proven('update', sent.updates.map((update) => update.id), result.totals.updated, result.failures);
  for (const update of sent.updates) {
    if (updates.unproven.includes(update.id)) unproven.updates.push(update);
    const edited = edits.edited.get(update.id);
    if (!updates.committed.includes(update.id) || !edited) continue;
    edits.loaded.set(update.id, edited);
    edits.edited.delete(update.id);
    settled.push(update.id);
    reload.push(update.id);
  }
  const deletes = proven('delete', sent.deletes, result.totals.deleted, result.failures);
  unproven.deletes.push(...deletes.unproven);
  for (const id of deletes.committed) {
    edits.loaded.delete(id);
    edits.removed.delete(id);
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
    edits.drafts.delete(insert.handle);
    edits.loaded.set(copy.id, copy);
    // Removed since it was sent: the server has it, so it is to be deleted now.
    if (!draft) edits.removed.add(copy.id);
    // Edited since: the edit becomes an update of the committed feature.
    else if (!holdsSent(copy, draft.geometry, draft.properties)) edits.edited.set(copy.id, { id: copy.id, ...draft });
    ids.push(insert.handle, copy.id);
  }
  for (const [id, copy] of found.updated) {
    edits.loaded.set(id, copy);
    ids.push(id);
  }
  for (const id of [...found.gone, ...found.deleted]) {
    edits.loaded.delete(id);
    edits.edited.delete(id);
    edits.removed.delete(id);
    ids.push(id);
  }
  return ids;
}
