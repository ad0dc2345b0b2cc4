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

/** An answer that is JSON but not of the shape GeoServer writes. */
function malformed(text: string): MapServerError {
  return new MapServerError({ code: 'MalformedResponse', text: `unexpected answer: ${text}` });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a value fits a field of GeoServer's JSON. */
export type FieldCheck = (value: unknown) => boolean;

export const isText: FieldCheck = (value) => typeof value === 'string';
export const isFlag: FieldCheck = (value) => typeof value === 'boolean';
export const isCount: FieldCheck = (value) => typeof value === 'number' && Number.isFinite(value);
/** A name or number GeoServer may write either way (Jettison writes `"true"`, `5`, `"5"` alike). */
export const isScalar: FieldCheck = (value) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** A list as GeoServer may write it ({@link JsonList}) whose elements pass `item`. */
export function isListOf(item: FieldCheck): FieldCheck {
  return (value) => value === '' || value === null || value === undefined || (Array.isArray(value) ? value.every(item) : item(value));
}

/** `""` or `{ [key]: list of items }`: how GeoServer wraps a list inside an object (`{"styles": {"style": …}}`). */
export function isWrappedList(key: string, item: FieldCheck): FieldCheck {
  const list = isListOf(item);
  return (value) => value === '' || (isRecord(value) && list(value[key]));
}

/** An object whose listed fields, when present, pass their checks; `required` ones must be present. */
export function isObjectWith(fields: Readonly<Record<string, FieldCheck>>, required: readonly string[] = []): FieldCheck {
  return (value) => isRecord(value) && fieldProblem(value, fields, required) === undefined;
}

function fieldProblem(value: Record<string, unknown>, fields: Readonly<Record<string, FieldCheck>>, required: readonly string[]): string | undefined {
  for (const name of required) if (value[name] === undefined) return `no "${name}"`;
  for (const [name, check] of Object.entries(fields)) {
    // Own fields only: a missing `constructor` must not be found on Object.prototype.
    if (Object.hasOwn(value, name) && value[name] !== undefined && !check(value[name])) return `"${name}" is ${JSON.stringify(value[name])?.slice(0, 60) ?? typeof value[name]}`;
  }
  return undefined;
}

export const isNamedLink: FieldCheck = isObjectWith({ name: isText, href: isText, workspace: (value) => isText(value) || isObjectWith({ name: isText }, ['name'])(value) }, ['name']);

/** A CRS as GeoServer writes it: `"EPSG:4326"`, WKT, or either wrapped with a class hint. */
export const isCrs: FieldCheck = (value) => isText(value) || isObjectWith({ $: isText }, ['$'])(value);

export const isKeyValueEntries: FieldCheck = isWrappedList('entry', isObjectWith({ '@key': isText, $: isScalar }, ['@key']));

/**
 * The names of a collection answer such as `{"workspaces": {"workspace": [...]}}`
 * (`collection` = `workspaces`, `item` = `workspace`); an answer of another shape is a `MalformedResponse`.
 */
export function namesOf(body: unknown, collection: string, item: string): string[] {
  if (!isRecord(body)) throw malformed(`expected a "${collection}" object`);
  const wrapper = body[collection];
  if (wrapper === '' || wrapper === null || wrapper === undefined) return [];
  if (!isWrappedList(item, isNamedLink)(wrapper)) throw malformed(`"${collection}" is not a list of ${item} links`);
  const items = asArray((wrapper as Record<string, JsonList<NamedLink>>)[item]);
  return items.map((link) => unqualified(link.name));
}

/**
 * The object under the root key of a single-object answer (`{"workspace": {...}}`), its fields
 * checked against the shape GeoServer writes (`fields`, `required`): a field of another type is a
 * `MalformedResponse`, never a `TypeError` further on.
 */
export function rootOf<T>(body: unknown, root: string, fields: Readonly<Record<string, FieldCheck>> = {}, required: readonly string[] = []): T {
  const value = isRecord(body) ? body[root] : undefined;
  if (!isRecord(value)) throw new MapServerError({ code: 'MalformedResponse', text: `unexpected answer: no "${root}" object` });
  const problem = fieldProblem(value, fields, required);
  if (problem) throw malformed(`the "${root}" object has ${problem}`);
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
