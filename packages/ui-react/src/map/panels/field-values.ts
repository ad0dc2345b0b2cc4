import { textProblem, valueProblem, type PropertySchema, type PropertyValue } from '@gportal/core';
import type { Translate } from '../../i18n/i18n-provider';

// What an attribute input holds and what it stores, and why a value typed cannot be stored: one
// rule for the attribute form and the attribute table's cells.

/** What an input holds: text, a number, a checkbox's state, or nothing. */
export type FieldValue = string | number | boolean | null | undefined;

/** What an input shows for a property value: dates as `YYYY-MM-DD` for the date input. */
export function fieldValue(property: PropertySchema, value: PropertyValue | undefined): FieldValue {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (property.type === 'boolean') return value === true;
  return value ?? null;
}

/** The typed property value of an input's value; an empty input is `null`. */
export function propertyValue(property: PropertySchema, value: FieldValue): PropertyValue {
  if (value === undefined || value === null || value === '') return property.type === 'boolean' ? false : null;
  switch (property.type) {
    case 'number':
      return Number(value);
    case 'boolean':
      return value === true;
    case 'date':
      return new Date(`${String(value)}T00:00:00Z`);
    case 'string':
      return String(value);
  }
}


/** A calendar date written `YYYY-MM-DD`, years 0001–9999: what the date field accepts. */
export function isDateText(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  // `setUTCFullYear`, unlike `Date.UTC`, keeps years below 100 as they are.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Why an input's value cannot be stored in `property`, as a sentence naming the field (`name`),
 * or `undefined` when it can: a required field left empty, a number or date that is none, a
 * fraction in a whole-number field, a character XML cannot carry.
 */
export function fieldProblem(property: PropertySchema, value: FieldValue, name: string, t: Translate): string | undefined {
  if (value === undefined || value === null || value === '' || (typeof value === 'string' && value.trim() === '')) {
    return !property.nullable && property.type !== 'boolean' ? t('map.attributes.required', { name }) : undefined;
  }
  // `1e400` is a number input's Infinity; a five-digit year would make an Invalid Date: neither can be saved.
  if (property.type === 'number' && !Number.isFinite(Number(value))) return t('map.attributes.number', { name });
  // A date the picker did not take is kept as typed, so it is refused here rather than closed over.
  if (property.type === 'date' && !isDateText(String(value))) return /^\d{4,}-\d{1,2}-\d{1,2}$/.test(String(value)) ? t('map.attributes.dateTyped', { name, text: String(value) }) : t('map.attributes.date', { name });
  // What the session would refuse on save is refused at the field.
  const typed = propertyValue(property, value);
  if (valueProblem(typed, property) === undefined) return undefined;
  if (typeof typed === 'string' && textProblem(typed) !== undefined) return t('map.attributes.text', { name });
  if (property.type === 'number' && property.integer && Number.isFinite(typed)) return t('map.attributes.integer', { name });
  return property.type === 'date' ? t('map.attributes.date', { name }) : t('map.attributes.number', { name });
}
