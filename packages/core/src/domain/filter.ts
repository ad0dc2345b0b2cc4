import type { AttributeFilter, MapFeature, PropertyValue, SortKey } from './feature.js';

function comparable(value: PropertyValue | undefined): string | number | boolean | null {
  if (value === undefined) return null;
  return value instanceof Date ? value.getTime() : value;
}

const REGEXP_SYNTAX = /[.*+?^${}()|[\]\\/]/g;

function likeToRegExp(pattern: string): RegExp {
  let source = '';
  // By code point, so that `?` is one character whatever its UTF-16 length, as in SQL.
  const chars = [...pattern];
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index] as string;
    if (char === '!' && index + 1 < chars.length) source += (chars[++index] as string).replace(REGEXP_SYNTAX, '\\$&');
    else if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else source += char.replace(REGEXP_SYNTAX, '\\$&');
  }
  return new RegExp(`^${source}$`, 'isu');
}

/** A `like` pattern matching `text` literally: its `*`, `?` and `!` escaped (wrap it in `*` for "contains"). */
export function likePatternOf(text: string): string {
  return text.replace(/[*?!]/g, '!$&');
}

/** `null` is SQL's unknown. */
function evaluate(feature: MapFeature, filter: AttributeFilter): boolean | null {
  switch (filter.op) {
    case 'and': {
      let result: boolean | null = true;
      for (const part of filter.filters) {
        const value = evaluate(feature, part);
        if (value === false) return false;
        if (value === null) result = null;
      }
      return result;
    }
    case 'or': {
      let result: boolean | null = false;
      for (const part of filter.filters) {
        const value = evaluate(feature, part);
        if (value === true) return true;
        if (value === null) result = null;
      }
      return result;
    }
    case 'not': {
      const value = evaluate(feature, filter.filter);
      return value === null ? null : !value;
    }
    case 'isNull': {
      const value = feature.properties[filter.property];
      return value === null || value === undefined;
    }
    case 'like': {
      const value = feature.properties[filter.property];
      if (value === null || value === undefined) return null;
      return typeof value === 'string' && likeToRegExp(filter.pattern).test(value);
    }
    default: {
      const left = comparable(feature.properties[filter.property]);
      const right = comparable(filter.value);
      if (left === null || right === null) return null;
      switch (filter.op) {
        case 'eq':
          return left === right;
        case 'ne':
          return left !== right;
        case 'lt':
          return left < right;
        case 'le':
          return left <= right;
        case 'gt':
          return left > right;
        case 'ge':
          return left >= right;
      }
    }
  }
}

/** Whether an attribute filter selects a feature: OGC Filter semantics with SQL's nulls (see {@link AttributeFilter}). */
export function matchesFilter(feature: MapFeature, filter: AttributeFilter): boolean {
  return evaluate(feature, filter) === true;
}

const TRAILING_NUMBER = /^(.*?)(\d+)$/;

/** Feature ids in their order as a tie-break: a shared prefix, then the trailing number as a number (`towns.9` before `towns.10`). */
export function compareFeatureIds(a: string, b: string): number {
  const left = TRAILING_NUMBER.exec(a);
  const right = TRAILING_NUMBER.exec(b);
  if (left && right && left[1] === right[1]) {
    const difference = Number(left[2]) - Number(right[2]);
    if (difference !== 0) return difference;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Strings sort in the Unicode root collation (letters before their case, Latin before Han), as
 * QGIS Server sorts them and as a database with a language collation does; filters compare them
 * by code point, as a `C` database does.
 */
const STRING_ORDER = new Intl.Collator('und');

/** Two property values in ascending order: nulls after every value (and so before them descending), as PostgreSQL does. */
export function comparePropertyValues(a: PropertyValue | undefined, b: PropertyValue | undefined): number {
  const left = comparable(a);
  const right = comparable(b);
  if (left === null) return right === null ? 0 : 1;
  if (right === null) return -1;
  if (typeof left === 'string' && typeof right === 'string') return STRING_ORDER.compare(left, right);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The order a `FeatureQuery.sortBy` asks for: its keys in turn, then the feature id ({@link compareFeatureIds}). */
export function featureOrder(sortBy: readonly SortKey[]): (a: MapFeature, b: MapFeature) => number {
  return (a, b) => {
    for (const key of sortBy) {
      const difference = comparePropertyValues(a.properties[key.property], b.properties[key.property]);
      if (difference !== 0) return key.order === 'desc' ? -difference : difference;
    }
    return compareFeatureIds(a.id, b.id);
  };
}
