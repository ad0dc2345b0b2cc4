import type { JournalEntry } from '../domain/journal.js';

/** How {@link EditJournal.takeOver} got the layer's journal. */
export type JournalTakeOver = 'handed-over' | 'taken';

/** Persists the pending edits of a layer so a reload or a crash loses none. */
export interface EditJournal {
  /** Stores the pending edits of the entry's layer, replacing what was stored for it. */
  save(entry: JournalEntry): Promise<void>;
  /** `null` when nothing is journaled, or when what is stored is corrupt or foreign. */
  load(typeName: string): Promise<JournalEntry | null>;
  /** Forgets the pending edits of a layer (after they were saved or discarded). */
  clear(typeName: string): Promise<void>;
  /**
   * Where several tabs (windows) share the journal, one edits a layer at a time. Whether this one
   * may: it holds the layer's journal, or takes it because no other tab does. Absent: always.
   */
  claim?(typeName: string): Promise<boolean>;
  /**
   * Asks the tab editing the layer to journal its pending edits and let go; resolves once this one
   * may edit it, saying how: `handed-over` by that tab (having waited for a save it had under
   * way), or `taken` from a tab that did not answer in time, whose last send may still land.
   */
  takeOver?(typeName: string): Promise<JournalTakeOver>;
  /** Runs `handler` (to journal what is pending) before this tab hands the layer to another; nothing is journaled after. */
  onHandOver?(typeName: string, handler: () => Promise<void> | void): () => void;
}
/** The inversify token of {@link EditJournal}. */
export const EDIT_JOURNAL = Symbol.for('gportal.EditJournal');
