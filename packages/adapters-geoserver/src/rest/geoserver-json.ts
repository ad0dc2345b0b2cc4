import { MapServerError } from '@gportal/core';

/**
 * Reading GeoServer's JSON, which is XStream's XML model written by Jettison, with its quirks:
 * an empty list arrives as `""`, a one-element list may arrive as the element itself, class
 * hints ride along as `@class`, attributes as `@key` and element text as `$`.
 */

/** A list as GeoServer may write it. */
export type JsonList<T> = T | readonly T[] | '' | null | undefined;

/** A list as a list, whatever GeoServer made of it. */
export function asArray<T>(value: JsonList<T>): T[] {
  if (value === '' || value === null || value === undefined) return [];
  return Array.isArray(value) ? [...(value as readonly T[])] : [value as T];
}

/** `{"name": …, "href": …}`: how GeoServer lists and references catalogue objects. */
export interface NamedLink {
  name: string;
  href?: string;
  /** Set on references to workspaced objects, e.g. a layer's default style. */
  workspace?: string | { name: string };
}

/**
 * The names of a collection answer such as `{"workspaces": {"workspace": [...]}}`
 * (`collection` = `workspaces`, `item` = `workspace`).
 */
export function namesOf(body: unknown, collection: string, item: string): string[] {
  const wrapper = (body as Record<string, unknown> | null)?.[collection];
  if (wrapper === '' || wrapper === null || wrapper === undefined) return [];
  const items = asArray((wrapper as Record<string, JsonList<NamedLink>>)[item]);
  return items.map((link) => unqualified(link.name));
}

/** The object under the root key of a single-object answer (`{"workspace": {...}}`). */
export function rootOf<T>(body: unknown, root: string): T {
  const value = (body as Record<string, unknown> | null)?.[root];
  if (value === null || typeof value !== 'object') throw new MapServerError({ text: `unexpected answer: no "${root}" object` });
  return value as T;
}

/** `ws:name` → `name` (GeoServer qualifies some references with their workspace). */
export function unqualified(name: string): string {
  const index = name.indexOf(':');
  return index < 0 ? name : name.slice(index + 1);
}

/** A CRS as GeoServer writes it: `"EPSG:4326"`, WKT, or either wrapped with a class hint. */
export type CrsValue = string | { '@class'?: string; $: string };

// The authority closing a WKT definition names the whole CRS (inner ones name its datum, units…).
const WKT_AUTHORITY = /AUTHORITY\[\s*"EPSG"\s*,\s*"(\d+)"\s*\]\s*\]\s*$/;

/** `EPSG:n` for a CRS given as a code or as WKT with an EPSG authority; other WKT as is. */
export function crsCode(value: CrsValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = (typeof value === 'string' ? value : value.$).trim();
  const authority = WKT_AUTHORITY.exec(text);
  return authority ? `EPSG:${authority[1]}` : text;
}

/** GeoServer's map form: `{"entry": [{"@key": "host", "$": "localhost"}]}`. */
export interface KeyValueEntries {
  entry?: JsonList<{ '@key': string; $?: string | number | boolean }>;
}

/** The entries as a plain record of strings. */
export function entriesToRecord(entries: KeyValueEntries | '' | undefined): Record<string, string> {
  if (!entries) return {};
  return Object.fromEntries(asArray(entries.entry).map((entry) => [entry['@key'], entry.$ === undefined ? '' : String(entry.$)]));
}

/** A record in GeoServer's map form. */
export function recordToEntries(record: Readonly<Record<string, string>>): { entry: Array<{ '@key': string; $: string }> } {
  return { entry: Object.entries(record).map(([key, value]) => ({ '@key': key, $: value })) };
}
