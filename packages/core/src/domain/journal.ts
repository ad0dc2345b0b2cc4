import type { Geometry } from './geometry.js';
import type { Properties, PropertyValue } from './feature.js';

/** A property value in JSON form: dates become `{ $date: ISO }` so they survive storage. */
export type JsonPropertyValue = string | number | boolean | null | { $date: string };
/** {@link Properties} in JSON form. */
export type JsonProperties = Record<string, JsonPropertyValue>;

/** The format version of {@link JournalEntry}; other versions are not restored. */
export const JOURNAL_VERSION = 1;

/** Changes in JSON form: what is pending, or what was sent. */
export interface JournalChanges {
  inserts: Array<{ handle: string; geometry: Geometry; properties: JsonProperties }>;
  updates: Array<{ id: string; geometry?: Geometry; properties?: JsonProperties }>;
  deletes: string[];
}

/**
 * Changes sent to the server whose outcome is not confirmed. Written before the transaction is
 * sent and dropped once its answer is read, so a journal that outlives a committed save (its
 * clearing failed, the page was reloaded mid-save) is reconciled against the server, never replayed.
 */
export interface UnconfirmedSend extends JournalChanges {
  /** The session's send counter when it was sent. */
  generation: number;
  /** Features that already equalled one of the inserts before it was sent, so never taken for it. */
  preexisting: string[];
}

/** The pending edits of one layer, in a JSON-safe form that a later session can restore. */
export interface JournalEntry extends JournalChanges {
  version: typeof JOURNAL_VERSION;
  typeName: string;
  savedAt: string;
  /** Advanced by every save that sends; absent in entries written before it existed. */
  generation?: number;
  unconfirmed?: UnconfirmedSend;
}

/**
 * A property value in a JSON-safe form: a `Date` becomes `{ $date: ISO }`.
 *
 * @example
 * ```ts
 * toJsonValue(new Date('2024-05-01T00:00:00Z')); // { $date: '2024-05-01T00:00:00.000Z' }
 * fromJsonValue(toJsonValue(new Date(0))); // a Date again
 * ```
 */
export function toJsonValue(value: PropertyValue): JsonPropertyValue {
  return value instanceof Date ? { $date: value.toISOString() } : value;
}

/** A property value back from its JSON form (`{ $date }` becomes a `Date`). */
export function fromJsonValue(value: JsonPropertyValue): PropertyValue {
  if (value !== null && typeof value === 'object') return new Date(value.$date);
  return value;
}

/** {@link Properties} in a JSON-safe form. */
export function toJsonProperties(properties: Properties): JsonProperties {
  return Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, toJsonValue(value)]));
}

/** {@link Properties} back from their JSON form. */
export function fromJsonProperties(properties: JsonProperties): Properties {
  return Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, fromJsonValue(value)]));
}

/** Checks the shape of something read back from storage; foreign or corrupt data is refused. */
export function isJournalEntry(value: unknown): value is JournalEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<JournalEntry>;
  return (
    entry.version === JOURNAL_VERSION &&
    typeof entry.typeName === 'string' &&
    typeof entry.savedAt === 'string' &&
    Array.isArray(entry.inserts) &&
    Array.isArray(entry.updates) &&
    Array.isArray(entry.deletes) &&
    (entry.generation === undefined || typeof entry.generation === 'number') &&
    (entry.unconfirmed === undefined || isUnconfirmedSend(entry.unconfirmed))
  );
}

function isUnconfirmedSend(value: unknown): value is UnconfirmedSend {
  if (typeof value !== 'object' || value === null) return false;
  const sent = value as Partial<UnconfirmedSend>;
  return (
    typeof sent.generation === 'number' &&
    Array.isArray(sent.preexisting) &&
    Array.isArray(sent.inserts) &&
    Array.isArray(sent.updates) &&
    Array.isArray(sent.deletes)
  );
}
