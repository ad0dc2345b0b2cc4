import type { CommitResult, MapFeature } from '../../domain/feature.js';
import { JournalConflictError, MapServerError } from '../../errors/errors.js';
import type { FeatureSource } from '../../ports/feature-source.port.js';
import type { FeatureTransactions } from '../../ports/feature-transactions.port.js';
import { fetchByIds } from '../../view-loading/index.js';
import { isEmpty } from '../changes/index.js';
import { reportText, type SessionEvents, type SessionState } from '../state/index.js';
import type { JournalPort, PendingChanges, SaveFailure, SaveOutcome, SessionClock, Unconfirmed } from '../session-types.js';
import { conflictFailures, findConflicts, idsToCheck, takeBaseline } from './conflict-check.js';
import { mergeFindings, preexistingOf, reconcile, strangersOf, type Preexisting, type Reconciliation } from './reconcile.js';
import { classifyCommitError } from './save-failure.js';
import { emptyResult, everyAction, settleCommit, settleReconciliation } from './save-settlement.js';

/** What the save pipeline works with: the session's state, its server, its journal and its voice. */
export interface SaveHost {
  readonly state: SessionState;
  readonly source: FeatureSource;
  readonly transactions: FeatureTransactions;
  readonly typeName: string;
  readonly events: SessionEvents;
  /** Every save writes the journal again when its last write failed (storage full), so a journal that caught up protects the drafts again. */
  readonly journal: JournalPort;
  readonly clock: SessionClock;
  /** See `EditSessionOptions.unknownOutcomeWindowMs`. */
  readonly unknownOutcomeWindowMs: number;
}

/** How long a lost transaction may still commit after its sender stopped waiting, unless a session is told otherwise. */
export const DEFAULT_UNKNOWN_OUTCOME_WINDOW_MS = 30_000;

/** Whether the reconciliation found every part of the send committed (or beyond committing: gone, undecided). */
function allFound(sent: Unconfirmed['changes'], found: Reconciliation): boolean {
  return (
    sent.inserts.every((insert) => found.inserted.has(insert.handle) || found.undecided.includes(insert.handle)) &&
    sent.updates.every((update) => found.updated.has(update.id) || found.gone.includes(update.id)) &&
    sent.deletes.every((id) => found.deleted.includes(id))
  );
}

/**
 * Sending and settling a save. Nothing pending is dropped unless the server proved it committed:
 * a send whose outcome is unknown (timeout, dropped connection, unreadable answer) is journaled
 * before it goes out and reconciled with the server (see `reconcile.ts`) before anything is sent
 * again, by this session or by a later one restoring the journal. What it learns goes into the
 * session's state (`SessionState`): it keeps nothing of its own.
 */
export class SavePipeline {
  constructor(private readonly host: SaveHost) {}

  async save(): Promise<SaveOutcome> {
    const { state, events, journal } = this.host;
    const { edits } = state;
    // Storage may have been freed since: a journal that caught up protects the drafts again.
    if (journal.behind) await journal.write();
    if (state.unconfirmed) {
      try {
        const ids = await this.reconcileUnconfirmed();
        if (ids.length > 0) events.emit('change', { reason: 'save', ids });
      } catch (error) {
        const message = `the outcome of the last save is still unknown: ${reportText(error)}`;
        return this.failed({ kind: classifyCommitError(error).kind, committed: 'unknown', message, failures: everyAction(edits.pending(), message), error });
      }
    }
    const checked = await this.checkConflicts();
    if (!checked.ok) return checked.outcome;
    const changes = state.sendable(edits.pending());
    if (isEmpty(changes)) {
      const result = emptyResult();
      events.emit('save:success', { result });
      return { ok: true, result };
    }
    let preexisting: Preexisting;
    try {
      preexisting = await this.preexisting(changes);
    } catch (error) {
      const message = `the layer could not be read before sending, so nothing was sent: ${reportText(error)}`;
      return this.failed({ kind: classifyCommitError(error).kind, committed: 'nothing-committed', message, failures: everyAction(changes, message), error });
    }
    state.sending(changes, preexisting, this.host.clock.now());
    const journaled = await journal.write();
    // A journal that cannot be written (storage full) never blocks a save: the failed write was
    // reported, and the user told that drafts are unprotected against a reload. Only another
    // tab editing the layer stops the send, since that tab may send the same edits.
    if (!journaled.ok && journaled.error instanceof JournalConflictError) {
      state.sendKnown();
      const message = `the pending changes could not be journaled, so nothing was sent: ${reportText(journaled.error)}`;
      return this.failed({ kind: 'journal', committed: 'nothing-committed', message, failures: everyAction(changes, message), error: journaled.error });
    }
    let result: CommitResult;
    try {
      result = await this.host.transactions.commit({ typeName: this.host.typeName, ...changes });
    } catch (error) {
      const { kind, committed } = classifyCommitError(error);
      if (committed === 'nothing-committed') state.sendKnown();
      else state.sendUnknown(this.host.clock.now());
      void journal.write();
      const message = reportText(error);
      return this.failed({ kind, committed, message, failures: everyAction(changes, message), error });
    }
    const { unproven, settled, reload } = settleCommit(edits, changes, result);
    state.sendSettled(unproven);
    await this.reload(reload);
    void journal.write();
    if (settled.length > 0) events.emit('change', { reason: 'save', ids: settled });
    const unprovenFailures = everyAction(unproven, 'not confirmed by the server').filter(
      (entry) => !result.failures.some((failure) => failure.kind === entry.kind && failure.ref === entry.ref),
    );
    if (result.failures.length === 0 && unprovenFailures.length === 0) {
      events.emit('save:success', { result });
      return { ok: true, result };
    }
    const failures = [...result.failures, ...unprovenFailures];
    const message = failures.map((failure) => `${failure.kind} ${failure.ref}: ${failure.message}`).join('; ');
    return this.failed({ kind: 'partial', committed: isEmpty(unproven) ? 'partly-committed' : 'unknown', message, failures, result });
  }

