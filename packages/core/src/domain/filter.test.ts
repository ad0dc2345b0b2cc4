import { describe, expect, it } from 'vitest';
import type { AttributeFilter, MapFeature, Properties } from './feature.js';
import { compareFeatureIds, featureOrder, likePatternOf, matchesFilter } from './filter.js';

const feature = (id: string, properties: Properties): MapFeature => ({ id, properties, geometry: { type: 'Point', coordinates: [0, 0] } });
const like = (pattern: string): AttributeFilter => ({ op: 'like', property: 'name', pattern });

describe('matchesFilter', () => {
  it('reads like patterns: * any run, ? one character (a code point), ! escapes, case-insensitive', () => {
    const named = (name: string) => feature('t.1', { name });
    expect(matchesFilter(named('Fuzhou'), like('fu*'))).toBe(true);
    expect(matchesFilter(named('Fuzhou'), like('?UZHOU'))).toBe(true);
    expect(matchesFilter(named('Fuzhou'), like('?uzho'))).toBe(false);
    expect(matchesFilter(named('𠀀x'), like('?x'))).toBe(true);
    expect(matchesFilter(named('a.b'), like('a?b'))).toBe(true);
    expect(matchesFilter(named('axb'), like('a.b'))).toBe(false);
    expect(matchesFilter(named('50%'), like('50%'))).toBe(true);
    expect(matchesFilter(named('line\nbreak'), like('line*'))).toBe(true);
    expect(matchesFilter(named('a*b'), like('a!*b'))).toBe(true);
    expect(matchesFilter(named('axb'), like('a!*b'))).toBe(false);
  });

  it('keeps SQL nulls: a comparison on null is unknown, and so is its not', () => {
    const empty = feature('t.1', { name: null, population: null });
    expect(matchesFilter(empty, { op: 'eq', property: 'population', value: 1 })).toBe(false);
    expect(matchesFilter(empty, { op: 'not', filter: { op: 'eq', property: 'population', value: 1 } })).toBe(false);
    expect(matchesFilter(empty, { op: 'not', filter: like('*') })).toBe(false);
    expect(matchesFilter(empty, { op: 'or', filters: [like('*'), { op: 'isNull', property: 'name' }] })).toBe(true);
    expect(matchesFilter(empty, { op: 'not', filter: { op: 'and', filters: [like('*'), { op: 'isNull', property: 'population' }, { op: 'eq', property: 'x', value: 1 }] } })).toBe(false);
    expect(matchesFilter(empty, { op: 'not', filter: { op: 'and', filters: [like('*'), { op: 'eq', property: 'name', value: 'x' }, { op: 'isNull', property: 'id' }] } })).toBe(false);
    expect(matchesFilter(feature('t.1', { name: 'x', population: null }), { op: 'not', filter: { op: 'and', filters: [like('y'), { op: 'eq', property: 'population', value: 1 }] } })).toBe(true);
  });
});

describe('likePatternOf', () => {
  it('escapes the wildcards and the escape character, so the text matches itself only', () => {
    const text = 'a*b?c!d';
    expect(likePatternOf(text)).toBe('a!*b!?c!!d');
    expect(matchesFilter(feature('t.1', { name: text }), like(likePatternOf(text)))).toBe(true);
    expect(matchesFilter(feature('t.1', { name: 'aXbYc!d' }), like(likePatternOf(text)))).toBe(false);
    expect(matchesFilter(feature('t.1', { name: 'Big A*B?C!D town' }), like(`*${likePatternOf(text)}*`))).toBe(true);
  });
});

describe('featureOrder', () => {
  it('orders ids by their trailing number, then as text', () => {
    expect(['t.10', 't.9', 'u.1', 't.100', 'x'].sort(compareFeatureIds)).toEqual(['t.9', 't.10', 't.100', 'u.1', 'x']);
  });

  it('sorts by each key in turn, nulls last ascending and first descending, ties by id', () => {
    const features = [
      feature('t.10', { population: 5, name: 'b' }),
      feature('t.2', { population: null, name: 'a' }),
      feature('t.9', { population: 5, name: 'a' }),
      feature('t.1', { population: 7, name: 'B' }),
      feature('t.3', { population: 5, name: 'a' }),
    ];
    const ids = (sortBy: Parameters<typeof featureOrder>[0]) => [...features].sort(featureOrder(sortBy)).map((each) => each.id);
    expect(ids([{ property: 'population', order: 'asc' }])).toEqual(['t.3', 't.9', 't.10', 't.1', 't.2']);
    expect(ids([{ property: 'population', order: 'desc' }])).toEqual(['t.2', 't.1', 't.3', 't.9', 't.10']);
    expect(ids([{ property: 'name', order: 'asc' }, { property: 'population', order: 'desc' }])).toEqual(['t.2', 't.3', 't.9', 't.10', 't.1']);
    expect(ids([])).toEqual(['t.1', 't.2', 't.3', 't.9', 't.10']);
  });
});
