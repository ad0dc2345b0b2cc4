import type { JournalEntry } from '../domain/journal.js';

/** Persists the pending edits of a layer so a reload or a crash loses none. */
export interface EditJournal {
  /** Stores the pending edits of the entry's layer, replacing what was stored for it. */
  save(entry: JournalEntry): Promise<void>;
  /** `null` when nothing is journaled, or when what is stored is corrupt or foreign. */
  load(typeName: string): Promise<JournalEntry | null>;
  /** Forgets the pending edits of a layer (after they were saved or discarded). */
  clear(typeName: string): Promise<void>;
}
/** The inversify token of {@link EditJournal}. */
export const EDIT_JOURNAL = Symbol.for('gportal.EditJournal');