  /**
   * Reads the features about to be updated or deleted again (one request) and compares them with
   * the loaded copies (see `conflict-check.ts`): merges what merges, forgets removed features
   * already deleted, and stops the save on a conflict or when the read fails. Nothing is sent either way.
   */
  private async checkConflicts(): Promise<{ ok: true } | { ok: false; outcome: SaveOutcome }> {
    const { state, events } = this.host;
    const { edits } = state;
    const changes = edits.pending();
    const ids = idsToCheck(changes);
    state.foundConflicts([]);
    if (ids.length === 0) return { ok: true };
    let stored: MapFeature[];
    try {
      stored = await fetchByIds(this.host.source, this.host.typeName, ids);
    } catch (error) {
      const message = `the features to save could not be read again, so nothing was sent: ${reportText(error)}`;
      const kind = error instanceof MapServerError ? 'server-error' : 'connection-refused';
      return { ok: false, outcome: this.failed({ kind, committed: 'nothing-committed', message, failures: everyAction(changes, message), error }) };
    }
    const copies = new Map(stored.map((feature) => [feature.id, feature]));
    const findings = findConflicts(edits, changes, copies);
    // What a reconciliation saw contested stays a conflict, though the server's copy now looks as loaded.
    for (const [id, fields] of state.contested) {
      const pending = changes.updates.some((update) => update.id === id) || changes.deletes.includes(id);
      if (!pending) state.uncontest(id);
      else if (!findings.conflicts.some((conflict) => conflict.id === id) && copies.has(id)) findings.conflicts.push({ id, fields: [...fields], theirs: copies.get(id) as MapFeature });
    }
    for (const theirs of findings.merges) takeBaseline(edits, theirs);
    // Removed features another client deleted already are simply gone.
    for (const id of findings.gone) edits.forget(id);
    const touched = [...findings.merges.map((feature) => feature.id), ...findings.gone];
    if (touched.length > 0) {
      void this.host.journal.write();
      events.emit('change', { reason: 'save', ids: touched });
    }
    if (findings.conflicts.length === 0) return { ok: true };
    state.foundConflicts(findings.conflicts);
    const failures = conflictFailures(changes, findings.conflicts);
    const message = failures.map((failure) => `${failure.kind} ${failure.ref}: ${failure.message}`).join('; ');
    return { ok: false, outcome: this.failed({ kind: 'conflict', committed: 'nothing-committed', message, failures, conflicts: findings.conflicts }) };
  }

