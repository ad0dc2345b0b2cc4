import type { PropertySchema } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { readPropertyValue, writePropertyValue } from './property-values.js';

const property = (type: PropertySchema['type'], nativeType?: string): PropertySchema => ({ name: 'p', type, nullable: true, ...(nativeType ? { nativeType } : {}) });

describe('readPropertyValue', () => {
  it('types GML text and GeoJSON values by the schema', () => {
    expect(readPropertyValue('11968', property('number'))).toBe(11968);
    expect(readPropertyValue(12.5, property('number'))).toBe(12.5);
    expect(readPropertyValue('abc', property('number'))).toBeNull();
    expect(readPropertyValue('', property('number'))).toBeNull();
    expect(readPropertyValue('true', property('boolean'))).toBe(true);
    expect(readPropertyValue('0', property('boolean'))).toBe(false);
    expect(readPropertyValue(42, property('string'))).toBe('42');
  });

  it('reads a calendar date as UTC midnight, with or without a zone, and date-times as instants', () => {
    expect(readPropertyValue('1949-08-17', property('date'))).toEqual(new Date(Date.UTC(1949, 7, 17)));
    expect(readPropertyValue('1949-08-17Z', property('date'))).toEqual(new Date(Date.UTC(1949, 7, 17)));
    expect(readPropertyValue('1949-08-17+08:00', property('date'))).toEqual(new Date(Date.UTC(1949, 7, 17)));
    expect(readPropertyValue('2020-01-02T03:04:05Z', property('date', 'dateTime'))).toEqual(new Date(Date.UTC(2020, 0, 2, 3, 4, 5)));
    expect(readPropertyValue('not a date', property('date'))).toBeNull();
  });

  it('reads a nil element (OpenLayers gives its attributes) as null', () => {
    expect(readPropertyValue({ _content_: undefined, 'xsi:nil': 'true' }, property('number'))).toBeNull();
    expect(readPropertyValue({ _content_: '7', code: 'x' }, property('number'))).toBe(7);
  });
});

describe('writePropertyValue', () => {
  it('writes date fields as YYYY-MM-DD and dateTime fields as ISO instants', () => {
    const instant = new Date(Date.UTC(2024, 1, 29, 23, 30));
    expect(writePropertyValue(instant, property('date', 'date'))).toBe('2024-02-29');
    expect(writePropertyValue(instant, property('date', 'dateTime'))).toBe('2024-02-29T23:30:00.000Z');
    expect(writePropertyValue(false, property('boolean'))).toBe('false');
    expect(writePropertyValue(4119.5, property('number'))).toBe('4119.5');
    expect(writePropertyValue(null, property('string'))).toBeNull();
  });
});
