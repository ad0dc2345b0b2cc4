import type { JournalEntry } from '../domain/journal.js';

/** Persists the pending edits of a layer so a reload or a crash loses none. */
export interface EditJournal {
  save(entry: JournalEntry): Promise<void>;
  /** `null` when nothing is journaled, or when what is stored is corrupt or foreign. */
  load(typeName: string): Promise<JournalEntry | null>;
  clear(typeName: string): Promise<void>;
}
export const EDIT_JOURNAL = Symbol.for('gportal.EditJournal');
