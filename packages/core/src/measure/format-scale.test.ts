import { describe, expect, it } from 'vitest';
import { CSS_PIXEL_METRES, formatScale, formatScaleLength, scaleBar, scaleDenominator } from './format-scale.js';

describe('the map scale', () => {
  it('is ground metres over screen metres of a CSS pixel', () => {
    expect(scaleDenominator(50_000 * CSS_PIXEL_METRES)).toBeCloseTo(50_000, 6);
    expect(() => scaleDenominator(0)).toThrow(RangeError);
  });

  it.each([
    [50_000, '1:50 000'],
    [49_873.4, '1:49 873'],
    [500, '1:500'],
    [1_234_567, '1:1 234 567'],
    [0.3, '1:1'],
  ])('reads %d as %s', (denominator, text) => {
    expect(formatScale(denominator)).toBe(text);
  });

  it('picks the longest round bar that fits', () => {
    expect(scaleBar(10, 100)).toEqual({ metres: 1000, pixels: 100 });
    expect(scaleBar(7, 100)).toEqual({ metres: 500, pixels: 500 / 7 });
    expect(scaleBar(3, 100)).toEqual({ metres: 200, pixels: 200 / 3 });
    expect(scaleBar(0.013, 100)).toEqual({ metres: 1, pixels: 1 / 0.013 });
    expect(scaleBar(0.004, 100).metres).toBeCloseTo(0.2, 12);
    expect(() => scaleBar(1, 0)).toThrow(RangeError);
  });

  it('writes a bar length in m or km', () => {
    expect(formatScaleLength(500)).toBe('500 m');
    expect(formatScaleLength(1000)).toBe('1 km');
    expect(formatScaleLength(20_000)).toBe('20 km');
    expect(formatScaleLength(0.2)).toBe('0.2 m');
  });
});
