import { fromJsonProperties, JOURNAL_VERSION, toJsonProperties, type JournalChanges, type JournalEntry, type UnconfirmedSend } from '../domain/journal.js';
import { isEmpty, type PendingChanges } from './pending-edits.js';

/** Sent changes whose outcome is not known yet, and the features that looked like its inserts before. */
export interface Unconfirmed {
  changes: PendingChanges;
  generation: number;
  preexisting: string[];
}

/** Changes in the journal's JSON-safe form (dates become `{ $date }`). */
export function toJournalChanges(changes: PendingChanges): JournalChanges {
  return {
    inserts: changes.inserts.map(({ handle, geometry, properties }) => ({ handle, geometry, properties: toJsonProperties(properties) })),
    updates: changes.updates.map(({ id, geometry, properties }) => ({
      id,
      ...(geometry ? { geometry } : {}),
      ...(properties ? { properties: toJsonProperties(properties) } : {}),
    })),
    deletes: changes.deletes,
  };
}

export function fromJournalChanges(changes: JournalChanges): PendingChanges {
  return {
    inserts: changes.inserts.map(({ handle, geometry, properties }) => ({ handle, geometry, properties: fromJsonProperties(properties) })),
    updates: changes.updates.map(({ id, geometry, properties }) => ({
      id,
      ...(geometry ? { geometry } : {}),
      ...(properties ? { properties: fromJsonProperties(properties) } : {}),
    })),
    deletes: changes.deletes,
  };
}

/** The unconfirmed send of a journal entry, back in the session's form. */
export function unconfirmedFromJournal(send: UnconfirmedSend): Unconfirmed {
  return { changes: fromJournalChanges(send), generation: send.generation, preexisting: send.preexisting };
}

/** The entry that records the pending changes and the unconfirmed send; `null` when there is neither. */
export function journalEntryOf(typeName: string, changes: PendingChanges, generation: number, pendingSend: Unconfirmed | undefined): JournalEntry | null {
  const unconfirmed: UnconfirmedSend | undefined = pendingSend && {
    ...toJournalChanges(pendingSend.changes),
    generation: pendingSend.generation,
    preexisting: pendingSend.preexisting,
  };
  if (isEmpty(changes) && !unconfirmed) return null;
  return {
    version: JOURNAL_VERSION,
    typeName,
    savedAt: new Date().toISOString(),
    ...toJournalChanges(changes),
    generation,
    ...(unconfirmed ? { unconfirmed } : {}),
  };
}
