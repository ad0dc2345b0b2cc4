import type { FeatureSchema, PropertySchema, PropertyValue } from '@gportal/core';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})(?:Z|[+-]\d{2}:\d{2})?$/;

/** `xsd:dateTime` properties keep their time; every other date property is a calendar date. */
export function isDateTimeProperty(property: PropertySchema): boolean {
  return /(?:^|:)dateTime$/.test(property.nativeType ?? '');
}

function readDate(text: string): Date | null {
  const dateOnly = DATE_ONLY.exec(text);
  // A calendar date (GeoServer may add a zone: `1949-08-17Z`) is UTC midnight, whatever the zone.
  const date = dateOnly ? new Date(Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))) : new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A property value as the server sent it (GML text, GeoJSON value, or OpenLayers' `{_content_}`
 * for an element with attributes such as `xsi:nil`), typed by the schema. Unreadable values are `null`.
 */
export function readPropertyValue(raw: unknown, property: PropertySchema): PropertyValue {
  const value = typeof raw === 'object' && raw !== null && '_content_' in raw ? (raw as { _content_: unknown })._content_ : raw;
  if (value === null || value === undefined) return null;
  switch (property.type) {
    case 'number': {
      const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      return Number.isFinite(number) ? number : null;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      return null;
    case 'date':
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
      return typeof value === 'string' || typeof value === 'number' ? readDate(String(value).trim()) : null;
    case 'string':
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** The number written in `text.slice(start, end)` with ASCII digits only, or -1. */
function digitsAt(text: string, start: number, end: number): number {
  let value = 0;
  for (let index = start; index < end; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** `YYYY-MM-DD` or `YYYY-MM-DDZ` read without a regex: what `readDate` makes of it, or undefined for anything else. */
function calendarDate(text: string): Date | undefined {
  const { length } = text;
  if ((length !== 10 && !(length === 11 && text.charCodeAt(10) === 90)) || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return undefined;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 7);
  const day = digitsAt(text, 8, 10);
  if (year < 0 || month < 0 || day < 0) return undefined;
  return new Date(Date.UTC(year, month - 1, day));
}

/** `readPropertyValue` for one property, with the values a server sends most (already of the right type) taken first. */
function propertyReader(property: PropertySchema): (raw: unknown) => PropertyValue {
  switch (property.type) {
    case 'number':
      return (raw) => (typeof raw === 'number' && Number.isFinite(raw) ? raw : readPropertyValue(raw, property));
    case 'boolean':
      return (raw) => (typeof raw === 'boolean' ? raw : readPropertyValue(raw, property));
    case 'string':
      return (raw) => (typeof raw === 'string' ? raw : readPropertyValue(raw, property));
    case 'date':
      return (raw) => (typeof raw === 'string' ? calendarDate(raw) : undefined) ?? readPropertyValue(raw, property);
  }
}

export type PropertyReaders = ReadonlyArray<readonly [name: string, read: (raw: unknown) => PropertyValue]>;

const readersBySchema = new WeakMap<FeatureSchema, PropertyReaders>();

/** The schema's properties, each with its reader (made once per schema): a layer's features are typed by the thousand. */
export function propertyReaders(schema: FeatureSchema): PropertyReaders {
  let readers = readersBySchema.get(schema);
  if (!readers) {
    readers = schema.properties.map((property) => [property.name, propertyReader(property)] as const);
    readersBySchema.set(schema, readers);
  }
  return readers;
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** The XML text of a value (checked with `valueProblem` first): dates as `YYYY-MM-DD` or ISO date-times. */
export function writePropertyValue(value: PropertyValue, property: PropertySchema): string | null {
  if (value === null) return null;
  if (value instanceof Date) {
    if (isDateTimeProperty(property)) return value.toISOString();
    return `${pad(value.getUTCFullYear(), 4)}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  return String(value);
}
