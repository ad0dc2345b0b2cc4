import { beforeAll, describe, expect, it } from 'vitest';
import type { AttributeFilter, FeatureQuery, MapFeature, Properties, SortKey } from '../domain/feature.js';
import { compareFeatureIds, featureOrder, matchesFilter } from '../domain/filter.js';
import type { BBox } from '../domain/geometry.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import type { FeatureTransactions } from '../ports/feature-transactions.port.js';
import { sampleGeometry } from './feature.contract.js';

/** What {@link featureQueryContract} needs: a layer it may add features to, and the names of three of its properties. */
export interface FeatureQueryFixture {
  source: FeatureSource;
  transactions: FeatureTransactions;
  /** A layer with a nullable string, number and date property; its other properties must take null. */
  typeName: string;
  /** The names of those properties; by default `name`, `population` and `founded`. */
  properties?: { text: string; number: string; date: string };
  /** A part of the layer holding none of its features, in lon/lat, where the suite adds its own; by default `[116.2, 21.0, 116.45, 21.4]`. */
  area?: BBox;
}

type Factory<T> = () => T | Promise<T>;

const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));

/**
 * The rows the suite adds: ties on every property, nulls in each, case pairs, the characters a
 * `like` or a SQL `LIKE` treats specially (`_`, `%`, `?`), and a name of characters beyond ASCII.
 */
const ROWS: ReadonlyArray<{ text: string | null; number: number | null; date: Date | null }> = [
  { text: 'Alpha town', number: 100, date: utc(2001, 1, 1) },
  { text: 'alpine', number: 100, date: utc(2001, 1, 1) },
  { text: 'BETA', number: 250, date: utc(1999, 12, 31) },
  { text: 'beta_2', number: null, date: utc(2010, 6, 15) },
  { text: 'Gamma%', number: 250, date: null },
  { text: null, number: 50, date: utc(2001, 1, 1) },
  { text: 'delta', number: 100, date: utc(1999, 12, 31) },
  { text: '福州港', number: 75, date: utc(2020, 2, 29) },
  { text: 'who?', number: 250, date: utc(2001, 1, 1) },
];
/** Rows per line of the area: the west half of the area holds columns 0 and 1. */
const COLUMNS = 4;
const DEFAULT_AREA: BBox = [116.2, 21.0, 116.45, 21.4];

/**
 * Querying features: every `FeatureSource` that serves a table must agree with the core's
 * semantics (`AttributeFilter`, `FeatureQuery.sortBy`) on filters, order, pages and counts. The
 * suite adds nine features to the layer (one transaction) and reads them back.
 */
