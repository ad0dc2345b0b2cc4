import type { AttributeFilter, MapFeature, PropertyValue } from './feature.js';

function comparable(value: PropertyValue | undefined): string | number | boolean | null {
  if (value === undefined) return null;
  return value instanceof Date ? value.getTime() : value;
}

function likeToRegExp(pattern: string): RegExp {
  // OGC PropertyIsLike defaults: `*` any run, `.` one character, `!` escapes.
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index] as string;
    if (char === '!' && index + 1 < pattern.length) {
      source += (pattern[++index] as string).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    } else if (char === '*') source += '.*';
    else if (char === '.') source += '.';
    else source += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 's');
}

/** Evaluates an attribute filter against a feature, with OGC Filter semantics. */
export function matchesFilter(feature: MapFeature, filter: AttributeFilter): boolean {
  switch (filter.op) {
    case 'and':
      return filter.filters.every((part) => matchesFilter(feature, part));
    case 'or':
      return filter.filters.some((part) => matchesFilter(feature, part));
    case 'not':
      return !matchesFilter(feature, filter.filter);
    case 'isNull': {
      const value = feature.properties[filter.property];
      return value === null || value === undefined;
    }
    case 'like': {
      const value = feature.properties[filter.property];
      return typeof value === 'string' && likeToRegExp(filter.pattern).test(value);
    }
    default: {
      const left = comparable(feature.properties[filter.property]);
      const right = comparable(filter.value);
      if (left === null || right === null) return false;
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
