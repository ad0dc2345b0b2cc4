import { isGeometry, type Geometry } from './geometry.js';
import type { Properties, PropertyValue } from './feature.js';

/** A property value in JSON form: dates become `{ $date: ISO }` so they survive storage. */
export type JsonPropertyValue = string | number | boolean | null | { $date: string };
/** {@link Properties} in JSON form. */
export type JsonProperties = Record<string, JsonPropertyValue>;

/** The format version of {@link JournalEntry}; other versions are not restored. */
export const JOURNAL_VERSION = 1;

/**
 * The server's values an update was made on, for the fields it changes only (the geometry only
 * when the shape changed; a property the feature lacked is `null`). A restored session compares
 * them with the server's copy, so a change another client made before a reload is still a conflict.
 */
export interface JournalBase {
  geometry?: Geometry;
  properties?: JsonProperties;
}

/** Changes in JSON form: what is pending, or what was sent. */
export interface JournalChanges {
  inserts: Array<{ handle: string; geometry: Geometry; properties: JsonProperties }>;
  /** `base` is absent in entries written before it existed: those restore onto the server's copy as it is then. */
  updates: Array<{ id: string; geometry?: Geometry; properties?: JsonProperties; base?: JournalBase }>;
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
  /** False when those features could not all be read; absent in entries written before it existed. */
  preexistingComplete?: boolean;
  /** When it was sent, in milliseconds since the epoch; absent in entries written before it existed. */
  sentAt?: number;
  /** When the sender stopped waiting for its answer; absent while it was still out (the page went away mid-send). */
  unknownAt?: number;
}

/** The pending edits of one layer, in a JSON-safe form that a later session can restore. */
export interface JournalEntry extends JournalChanges {
  version: typeof JOURNAL_VERSION;
  typeName: string;
  savedAt: string;
  /** Advanced by every save that sends; absent in entries written before it existed. */
  generation?: number;
  unconfirmed?: UnconfirmedSend;
  /** The last local id (`new-<n>`) handed out for this layer, so a restored session never hands it out again. */
  lastLocalId?: number;
  /** Inserts a reconciliation could not prove committed or not: kept pending until the user keeps or discards each. */
  undecided?: string[];
  /** Drafts whose geometry no longer fits the layer: kept here, never sent, until discarded. */
  aside?: JournalChanges['inserts'];
  /**
   * Edits of a lost send that a reconciliation saw another client change where this session did
   * (id → the fields): the next check reports each as a conflict, whatever the server then holds.
   */
  contested?: Record<string, string[]>;
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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A property value a journal can hold: a finite number, a string, a boolean, null, or a date that is one. */
export function isJsonPropertyValue(value: unknown): value is JsonPropertyValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return isObject(value) && typeof value.$date === 'string' && !Number.isNaN(new Date(value.$date).getTime());
}

/** Whether a value is a journaled property map: string keys to text, finite numbers, booleans, `null` or tagged dates. */
export function isJsonProperties(value: unknown): value is JsonProperties {
  return isObject(value) && Object.values(value).every(isJsonPropertyValue);
}

const isText = (value: unknown): value is string => typeof value === 'string';

function isJournalBase(value: unknown): value is JournalBase {
  return isObject(value) && (value.geometry === undefined || isGeometry(value.geometry)) && (value.properties === undefined || isJsonProperties(value.properties));
}

/**
 * Every change is checked down to its positions and values (`isGeometry`, `isJsonProperties`):
 * a journal restored from storage another build, a tab or a person wrote feeds a session, and
 * through it the map and the server.
 */
function isJournalChanges(value: Record<string, unknown>): boolean {
  const { inserts, updates, deletes } = value;
  return (
    Array.isArray(inserts) &&
    inserts.every((insert) => isObject(insert) && isText(insert.handle) && isGeometry(insert.geometry) && isJsonProperties(insert.properties)) &&
    Array.isArray(updates) &&
    updates.every(
      (update) =>
        isObject(update) &&
        isText(update.id) &&
        (update.geometry === undefined || isGeometry(update.geometry)) &&
        (update.properties === undefined || isJsonProperties(update.properties)) &&
        (update.base === undefined || isJournalBase(update.base)),
    ) &&
    Array.isArray(deletes) &&
    deletes.every(isText)
  );
}

/** Checks the shape of something read back from storage; foreign or corrupt data is refused. */
export function isJournalEntry(value: unknown): value is JournalEntry {
  if (!isObject(value)) return false;
  const entry = value as Partial<JournalEntry>;
  return (
    entry.version === JOURNAL_VERSION &&
    typeof entry.typeName === 'string' &&
    typeof entry.savedAt === 'string' &&
    isJournalChanges(value) &&
    (entry.generation === undefined || typeof entry.generation === 'number') &&
    (entry.unconfirmed === undefined || isUnconfirmedSend(entry.unconfirmed)) &&
    (entry.lastLocalId === undefined || (Number.isInteger(entry.lastLocalId) && entry.lastLocalId >= 0)) &&
    (entry.undecided === undefined || (Array.isArray(entry.undecided) && entry.undecided.every((handle) => typeof handle === 'string'))) &&
    (entry.aside === undefined || isJournalChanges({ inserts: entry.aside, updates: [], deletes: [] })) &&
    (entry.contested === undefined || (isObject(entry.contested) && Object.values(entry.contested).every((fields) => Array.isArray(fields) && fields.every((field) => typeof field === 'string'))))
  );
}

function isUnconfirmedSend(value: unknown): value is UnconfirmedSend {
  if (!isObject(value)) return false;
  const sent = value as Partial<UnconfirmedSend>;
  return (
    typeof sent.generation === 'number' &&
    Array.isArray(sent.preexisting) &&
    sent.preexisting.every(isText) &&
    (sent.preexistingComplete === undefined || typeof sent.preexistingComplete === 'boolean') &&
    (sent.sentAt === undefined || Number.isFinite(sent.sentAt)) &&
    (sent.unknownAt === undefined || Number.isFinite(sent.unknownAt)) &&
    isJournalChanges(value)
  );
}
