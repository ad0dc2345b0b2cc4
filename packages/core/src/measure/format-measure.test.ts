import { describe, expect, it } from 'vitest';
import { formatArea, formatAreaIn, formatLength, SQUARE_METRES_PER_MU } from './format-measure.js';

describe('formatArea', () => {
  it.each([
    [0, '0 m²'],
    [99.6, '100 m²'],
    [9999, '9999 m²'],
    [9999.4, '9999 m²'],
    [10_000, '1.00 ha'],
    [12_345, '1.23 ha'],
    [999_999, '100.00 ha'],
    [1_000_000, '1.00 km²'],
    [2_345_678, '2.35 km²'],
    [245_898_413_107, '245898.41 km²'],
  ])('%d m² reads %s', (value, expected) => {
    expect(formatArea(value)).toBe(expected);
  });

  it('refuses values that are no area', () => {
    for (const bad of [-1, NaN, Infinity]) expect(() => formatArea(bad)).toThrow(RangeError);
  });
});

describe('formatLength', () => {
  it.each([
    [0, '0 m'],
    [9.6, '10 m'],
    [999, '999 m'],
    [999.9, '1000 m'],
    [1000, '1000 m'],
    [1000.001, '1.00 km'],
    [1001, '1.00 km'],
    [1234.5, '1.23 km'],
    [500_000, '500.00 km'],
  ])('%d m reads %s', (value, expected) => {
    expect(formatLength(value)).toBe(expected);
  });

  it('refuses values that are no length', () => {
    for (const bad of [-0.5, NaN, -Infinity]) expect(() => formatLength(bad)).toThrow(RangeError);
  });
});

describe('formatAreaIn', () => {
  it('reads an area in the unit picked', () => {
    expect(SQUARE_METRES_PER_MU * 15).toBeCloseTo(10_000, 9);
    expect(formatAreaIn(10_000, 'mu')).toBe('15.00 mu');
    expect(formatAreaIn(10_000, 'mu', '亩')).toBe('15.00 亩');
    expect(formatAreaIn(1000, 'mu', '亩')).toBe('1.50 亩');
    expect(formatAreaIn(12_345.6, 'm2')).toBe('12346 m²');
    expect(formatAreaIn(12_345, 'ha')).toBe('1.23 ha');
    expect(formatAreaIn(123, 'km2')).toBe('0.00 km²');
    expect(() => formatAreaIn(-1, 'mu')).toThrow(RangeError);
  });
});
