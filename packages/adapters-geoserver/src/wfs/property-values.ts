import type { PropertySchema, PropertyValue } from '@gportal/core';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})(?:Z|[+-]\d{2}:\d{2})?$/;

/** `xsd:dateTime` properties keep their time; every other date property is a calendar date. */
function isDateTime(property: PropertySchema): boolean {
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

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** The XML text of a value (checked with `valueProblem` first): dates as `YYYY-MM-DD` or ISO date-times. */
export function writePropertyValue(value: PropertyValue, property: PropertySchema): string | null {
  if (value === null) return null;
  if (value instanceof Date) {
    if (isDateTime(property)) return value.toISOString();
    return `${pad(value.getUTCFullYear(), 4)}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  return String(value);
}
