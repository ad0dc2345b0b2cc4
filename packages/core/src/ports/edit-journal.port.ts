import type { JournalEntry } from '../domain/journal.js';

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
  /** Asks the tab editing the layer to journal its pending edits and let go; resolves once this one may edit it. */
  takeOver?(typeName: string): Promise<void>;
  /** Runs `handler` (to journal what is pending) before this tab hands the layer to another; nothing is journaled after. */
  onHandOver?(typeName: string, handler: () => Promise<void> | void): () => void;
}
/** The inversify token of {@link EditJournal}. */
export const EDIT_JOURNAL = Symbol.for('gportal.EditJournal');
