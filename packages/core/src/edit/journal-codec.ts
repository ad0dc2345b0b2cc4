import { fromJsonProperties, JOURNAL_VERSION, toJsonProperties, toJsonValue, type JournalBase, type JournalChanges, type JournalEntry, type UnconfirmedSend } from '../domain/journal.js';
import type { FeatureInsert, FeatureUpdate, MapFeature } from '../domain/feature.js';
import { isEmpty, type PendingChanges } from './pending-edits.js';

/** Sent changes whose outcome is not known yet, and the features that looked like its inserts before. */
export interface Unconfirmed {
  changes: PendingChanges;
  generation: number;
  preexisting: string[];
  /** False when the look-alikes could not all be read before the send: a look-alike found after it proves nothing. */
  preexistingComplete: boolean;
}

/** What a session journals beside its pending changes. */
export interface JournaledState {
  generation: number;
  unconfirmed: Unconfirmed | undefined;
  lastLocalId: number;
  undecided: readonly string[];
  aside: readonly FeatureInsert[];
  /** The server copies the pending updates were made on: each update journals its base from them. */
  loaded: ReadonlyMap<string, MapFeature>;
}

/** The loaded values of the fields an update changes (the geometry shared, not copied); `undefined` for a feature not loaded. */
export function baseOf(update: FeatureUpdate, loaded: MapFeature | undefined): JournalBase | undefined {
  if (!loaded) return undefined;
  const properties = Object.keys(update.properties ?? {}).map((name) => [name, toJsonValue(loaded.properties[name] ?? null)] as const);
  return {
    ...(update.geometry ? { geometry: loaded.geometry } : {}),
    ...(properties.length > 0 ? { properties: Object.fromEntries(properties) } : {}),
  };
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
  return { changes: fromJournalChanges(send), generation: send.generation, preexisting: send.preexisting, preexistingComplete: send.preexistingComplete ?? true };
}

/** The entry that records the pending changes and the unconfirmed send; `null` when there is nothing to keep. */
export function journalEntryOf(typeName: string, changes: PendingChanges, state: JournaledState): JournalEntry | null {
  const pendingSend = state.unconfirmed;
  const unconfirmed: UnconfirmedSend | undefined = pendingSend && {
    ...toJournalChanges(pendingSend.changes),
    generation: pendingSend.generation,
    preexisting: pendingSend.preexisting,
    preexistingComplete: pendingSend.preexistingComplete,
  };
  const aside = toJournalChanges({ inserts: [...state.aside], updates: [], deletes: [] }).inserts;
  if (isEmpty(changes) && !unconfirmed && aside.length === 0) return null;
  const journaled = toJournalChanges(changes);
  journaled.updates = journaled.updates.map((update, index) => {
    const base = baseOf(changes.updates[index] as FeatureUpdate, state.loaded.get(update.id));
    return base ? { ...update, base } : update;
  });
  return {
    version: JOURNAL_VERSION,
    typeName,
    savedAt: new Date().toISOString(),
    ...journaled,
    generation: state.generation,
    lastLocalId: state.lastLocalId,
    ...(unconfirmed ? { unconfirmed } : {}),
    ...(state.undecided.length > 0 ? { undecided: [...state.undecided] } : {}),
    ...(aside.length > 0 ? { aside } : {}),
  };
}
