import { describe, expect, it } from 'vitest';
import { formatDecimalDegrees, formatDms, formatGaussKrugerPoint } from './format-coordinates.js';
import { toGaussKruger } from './gauss-kruger.js';

describe('readable coordinates', () => {
  it('writes decimal degrees with their hemispheres', () => {
    expect(formatDecimalDegrees([119.2958333, 26.0755])).toBe('119.295833°E 26.075500°N');
    expect(formatDecimalDegrees([-0.5, -33.25])).toBe('0.500000°W 33.250000°S');
  });

  it('writes degrees, minutes and seconds to the hundredth of a second', () => {
    expect(formatDms([119 + 17 / 60 + 45.12 / 3600, 26 + 4 / 60 + 31.8 / 3600])).toBe('119°17′45.12″E 26°04′31.80″N');
    expect(formatDms([73.5, 18])).toBe('73°30′00.00″E 18°00′00.00″N');
    // 59.999″ rounds up into the next minute and degree, never to 60.00″.
    expect(formatDms([120 - 0.001 / 3600, -(10 + 59 / 60 + 59.999 / 3600)])).toBe('120°00′00.00″E 11°00′00.00″S');
  });

  it('writes Gauss-Krüger metres to the centimetre, prefixed or not', () => {
    const fuzhou = [119.295833, 26.075556];
    expect(formatGaussKrugerPoint(toGaussKruger(fuzhou, { width: 3, zonePrefix: true }))).toEqual({ x: '2885395.63', y: '40429544.47', zone: '40' });
    expect(formatGaussKrugerPoint(toGaussKruger(fuzhou, { width: 3 }))).toEqual({ x: '2885395.63', y: '429544.47', zone: '40' });
  });

  it('refuses what is not a position', () => {
    expect(() => formatDms([Number.NaN, 1])).toThrow(RangeError);
    expect(() => formatDecimalDegrees([1])).toThrow(RangeError);
    expect(() => formatGaussKrugerPoint({ x: Number.NaN, y: 1, zone: 40 })).toThrow(RangeError);
  });
});
