import type { Geometry } from './geometry.js';
import type { Properties, PropertyValue } from './feature.js';

/** A property value in JSON form: dates become `{ $date: ISO }` so they survive storage. */
export type JsonPropertyValue = string | number | boolean | null | { $date: string };
export type JsonProperties = Record<string, JsonPropertyValue>;

export const JOURNAL_VERSION = 1;

/** The pending edits of one layer, in a JSON-safe form that a later session can restore. */
export interface JournalEntry {
  version: typeof JOURNAL_VERSION;
  typeName: string;
  savedAt: string;
  inserts: Array<{ handle: string; geometry: Geometry; properties: JsonProperties }>;
  updates: Array<{ id: string; geometry?: Geometry; properties?: JsonProperties }>;
  deletes: string[];
}

export function toJsonValue(value: PropertyValue): JsonPropertyValue {
  return value instanceof Date ? { $date: value.toISOString() } : value;
}

export function fromJsonValue(value: JsonPropertyValue): PropertyValue {
  if (value !== null && typeof value === 'object') return new Date(value.$date);
  return value;
}

export function toJsonProperties(properties: Properties): JsonProperties {
  return Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, toJsonValue(value)]));
}

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
    Array.isArray(entry.deletes)
  );
}
