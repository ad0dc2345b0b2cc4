import type { PropertyValue } from '@gportal/core';
import type { FileFeature, FileField } from './file-types.js';

/** The type a column's values share: number (and whether all are whole), boolean, date or string. */
function typeOf(values: readonly PropertyValue[]): Omit<FileField, 'name'> {
  const present = values.filter((value) => value !== null && value !== undefined);
  if (present.length > 0 && present.every((value) => typeof value === 'number')) {
    return { type: 'number', integer: present.every((value) => Number.isInteger(value)) };
  }
  if (present.length > 0 && present.every((value) => typeof value === 'boolean')) return { type: 'boolean' };
  if (present.length > 0 && present.every((value) => value instanceof Date)) return { type: 'date' };
  return { type: 'string' };
}

/** The columns of features' properties, in the order they first appear, typed by their values. */
export function inferFields(features: readonly FileFeature[]): FileField[] {
  const columns = new Map<string, PropertyValue[]>();
  for (const feature of features) {
    for (const [name, value] of Object.entries(feature.properties)) {
      let values = columns.get(name);
      if (!values) columns.set(name, (values = []));
      values.push(value);
    }
  }
  return [...columns].map(([name, values]) => ({ name, ...typeOf(values) }));
}
