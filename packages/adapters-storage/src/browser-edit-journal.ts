import { isJournalEntry, ValidationError, type EditJournal, type JournalEntry } from '@gportal/core';
import type { VersionedStorage } from './versioned-storage.js';

const KIND = 'journal';

/**
 * Pending edits per layer in browser storage. Each save replaces the layer's record in one
 * `setItem`, so a save that does not fit (`BrowserStorageError` `quota`) keeps the previous one.
 */
export class BrowserEditJournal implements EditJournal {
  constructor(private readonly records: VersionedStorage) {}

  async save(entry: JournalEntry): Promise<void> {
    if (!isJournalEntry(entry)) throw new ValidationError({ entry: 'not a journal entry' });
    this.records.write(KIND, entry.typeName, entry);
  }

  async load(typeName: string): Promise<JournalEntry | null> {
    const isEntryOfLayer = (data: unknown): data is JournalEntry => isJournalEntry(data) && data.typeName === typeName;
    return this.records.read(KIND, typeName, isEntryOfLayer) ?? null;
  }

  async clear(typeName: string): Promise<void> {
    this.records.remove(KIND, typeName);
  }
}
