import type { CommitResult, MapFeature } from '../domain/feature.js';
import { JournalConflictError, MapServerError } from '../errors/errors.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import type { FeatureTransactions } from '../ports/feature-transactions.port.js';
import { conflictFailures, findConflicts, forgetGone, idsToCheck, takeBaseline, type FeatureConflict } from './conflict-check.js';
import type { JournalWrite } from './journal-writer.js';
import type { Unconfirmed } from './journal-codec.js';
import { fetchByIds } from './layer-reads.js';
import { isEmpty, type PendingChanges, type PendingEdits } from './pending-edits.js';
import { preexistingOf, reconcile, type Preexisting } from './reconcile.js';
import { classifyCommitError, type SaveFailure } from './save-failure.js';
import { emptyResult, everyAction, settleCommit, settleReconciliation } from './save-settlement.js';
import { reportText, type SaveOutcome, type SessionEvents } from './session-events.js';

/** What the save pipeline works with: the session's changes, its server and its voice. */
export interface SaveHost {
  readonly edits: PendingEdits;
  readonly source: FeatureSource;
  readonly transactions: FeatureTransactions;
  readonly typeName: string;
  readonly events: SessionEvents;
  /** Whether the last load brought the whole layer (fewer features than `maxFeatures`). */
  wholeLayerLoaded(): boolean;
  journalPending(): Promise<JournalWrite>;
  /** Whether the last journal write failed (storage full): every save tries it again. */
  journalBehind(): boolean;
}

/**
 * Sending and settling a save. Nothing pending is dropped unless the server proved it committed:
 * a send whose outcome is unknown (timeout, dropped connection, unreadable answer) is journaled
 * before it goes out and reconciled with the server (see `reconcile.ts`) before anything is sent
 * again, by this session or by a later one restoring the journal.
 */
export class SavePipeline {
  /** Sends so far; journaled, so a restored session continues the count. */
  generation = 0;
  unconfirmed: Unconfirmed | undefined;
  /** The conflicts the last check found, by id, until resolved or checked again. */
  readonly conflicts = new Map<string, FeatureConflict>();
  /** Handles of inserts a reconciliation could not prove committed or not: never sent until the user decides. */
  readonly undecided = new Set<string>();

  constructor(private readonly host: SaveHost) {}

  async save(): Promise<SaveOutcome> {
    const { edits, events } = this.host;
    // Storage may have been freed since: a journal that caught up protects the drafts again.
    if (this.host.journalBehind()) await this.host.journalPending();
    if (this.unconfirmed) {
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
    const changes = this.sendable(edits.pending());
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
    this.generation += 1;
    this.unconfirmed = { changes, generation: this.generation, preexisting: [...preexisting.ids], preexistingComplete: preexisting.complete };
    const journaled = await this.host.journalPending();
    // A journal that cannot be written (storage full) never blocks a save: the failed write was
    // reported, and the user told that drafts are unprotected against a reload. Only another
    // tab editing the layer stops the send, since that tab may send the same edits.
    if (!journaled.ok && journaled.error instanceof JournalConflictError) {
      this.unconfirmed = undefined;
      const message = `the pending changes could not be journaled, so nothing was sent: ${reportText(journaled.error)}`;
      return this.failed({ kind: 'journal', committed: 'nothing-committed', message, failures: everyAction(changes, message), error: journaled.error });
    }
    let result: CommitResult;
    try {
      result = await this.host.transactions.commit({ typeName: this.host.typeName, ...changes });
    } catch (error) {
      const { kind, committed } = classifyCommitError(error);
      if (committed === 'nothing-committed') {
        this.unconfirmed = undefined;
        void this.host.journalPending();
      }
      const message = reportText(error);
      return this.failed({ kind, committed, message, failures: everyAction(changes, message), error });
    }
    const { unproven, settled, reload } = settleCommit(edits, changes, result);
    this.unconfirmed = isEmpty(unproven) ? undefined : { ...(this.unconfirmed as Unconfirmed), changes: unproven };
    await this.reload(reload);
    void this.host.journalPending();
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
    const { edits, events } = this.host;
    const changes = edits.pending();
    const ids = idsToCheck(changes);
    this.conflicts.clear();
    if (ids.length === 0) return { ok: true };
    let stored: MapFeature[];
    try {
      stored = await fetchByIds(this.host.source, this.host.typeName, ids);
    } catch (error) {
      const message = `the features to save could not be read again, so nothing was sent: ${reportText(error)}`;
      const kind = error instanceof MapServerError ? 'server-error' : 'connection-refused';
      return { ok: false, outcome: this.failed({ kind, committed: 'nothing-committed', message, failures: everyAction(changes, message), error }) };
    }
    const findings = findConflicts(edits, changes, new Map(stored.map((feature) => [feature.id, feature])));
    for (const theirs of findings.merges) takeBaseline(edits, theirs);
    for (const id of findings.gone) forgetGone(edits, id);
    const touched = [...findings.merges.map((feature) => feature.id), ...findings.gone];
    if (touched.length > 0) {
      void this.host.journalPending();
      events.emit('change', { reason: 'save', ids: touched });
    }
    if (findings.conflicts.length === 0) return { ok: true };
    for (const conflict of findings.conflicts) this.conflicts.set(conflict.id, conflict);
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
    const unconfirmed = this.unconfirmed;
    if (!unconfirmed) return [];
    const found = await reconcile(this.host.source, this.host.typeName, unconfirmed.changes, { ids: unconfirmed.preexisting, complete: unconfirmed.preexistingComplete });
    const ids = settleReconciliation(this.host.edits, unconfirmed.changes, found);
    // Still drafts, neither sent again nor dropped: the user keeps or discards each.
    for (const handle of found.undecided) if (this.host.edits.drafts.has(handle)) this.undecided.add(handle);
    ids.push(...found.undecided);
    this.unconfirmed = undefined;
    void this.host.journalPending();
    return ids;
  }

  /** What a save sends: everything pending but the undecided inserts. */
  private sendable(changes: PendingChanges): PendingChanges {
    return this.undecided.size === 0 ? changes : { ...changes, inserts: changes.inserts.filter((insert) => !this.undecided.has(insert.handle)) };
  }

  /**
   * The features equal to an insert before it is sent, which a later reconciliation must never
   * take for it: among the loaded ones when the whole layer is loaded, else read from the server
   * too (a look-alike beyond `maxFeatures` was never loaded). Throws when the server cannot be read.
   */
  private async preexisting(changes: PendingChanges): Promise<Preexisting> {
    const loaded = this.host.edits.lookalikes(changes);
    if (changes.inserts.length === 0 || this.host.wholeLayerLoaded()) return { ids: loaded, complete: true };
    const read = await preexistingOf(this.host.source, this.host.typeName, changes.inserts);
    return { ids: [...new Set([...loaded, ...read.ids])], complete: read.complete };
  }

  /** Replaces committed features by their server copies; a failed read keeps the local copies and is reported. */
  private async reload(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const { edits } = this.host;
    try {
      const features = await fetchByIds(this.host.source, this.host.typeName, ids);
      for (const feature of features) if (edits.loaded.has(feature.id)) edits.loaded.set(feature.id, feature);
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
