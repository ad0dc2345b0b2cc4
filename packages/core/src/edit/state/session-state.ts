import type { FeatureInsert, FeatureSchema } from '../../domain/feature.js';
import { EditHistory, isEmpty, PendingEdits } from '../changes/index.js';
import type { FeatureConflict, JournaledState, PendingChanges, Unconfirmed } from '../session-types.js';

/**
 * Everything an edit session holds, with one owner: the features loaded and the changes made to
 * them (`edits`), what undo and redo reach (`history`), what the map holds, what a send left
 * unconfirmed or undecided, the conflicts found, the drafts set aside, and what the last load
 * learned of the layer. The session's parts (saving, loading, the journal) hold no state of their
 * own: they read it here and change it through these methods, so no part writes another's fields.
 */
export class SessionState {
  readonly edits = new PendingEdits();
  readonly history: EditHistory;
  /** Features `hold` keeps loaded, with how many holds keep each. */
  private readonly holds = new Map<string, number>();
  /** Sends so far; journaled, so a restored session continues the count. */
  private sends = 0;
  private unconfirmedSend: Unconfirmed | undefined;
  /** The conflicts the last check found, by id, until resolved or checked again. */
  private readonly conflictsFound = new Map<string, FeatureConflict>();
  /**
   * Updates and deletes of a lost send, not found committed, whose feature a reconciliation saw
   * changed by another client in the fields this session changed (id → those fields): a conflict
   * whatever the server holds later, since a value written back (A, B, A again) looks unchanged.
   */
  private readonly contestedEdits = new Map<string, readonly string[]>();
  /** Handles of inserts a reconciliation could not prove committed or not: never sent until the user decides. */
  private readonly undecidedInserts = new Set<string>();
  /** Restored drafts whose geometry no longer fits the layer: journaled, never sent. */
  private asideDrafts: readonly FeatureInsert[] = [];
  private layerSchema: FeatureSchema | undefined;
  private everLoaded = false;
  private whole = false;

  constructor(undoSteps?: number) {
    this.history = new EditHistory(undoSteps);
  }

  /** The layer's schema, known after the first load. */
  get schema(): FeatureSchema | undefined {
    return this.layerSchema;
  }

  get loadedOnce(): boolean {
    return this.everLoaded;
  }

  /** Whether the last load brought the whole layer (fewer features than `maxFeatures`, not loaded by view). */
  get wholeLayer(): boolean {
    return this.whole;
  }

  /** A load replaced the features: what it learned of the layer; the conflicts found before no longer stand. */
  layerLoaded(schema: FeatureSchema, whole: boolean): void {
    this.layerSchema = schema;
    this.whole = whole;
    this.conflictsFound.clear();
    this.everLoaded = true;
  }

  /** Keeps the features `ids` loaded until the answer is called (see `EditSession.hold`). */
  hold(ids: Iterable<string>): () => void {
    const held = [...new Set(ids)];
    for (const id of held) this.holds.set(id, (this.holds.get(id) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const id of held) {
        const count = (this.holds.get(id) ?? 1) - 1;
        if (count > 0) this.holds.set(id, count);
        else this.holds.delete(id);
      }
    };
  }

  /** Whether a loaded feature must stay however far the view moves, as things stand now: pending, reachable by undo or redo, undecided, or held. */
  keeps(): (id: string) => boolean {
    const { edits } = this;
    const reached = this.history.reached();
    return (id) => edits.edited.has(id) || edits.removed.has(id) || reached.has(id) || this.undecidedInserts.has(id) || this.holds.has(id);
  }

  get generation(): number {
    return this.sends;
  }

  /** The send whose outcome is not known yet, if any: reconciled before anything is sent again. */
  get unconfirmed(): Unconfirmed | undefined {
    return this.unconfirmedSend;
  }

  /** A send goes out: counted, and unconfirmed (journaled as such) until the server's answer settles it. */
  sending(changes: PendingChanges, preexisting: { ids: readonly string[]; complete: boolean }, sentAt: number): void {
    this.sends += 1;
    this.unconfirmedSend = { changes, generation: this.sends, preexisting: [...preexisting.ids], preexistingComplete: preexisting.complete, sentAt };
  }

