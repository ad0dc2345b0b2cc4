import { describe, expect, it } from 'vitest';
import type { FeatureSchema } from './feature.js';
import { missingRequiredFields } from './required-fields.js';

// QGIS Server's poi layer (scripts/wfs-server/schema.sql): `id` is its key, `name` is NOT NULL.
const poi: FeatureSchema = {
  typeName: 'poi',
  geometryField: 'geometry',
  geometryKind: 'Point',
  readOnly: ['id'],
  properties: [
    { name: 'id', type: 'number', nullable: false },
    { name: 'name', type: 'string', nullable: false },
    { name: 'population', type: 'number', nullable: true },
    { name: 'opened', type: 'date', nullable: false },
    { name: 'is_capital', type: 'boolean', nullable: false },
  ],
};

describe('missingRequiredFields', () => {
  it('names every required property left blank, in the schema order, never the server key', () => {
    expect(missingRequiredFields({ properties: {} }, poi)).toEqual(['name', 'opened', 'is_capital']);
    expect(missingRequiredFields({ properties: { name: '  ', opened: null, is_capital: false } }, poi)).toEqual(['name', 'opened']);
  });

  it('takes zero, false and any date as filled, and ignores nullable properties', () => {
    const feature = { properties: { name: '西湖', opened: new Date('2024-05-01T00:00:00Z'), is_capital: false, population: null } };
    expect(missingRequiredFields(feature, poi)).toEqual([]);
    expect(missingRequiredFields({ properties: { name: 0, opened: new Date(0), is_capital: true } }, poi)).toEqual([]);
  });

  it('finds nothing missing in a layer whose properties are all nullable', () => {
    const towns: FeatureSchema = { ...poi, properties: poi.properties.map((property) => ({ ...property, nullable: true })) };
    expect(missingRequiredFields({ properties: {} }, towns)).toEqual([]);
  });
});