  /**
   * Asks the server what became of the unconfirmed send and settles what it committed; what it
   * did not stays pending. Edits made since are kept on top. Throws (and changes nothing) when
   * the server cannot be read. Returns the ids that changed.
   */
  async reconcileUnconfirmed(): Promise<string[]> {
    const { state } = this.host;
    const unconfirmed = state.unconfirmed;
    if (!unconfirmed) return [];
    const preexisting = { ids: unconfirmed.preexisting, complete: unconfirmed.preexistingComplete };
    let found = await reconcile(this.host.source, this.host.typeName, unconfirmed.changes, preexisting);
    const looks = [found];
    // Not found yet is no proof while the lost request may still be running: it may commit a
    // moment later, after this session sent the same insert again (stored twice) or a newer
    // value of the same update (overwritten by the older one). Wait it out, then look again.
    const stoppedWaiting = unconfirmed.unknownAt ?? unconfirmed.sentAt;
    const wait = stoppedWaiting === undefined ? 0 : stoppedWaiting + this.host.unknownOutcomeWindowMs - this.host.clock.now();
    if (wait > 0 && !allFound(unconfirmed.changes, found)) {
      this.host.events.emit('save:waiting', { ms: wait });
      await this.host.clock.sleep(wait);
      const second = await reconcile(this.host.source, this.host.typeName, unconfirmed.changes, preexisting);
      looks.push(second);
      found = mergeFindings(found, second);
    }
    await this.undecideStrangers(unconfirmed, found);
    state.contest(this.contestedIn(unconfirmed.changes, found, looks));
    const ids = settleReconciliation(state.edits, unconfirmed.changes, found);
    // Still drafts, neither sent again nor dropped: the user keeps or discards each. Those found
    // committed are decided by the server.
    state.markUndecided(found.undecided);
    for (const handle of found.inserted.keys()) state.decided(handle);
    ids.push(...found.undecided);
    state.sendKnown();
    void this.host.journal.write();
    return ids;
  }

  /**
   * The sent updates and deletes not found committed whose feature a look found changed by
   * another client where this session changed it (for a delete, anywhere), with those fields. The
   * check before the next send compares the server's copy with the loaded one, and would miss a
   * value written back meanwhile: the lost send may have committed, been overwritten and the
   * field set back to the loaded value, and sending again would overwrite both unseen.
   */
  private contestedIn(sent: Unconfirmed['changes'], found: Reconciliation, looks: readonly Reconciliation[]): Map<string, string[]> {
    const open = {
      inserts: [],
      updates: sent.updates.filter((update) => !found.updated.has(update.id) && !found.gone.includes(update.id)),
      deletes: sent.deletes.filter((id) => !found.deleted.includes(id)),
    };
    const contested = new Map<string, string[]>();
    for (const look of looks) {
      for (const { id, fields, theirs } of findConflicts(this.host.state.edits, open, look.copies).conflicts) {
        if (theirs) contested.set(id, [...new Set([...(contested.get(id) ?? []), ...fields])]);
      }
    }
    return contested;
  }

  /**
   * Inserts not found that may yet be committed and changed since by another user (see
   * `strangersOf`) become undecided: sending them again could store them twice.
   */
  private async undecideStrangers(unconfirmed: Unconfirmed, found: Reconciliation): Promise<void> {
    const { edits } = this.host.state;
    // Held by the session, found by this reconciliation, or already there before the send.
    const seen = new Set([...[...found.inserted.values()].map((copy) => copy.id), ...found.updated.keys(), ...unconfirmed.preexisting]);
    const known = (id: string) => seen.has(id) || edits.loaded.has(id) || edits.edited.has(id) || edits.removed.has(id);
    for (const insert of unconfirmed.changes.inserts) {
      if (found.inserted.has(insert.handle) || found.undecided.includes(insert.handle)) continue;
      if (await strangersOf(this.host.source, this.host.typeName, insert, known)) found.undecided.push(insert.handle);
    }
  }

  /**
   * The features equal to an insert before it is sent, which a later reconciliation must never
   * take for it: among the loaded ones when the whole layer is loaded, else read from the server
   * too (a look-alike beyond `maxFeatures` was never loaded). Throws when the server cannot be read.
   */
  private async preexisting(changes: PendingChanges): Promise<Preexisting> {
    const loaded = this.host.state.edits.lookalikes(changes);
    if (changes.inserts.length === 0 || this.host.state.wholeLayer) return { ids: loaded, complete: true };
    const read = await preexistingOf(this.host.source, this.host.typeName, changes.inserts);
    return { ids: [...new Set([...loaded, ...read.ids])], complete: read.complete };
  }

  /** Replaces committed features by their server copies; a failed read keeps the local copies and is reported. */
  private async reload(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      this.host.state.edits.refresh(await fetchByIds(this.host.source, this.host.typeName, ids));
    } catch (error) {
      // The commit stands; the reader is told the reload failed.
      this.host.events.error('save', error);
    }
  }

  private failed(failure: SaveFailure): SaveOutcome {
    this.host.events.emit('save:failed', failure);
    return { ok: false, failure };
  }
}
