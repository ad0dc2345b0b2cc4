import './test-support/register-dom.js';
import { ValidationError, type ChangeSet } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { checkChangeSet } from './change-set-check.js';
import { layerFromSchema, readQgisFixture } from './test-support/fixtures.js';

const qgisAll = readQgisFixture('wfs110-DescribeFeatureType-all.xsd');
const towns = layerFromSchema(qgisAll, 'towns').schema;
const districts = layerFromSchema(qgisAll, 'districts').schema;
const ring = [[118, 25], [118.1, 25], [118.1, 25.1], [118, 25]];

function changes(parts: Partial<ChangeSet>): ChangeSet {
  return { typeName: 'towns', inserts: [], updates: [], deletes: [], ...parts };
}

function fieldsOf(run: () => unknown): Record<string, string> {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return { ...error.fields };
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('checkChangeSet', () => {
  it('keeps a valid change set, leaving the server key out of inserts', () => {
    const checked = checkChangeSet(
      changes({
        inserts: [{ handle: 'a', geometry: { type: 'Polygon', coordinates: [ring] }, properties: { id: 5, name: 'A', founded: new Date(0), population: null } }],
        updates: [{ id: 'towns.1', properties: { is_capital: false } }],
        deletes: ['towns.2'],
      }),
      towns,
    );
    expect(checked.inserts[0]?.properties).toEqual({ name: 'A', founded: new Date(0), population: null });
    expect(checked.updates).toEqual([{ id: 'towns.1', properties: { is_capital: false } }]);
    expect(checked.deletes).toEqual(['towns.2']);
  });

  it('promotes a single geometry on a multi layer', () => {
    const checked = checkChangeSet(changes({ typeName: 'districts', updates: [{ id: 'districts.1', geometry: { type: 'Polygon', coordinates: [ring] } }] }), districts);
    expect(checked.updates[0]?.geometry).toEqual({ type: 'MultiPolygon', coordinates: [[ring]] });
  });

  it('names every problem: unknown property, wrong type, server key in an update, geometry, handles', () => {
    const fields = fieldsOf(() =>
      checkChangeSet(
        changes({
          inserts: [
            { handle: 'a', geometry: { type: 'Point', coordinates: [118, 25] }, properties: { nosuch: 1, population: '5' as unknown as number } },
            { handle: 'a', geometry: { type: 'Polygon', coordinates: [[[118, 25], [118.1, 25], [118.1, 25.1], [118, 25.2]]] }, properties: {} },
          ],
          updates: [
            { id: 'towns.1', properties: { id: 7, founded: '1949-08-17' as unknown as Date } },
            { id: 'towns.2', geometry: { type: 'Polygon', coordinates: [[[118, 25], [118, Number.NaN], [118.1, 25], [118, 25]]] } },
          ],
        }),
        towns,
      ),
    );
    expect(fields).toEqual({
      'a.nosuch': 'towns has no property nosuch',
      'a.population': 'expected a number, got string',
      'a.geometry': 'a polygon ring must be closed',
      'a.handle': 'every insert needs its own handle',
      'towns.1.id': 'id is assigned by the server',
      'towns.1.founded': 'expected a date, got string',
      'towns.2.geometry': 'coordinates must be finite numbers',
    });
    expect(fieldsOf(() => checkChangeSet(changes({ inserts: [{ handle: 'p', geometry: { type: 'Point', coordinates: [1, 2] }, properties: {} }] }), towns))).toEqual({
      'p.geometry': 'a Point does not fit the Polygon layer',
    });
  });
});
