import { EditSession, matchesFilter, type AttributeFilter, type FeatureSchema } from '@gportal/core';
import { createMemoryAdapters, sampleSeed } from '@gportal/core/memory';
import { describe, expect, it } from 'vitest';
import { conditionFilter, conditionProblem, EMPTY_TABLE_QUERY, nextSort, operatorsOf, searchFilter, TABLE_PAGE_SIZE, tableFilter, tableQuery, tableRows } from './table-query';

const SCHEMA: FeatureSchema = {
  typeName: 'store_33:polygon',
  geometryField: 'geometry',
  geometryKind: 'Polygon',
  properties: [
    { name: 'name', type: 'string', nullable: false },
    { name: 'note', type: 'string', nullable: true },
    { name: 'population', type: 'number', nullable: true, integer: true },
    { name: 'is_capital', type: 'boolean', nullable: true },
    { name: 'founded', type: 'date', nullable: true },
  ],
};
const town = (properties: Record<string, unknown>) => ({ id: 'towns.1', geometry: { type: 'Point' as const, coordinates: [0, 0] }, properties: { name: '福州市', note: null, population: 10, is_capital: true, founded: new Date('1949-08-17T00:00:00Z'), ...properties } });

describe('the attribute table asks the server', () => {
  it('searches every text property for the text, case-insensitive, its wildcards taken literally', () => {
    expect(searchFilter(SCHEMA, '  ')).toBeUndefined();
    const filter = searchFilter(SCHEMA, 'fu*') as AttributeFilter;
    expect(filter).toEqual({ op: 'or', filters: [{ op: 'like', property: 'name', pattern: '*fu!**' }, { op: 'like', property: 'note', pattern: '*fu!**' }] });
    expect(matchesFilter(town({ name: 'FU*zhou' }), filter)).toBe(true);
    expect(matchesFilter(town({ name: 'Fuzhou' }), filter)).toBe(false);
    expect(matchesFilter(town({ note: 'in fu*' }), filter)).toBe(true);
  });

  it('offers the operators that fit each type, and refuses a value that does not fit its field', () => {
    expect(operatorsOf(SCHEMA.properties[0]!)).toEqual(['like', 'eq', 'ne', 'isNull']);
    expect(operatorsOf(SCHEMA.properties[2]!)).toContain('gt');
    expect(operatorsOf(SCHEMA.properties[3]!)).toEqual(['eq', 'isNull']);
    expect(conditionProblem(SCHEMA.properties[2]!, { field: 'population', op: 'gt', value: '十' })).toBe('number');
    expect(conditionProblem(SCHEMA.properties[4]!, { field: 'founded', op: 'lt', value: '1949/08/17' })).toBe('date');
    expect(conditionProblem(SCHEMA.properties[2]!, { field: 'population', op: 'isNull', value: '' })).toBeUndefined();
    expect(conditionFilter(SCHEMA, { field: 'population', op: 'gt', value: 'x' })).toBeUndefined();
    expect(conditionFilter(SCHEMA, { field: 'nothing', op: 'eq', value: '1' })).toBeUndefined();
  });

  it('types each condition by its field and joins them by 且 / 或, beside the search', () => {
    const conditions = [
      { field: 'population', op: 'ge' as const, value: ' 10 ' },
      { field: 'founded', op: 'lt', value: '1950-01-01' } as const,
    ];
    expect(tableFilter(SCHEMA, { search: '', conditions, join: 'or' })).toEqual({
      op: 'or',
      filters: [
        { op: 'ge', property: 'population', value: 10 },
        { op: 'lt', property: 'founded', value: new Date('1950-01-01T00:00:00Z') },
      ],
    });
    const both = tableFilter(SCHEMA, { search: '福', conditions: [{ field: 'is_capital', op: 'eq', value: 'true' }], join: 'and' }) as AttributeFilter;
    expect(both).toEqual({ op: 'and', filters: [searchFilter(SCHEMA, '福'), { op: 'eq', property: 'is_capital', value: true }] });
    expect(matchesFilter(town({}), both)).toBe(true);
    expect(matchesFilter(town({ is_capital: false }), both)).toBe(false);
    expect(tableFilter(SCHEMA, EMPTY_TABLE_QUERY)).toBeUndefined();
  });

  it('pages in the sort, then by id, within the view when limited to it', () => {
    expect(tableQuery(SCHEMA, { ...EMPTY_TABLE_QUERY, page: 2, sort: { property: 'population', order: 'desc' }, view: [118, 24, 120, 26] })).toEqual({
      typeName: 'store_33:polygon',
      maxFeatures: TABLE_PAGE_SIZE,
      startIndex: 2 * TABLE_PAGE_SIZE,
      sortBy: [{ property: 'population', order: 'desc' }],
      bbox: [118, 24, 120, 26],
    });
    expect(tableQuery(SCHEMA, EMPTY_TABLE_QUERY).sortBy).toEqual([]);
  });

  it('sorts a header ascending, descending, then not', () => {
    const asc = nextSort(undefined, 'name');
    expect(asc).toEqual({ property: 'name', order: 'asc' });
    const desc = nextSort(asc, 'name');
    expect(desc).toEqual({ property: 'name', order: 'desc' });
    expect(nextSort(desc, 'name')).toBeUndefined();
    expect(nextSort(desc, 'population')).toEqual({ property: 'population', order: 'asc' });
  });
});

describe('the rows of a page', () => {
  it('lay the pending edits over the server copies, and list the drawings first on the first page', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: 'store_33:polygon' });
    await session.load();
    const [first, second] = session.features();
    session.update(first!.id, { properties: { name: '改名' } });
    session.remove(second!.id);
    const drawn = session.add({ geometry: { type: 'Polygon', coordinates: [[[117, 23], [117.1, 23], [117.1, 23.1], [117, 23]]] }, properties: { name: '新画' } });
    const page = (await adapters.features.getFeatures({ typeName: 'store_33:polygon', sortBy: [], maxFeatures: 3 })).features;

    const rows = tableRows(page, session, true);
    expect(rows.map((row) => [row.id, row.state, row.properties.name])).toEqual([
      [drawn, 'insert', '新画'],
      [first!.id, 'update', '改名'],
      [second!.id, 'remove', second!.properties.name],
      [page[2]!.id, 'exist', page[2]!.properties.name],
    ]);
    expect(tableRows(page, session, false).map((row) => row.id)).toEqual(page.map((feature) => feature.id));
  });
});