  /** The session stopped waiting for the send's answer at `at`: the server may still be running it. */
  sendUnknown(at: number): void {
    if (this.unconfirmedSend) this.unconfirmedSend = { ...this.unconfirmedSend, unknownAt: at };
  }

  /** The answer settled the send but for `unproven`, which stays unconfirmed. */
  sendSettled(unproven: PendingChanges): void {
    const send = this.unconfirmedSend;
    // The answer came: the request is over, so what it left unproven needs no waiting for (no `sentAt`).
    this.unconfirmedSend =
      send && !isEmpty(unproven) ? { changes: unproven, generation: send.generation, preexisting: send.preexisting, preexistingComplete: send.preexistingComplete } : undefined;
  }

  /** Nothing of the send is unknown any more: it never went out, or a reconciliation settled it. */
  sendKnown(): void {
    this.unconfirmedSend = undefined;
  }

  /** The sends a journal recorded: the count goes on from theirs, and their unconfirmed send is this session's. */
  restoreSends(generation: number, unconfirmed: Unconfirmed | undefined): void {
    this.sends = Math.max(this.sends, generation);
    if (unconfirmed) this.unconfirmedSend = unconfirmed;
  }

  get conflicts(): ReadonlyMap<string, FeatureConflict> {
    return this.conflictsFound;
  }

  /** The conflicts a check found, in place of those found before. */
  foundConflicts(conflicts: readonly FeatureConflict[]): void {
    this.conflictsFound.clear();
    this.addConflicts(conflicts);
  }

  /** Conflicts a load found on top of those that stand. */
  addConflicts(conflicts: readonly FeatureConflict[]): void {
    for (const conflict of conflicts) this.conflictsFound.set(conflict.id, conflict);
  }

  /** The conflict of `id` is settled; false when there was none. */
  conflictResolved(id: string): boolean {
    this.contestedEdits.delete(id);
    return this.conflictsFound.delete(id);
  }

  get contested(): ReadonlyMap<string, readonly string[]> {
    return this.contestedEdits;
  }

  /** Edits a reconciliation saw another client contest (see `contestedEdits`); each stays contested until its conflict is settled. */
  contest(edits: ReadonlyMap<string, readonly string[]>): void {
    for (const [id, fields] of edits) this.contestedEdits.set(id, [...new Set([...(this.contestedEdits.get(id) ?? []), ...fields])]);
  }

  /** The edit of `id` is no longer pending: nothing of it is contested. */
  uncontest(id: string): void {
    this.contestedEdits.delete(id);
  }

  get undecided(): ReadonlySet<string> {
    return this.undecidedInserts;
  }

  /** Inserts a reconciliation could not settle; only those still drawn are kept undecided. */
  markUndecided(handles: Iterable<string>): void {
    for (const handle of handles) if (this.edits.drafts.has(handle)) this.undecidedInserts.add(handle);
  }

  /** The user decided an undecided insert; false when it was not undecided. */
  decided(handle: string): boolean {
    return this.undecidedInserts.delete(handle);
  }

  /** What a save sends: everything pending but the undecided inserts. */
  sendable(changes: PendingChanges): PendingChanges {
    const undecided = this.undecidedInserts;
    return undecided.size === 0 ? changes : { ...changes, inserts: changes.inserts.filter((insert) => !undecided.has(insert.handle)) };
  }

  get aside(): readonly FeatureInsert[] {
    return this.asideDrafts;
  }

  /** The restored drafts that no longer fit the layer, kept in the journal and never sent. */
  setAside(drafts: readonly FeatureInsert[]): void {
    this.asideDrafts = drafts;
  }

  /** A redraw drops what sends left behind: the unconfirmed send, the undecided inserts and the drafts set aside. */
  forgetSends(): void {
    this.unconfirmedSend = undefined;
    this.contestedEdits.clear();
    this.undecidedInserts.clear();
    this.asideDrafts = [];
  }

  /** What the journal records beside the pending changes. */
  journaled(): JournaledState {
    return {
      generation: this.sends,
      unconfirmed: this.unconfirmedSend,
      lastLocalId: this.edits.lastLocalId,
      undecided: [...this.undecidedInserts],
      aside: this.asideDrafts,
      loaded: this.edits.loaded,
      contested: this.contestedEdits,
    };
  }
}
