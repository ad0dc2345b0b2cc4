import { fromJsonProperties, JOURNAL_VERSION, toJsonProperties, toJsonValue, type JournalBase, type JournalChanges, type JournalEntry, type UnconfirmedSend } from '../../domain/journal.js';
import type { FeatureUpdate, MapFeature } from '../../domain/feature.js';
import { isEmpty } from '../changes/index.js';
import type { JournaledState, PendingChanges, Unconfirmed } from '../session-types.js';

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
  return {
    changes: fromJournalChanges(send),
    generation: send.generation,
    preexisting: send.preexisting,
    preexistingComplete: send.preexistingComplete ?? true,
    ...(send.sentAt === undefined ? {} : { sentAt: send.sentAt }),
    ...(send.unknownAt === undefined ? {} : { unknownAt: send.unknownAt }),
  };
}

/** The entry that records the pending changes and the unconfirmed send; `null` when there is nothing to keep. */
export function journalEntryOf(typeName: string, changes: PendingChanges, state: JournaledState): JournalEntry | null {
  const pendingSend = state.unconfirmed;
  const unconfirmed: UnconfirmedSend | undefined = pendingSend && {
    ...toJournalChanges(pendingSend.changes),
    generation: pendingSend.generation,
    preexisting: pendingSend.preexisting,
    preexistingComplete: pendingSend.preexistingComplete,
    ...(pendingSend.sentAt === undefined ? {} : { sentAt: pendingSend.sentAt }),
    ...(pendingSend.unknownAt === undefined ? {} : { unknownAt: pendingSend.unknownAt }),
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
    ...(state.contested.size > 0 ? { contested: Object.fromEntries([...state.contested].map(([id, fields]) => [id, [...fields]])) } : {}),
  };
}