export function featureQueryContract(name: string, factory: Factory<FeatureQueryFixture>): void {
  describe(`FeatureSource query contract: ${name}`, () => {
    let fixture: FeatureQueryFixture;
    let names: { text: string; number: string; date: string };
    let area: BBox;
    /** The id of each row of `ROWS`, by index. */
    let ids: string[];

    beforeAll(async () => {
      fixture = await factory();
      names = fixture.properties ?? { text: 'name', number: 'population', date: 'founded' };
      area = fixture.area ?? DEFAULT_AREA;
      const schema = await fixture.source.describe(fixture.typeName);
      const [west, south] = area;
      const inserts = ROWS.map((row, index) => {
        const properties: Properties = { [names.text]: row.text, [names.number]: row.number, [names.date]: row.date };
        const lng = west + 0.01 + (index % COLUMNS) * 0.06;
        const lat = south + 0.01 + Math.floor(index / COLUMNS) * 0.1;
        return { handle: `query-${index}`, geometry: sampleGeometry(schema.geometryKind, lng, lat, 0.02), properties };
      });
      const result = await fixture.transactions.commit({ typeName: fixture.typeName, inserts, updates: [], deletes: [] });
      expect(result.failures).toEqual([]);
      const byHandle = new Map(result.inserted.map((insert) => [insert.handle, insert.id]));
      ids = inserts.map((insert) => byHandle.get(insert.handle) as string);
      // Rewritten rows move in a database's own order (PostgreSQL's heap): ties then differ from the id order unless broken by id.
      const first = [...ids].sort(compareFeatureIds).slice(0, 3);
      const rewritten = await fixture.transactions.commit({
        typeName: fixture.typeName,
        inserts: [],
        updates: first.map((id) => ({ id, properties: { [names.text]: ROWS[ids.indexOf(id)]?.text ?? null } })),
        deletes: [],
      });
      expect(rewritten.failures).toEqual([]);
    });

    const read = async (query: Omit<FeatureQuery, 'typeName'>): Promise<string[]> =>
      (await fixture.source.getFeatures({ typeName: fixture.typeName, maxFeatures: 100_000, ...query })).features.map((feature) => feature.id);
    /** The ids of rows, in id order. */
    const rows = (...indexes: number[]): string[] => indexes.map((index) => ids[index] as string).sort(compareFeatureIds);
    /** Ids of the suite's rows a filter selects (in the area), in id order. */
    const selected = async (filter: AttributeFilter): Promise<string[]> => (await read({ filter, bbox: area })).sort(compareFeatureIds);
    /** The expected order: groups of rows in turn, equal keys within a group in id order. */
    const inGroups = (...groups: number[][]): string[] => groups.flatMap((group) => rows(...group));
    const text = () => names.text;
    const number = () => names.number;
    const date = () => names.date;

    it('matches like patterns: * any run, ? one character, ! escapes, case-insensitive, other characters literal', async () => {
      const cases: Array<[string, number[]]> = [
        ['alp*', [0, 1]],
        ['ALPHA*', [0]],
        ['*ta', [2, 6]],
        ['beta?2', [3]],
        ['beta_2', [3]],
        ['beta%', []],
        ['gamma%', [4]],
        ['gamma', []],
        ['福州?', [7]],
        ['福?', []],
        ['who!?', [8]],
        ['*!?', [8]],
        ['???', [7]],
        ['?????', [6]],
        ['*', [0, 1, 2, 3, 4, 6, 7, 8]],
      ];
      for (const [pattern, expected] of cases) {
        expect(await selected({ op: 'like', property: text(), pattern }), pattern).toEqual(rows(...expected));
      }
    });

    it('compares numbers, strings (case-sensitive, by code point) and dates', async () => {
      const cases: Array<[AttributeFilter, number[]]> = [
        [{ op: 'gt', property: number(), value: 100 }, [2, 4, 8]],
        [{ op: 'ge', property: number(), value: 75 }, [0, 1, 2, 4, 6, 7, 8]],
        [{ op: 'lt', property: number(), value: 75 }, [5]],
        [{ op: 'le', property: number(), value: 100 }, [0, 1, 5, 6, 7]],
        [{ op: 'eq', property: number(), value: 250 }, [2, 4, 8]],
        [{ op: 'ne', property: number(), value: 100 }, [2, 4, 5, 7, 8]],
        [{ op: 'eq', property: text(), value: 'BETA' }, [2]],
        [{ op: 'eq', property: text(), value: 'beta' }, []],
        [{ op: 'lt', property: text(), value: 'alpine' }, [0, 2, 4]],
        [{ op: 'ge', property: text(), value: 'beta' }, [3, 6, 7, 8]],
        [{ op: 'ne', property: text(), value: 'delta' }, [0, 1, 2, 3, 4, 7, 8]],
        [{ op: 'ge', property: date(), value: utc(2001, 1, 1) }, [0, 1, 3, 5, 7, 8]],
        [{ op: 'lt', property: date(), value: utc(2000, 1, 1) }, [2, 6]],
        [{ op: 'eq', property: date(), value: utc(2001, 1, 1) }, [0, 1, 5, 8]],
        [{ op: 'ne', property: date(), value: utc(2001, 1, 1) }, [2, 3, 6, 7]],
        [{ op: 'le', property: date(), value: utc(2010, 6, 15) }, [0, 1, 2, 3, 5, 6, 8]],
        [{ op: 'gt', property: date(), value: utc(2010, 6, 15) }, [7]],
      ];
      for (const [filter, expected] of cases) expect(await selected(filter), JSON.stringify(filter)).toEqual(rows(...expected));
    });

    it('selects nulls with isNull, and leaves them out of comparisons and likes', async () => {
      expect(await selected({ op: 'isNull', property: text() })).toEqual(rows(5));
      expect(await selected({ op: 'isNull', property: number() })).toEqual(rows(3));
      expect(await selected({ op: 'isNull', property: date() })).toEqual(rows(4));
      expect(await selected({ op: 'not', filter: { op: 'isNull', property: date() } })).toEqual(rows(0, 1, 2, 3, 5, 6, 7, 8));
    });

    it('combines with and, or and not, with SQL nulls (not of an unknown is unknown)', async () => {
      const cases: Array<[AttributeFilter, number[]]> = [
        [{ op: 'and', filters: [{ op: 'gt', property: number(), value: 50 }, { op: 'like', property: text(), pattern: 'al*' }] }, [0, 1]],
        [{ op: 'or', filters: [{ op: 'isNull', property: number() }, { op: 'eq', property: text(), value: 'delta' }] }, [3, 6]],
        [{ op: 'or', filters: [{ op: 'gt', property: number(), value: 200 }, { op: 'like', property: text(), pattern: 'alp*' }] }, [0, 1, 2, 4, 8]],
        [{ op: 'not', filter: { op: 'like', property: text(), pattern: '*a*' } }, [7, 8]],
        [{ op: 'not', filter: { op: 'eq', property: number(), value: 100 } }, [2, 4, 5, 7, 8]],
        [
          {
            op: 'not',
            filter: { op: 'and', filters: [{ op: 'eq', property: number(), value: 100 }, { op: 'lt', property: date(), value: utc(2000, 1, 1) }] },
          },
          [0, 1, 2, 3, 4, 5, 7, 8],
        ],
      ];
      for (const [filter, expected] of cases) expect(await selected(filter), JSON.stringify(filter)).toEqual(rows(...expected));
    });

    it('selects by a bounding box, alone and with a filter', async () => {
      const [west, south, east, north] = area;
      const westHalf: BBox = [west, south, west + (east - west) / 2, north];
      expect((await read({ bbox: area })).sort(compareFeatureIds)).toEqual(rows(0, 1, 2, 3, 4, 5, 6, 7, 8));
      expect((await read({ bbox: westHalf })).sort(compareFeatureIds)).toEqual(rows(0, 1, 4, 5, 8));
      const filter: AttributeFilter = { op: 'ge', property: number(), value: 100 };
      expect((await read({ bbox: westHalf, filter })).sort(compareFeatureIds)).toEqual(rows(0, 1, 4, 8));
    });

    it('agrees with the core on the whole layer, the features it held before included', async () => {
      const all = (await fixture.source.getFeatures({ typeName: fixture.typeName, maxFeatures: 100_000 })).features;
      const filters: AttributeFilter[] = [
        { op: 'like', property: text(), pattern: '*a*' },
        { op: 'not', filter: { op: 'like', property: text(), pattern: '?a*' } },
        { op: 'gt', property: number(), value: 100 },
        { op: 'or', filters: [{ op: 'isNull', property: date() }, { op: 'lt', property: date(), value: utc(1950, 1, 1) }] },
      ];
      for (const filter of filters) {
        const expected = all.filter((feature: MapFeature) => matchesFilter(feature, filter)).map((feature) => feature.id);
        expect((await read({ filter })).sort(compareFeatureIds), JSON.stringify(filter)).toEqual(expected.sort(compareFeatureIds));
      }
    });

    it('sorts on any property (strings in the root collation), nulls last ascending and first descending, ties by feature id', async () => {
      const cases: Array<[SortKey[], number[][]]> = [
        [[{ property: number(), order: 'asc' }], [[5], [7], [0, 1, 6], [2, 4, 8], [3]]],
        [[{ property: number(), order: 'desc' }], [[3], [2, 4, 8], [0, 1, 6], [7], [5]]],
        [[{ property: text(), order: 'asc' }], [[0], [1], [2], [3], [6], [4], [8], [7], [5]]],
        [[{ property: text(), order: 'desc' }], [[5], [7], [8], [4], [6], [3], [2], [1], [0]]],
        [[{ property: date(), order: 'asc' }], [[2, 6], [0, 1, 5, 8], [3], [7], [4]]],
        [[{ property: date(), order: 'desc' }], [[4], [7], [3], [0, 1, 5, 8], [2, 6]]],
        [
          [
            { property: date(), order: 'asc' },
            { property: number(), order: 'desc' },
          ],
          [[2], [6], [8], [0, 1], [5], [3], [7], [4]],
        ],
        [[], [[0, 1, 2, 3, 4, 5, 6, 7, 8]]],
      ];
      for (const [sortBy, groups] of cases) expect(await read({ bbox: area, sortBy }), JSON.stringify(sortBy)).toEqual(inGroups(...groups));
    });

    it('sorts the whole layer as the core orders it, ties by feature id whatever order the source keeps them in', async () => {
      const all = (await fixture.source.getFeatures({ typeName: fixture.typeName, maxFeatures: 100_000 })).features;
      const cases: SortKey[][] = [[{ property: number(), order: 'asc' }], [{ property: date(), order: 'desc' }], []];
      for (const sortBy of cases) {
        expect(await read({ sortBy }), JSON.stringify(sortBy)).toEqual([...all].sort(featureOrder(sortBy)).map((feature) => feature.id));
      }
    });

    it('pages a sorted selection with ties: the pages never overlap or skip', async () => {
      const sortBy: SortKey[] = [{ property: number(), order: 'asc' }];
      const pages: string[] = [];
      for (let startIndex = 0; startIndex < ROWS.length; startIndex += 2) pages.push(...(await read({ bbox: area, sortBy, startIndex, maxFeatures: 2 })));
      expect(pages).toEqual(inGroups([5], [7], [0, 1, 6], [2, 4, 8], [3]));
      const filter: AttributeFilter = { op: 'eq', property: number(), value: 250 };
      const second = await read({ bbox: area, filter, sortBy: [{ property: date(), order: 'desc' }], startIndex: 1, maxFeatures: 1 });
      // 250: row 4 (no date) first descending, then rows 2 and 8 by date (8 is later).
      expect(second).toEqual(rows(8));
      // The whole layer in pages of three, sorted by a property with ties.
      const whole = await read({ sortBy: [{ property: date(), order: 'asc' }] });
      const paged: string[] = [];
      for (let startIndex = 0; startIndex < whole.length; startIndex += 3) paged.push(...(await read({ sortBy: [{ property: date(), order: 'asc' }], startIndex, maxFeatures: 3 })));
      expect(paged).toEqual(whole);
      expect(new Set(paged).size).toBe(whole.length);
    });

    it('counts what a filter and a bbox select', async () => {
      const count = fixture.source.countFeatures?.bind(fixture.source);
      expect(count).toBeTypeOf('function');
      const countOf = (query: { filter?: AttributeFilter; bbox?: BBox }) => (count as NonNullable<typeof count>)({ typeName: fixture.typeName, ...query });
      expect(await countOf({ bbox: area })).toBe(ROWS.length);
      expect(await countOf({ bbox: area, filter: { op: 'like', property: text(), pattern: 'ALP*' } })).toBe(2);
      expect(await countOf({ bbox: area, filter: { op: 'ge', property: date(), value: utc(2001, 1, 1) } })).toBe(6);
      const filter: AttributeFilter = { op: 'or', filters: [{ op: 'isNull', property: number() }, { op: 'lt', property: number(), value: 80 }] };
      expect(await countOf({ filter })).toBe((await read({ filter })).length);
      expect(await countOf({ bbox: area, filter })).toBe(3);
    });
  });
}
