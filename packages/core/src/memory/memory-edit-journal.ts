import { isJournalEntry, type JournalEntry } from '../domain/journal.js';
import { ValidationError } from '../errors/errors.js';
import type { EditJournal } from '../ports/edit-journal.port.js';

export class MemoryEditJournal implements EditJournal {
  private readonly entries = new Map<string, string>();

  /** Keeps a copy of the layer's pending edits. */
  async save(entry: JournalEntry): Promise<void> {
    if (!isJournalEntry(entry)) throw new ValidationError({ entry: 'not a journal entry' });
    this.entries.set(entry.typeName, JSON.stringify(entry));
  }

  async load(typeName: string): Promise<JournalEntry | null> {
    const text = this.entries.get(typeName);
    if (text === undefined) return null;
    const entry: unknown = JSON.parse(text);
    return isJournalEntry(entry) ? entry : null;
  }

  /** Forgets the pending edits of a layer. */
  async clear(typeName: string): Promise<void> {
    this.entries.delete(typeName);
  }
}
