import { describe, expect, it } from 'vitest';
import { CoordinateInputError, destination, parseBearing, parseCoordinate, parseCoordinateList, parseDistance, type CoordinateInputReason } from './coordinate-input.js';
import { toGaussKruger } from './gauss-kruger.js';

const DEGREES = { format: 'degrees' } as const;
const ZONES = { format: 'gaussKruger3' } as const;
/** Fuzhou's 鼓楼, as the status line reads it. */
const FUZHOU = [119 + 17 / 60 + 45.12 / 3600, 26 + 4 / 60 + 31.8 / 3600] as const;

function expectNear(actual: readonly number[], expected: readonly number[], degrees = 1e-9): void {
  expect(Math.abs(actual[0]! - expected[0]!)).toBeLessThan(degrees);
  expect(Math.abs(actual[1]! - expected[1]!)).toBeLessThan(degrees);
}

function reasonOf(text: string, options: Parameters<typeof parseCoordinate>[1] = DEGREES): CoordinateInputReason | undefined {
  try {
    parseCoordinate(text, options);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(CoordinateInputError);
    return (error as CoordinateInputError).reason;
  }
}

describe('parseCoordinate in degrees', () => {
  it.each([
    ['119.295867 26.075500', [119.295867, 26.0755]],
    ['119.295867,26.075500', [119.295867, 26.0755]],
    ['119.295867，26.075500', [119.295867, 26.0755]],
    ['１１９.２９５８６７ ２６.０７５５', [119.295867, 26.0755]],
    ['-70.5 -33.25', [-70.5, -33.25]],
    ['70.5W 33.25S', [-70.5, -33.25]],
    ['26.0755N 119.295867E', [119.295867, 26.0755]],
    ['N 26.0755, E 119.295867', [119.295867, 26.0755]],
    ['东经119.295867° 北纬26.0755°', [119.295867, 26.0755]],
  ])('reads %s', (text, expected) => {
    expectNear(parseCoordinate(text, DEGREES), expected);
  });

  it.each([
    '119°17′45.12″E 26°04′31.80″N',
    `119°17'45.12"E 26°04'31.80"N`,
    `119°17'45.12''E, 26°04'31.80''N`,
    '119° 17′ 45.12″ E 26° 04′ 31.80″ N',
    '东经119度17分45.12秒 北纬26度04分31.80秒',
    'J1 119°17′45.12″E 26°04′31.80″N',
  ])('reads degrees, minutes and seconds: %s', (text) => {
    expectNear(parseCoordinate(text, DEGREES), FUZHOU);
  });

  it('leaves point numbers in front out', () => {
    expectNear(parseCoordinate('3 119.3 26.1', DEGREES), [119.3, 26.1]);
    expectNear(parseCoordinate('J12, 1, 119.3, 26.1', DEGREES), [119.3, 26.1]);
  });

  it.each([
    ['', 'empty'],
    ['119.3', 'count'],
    ['1.5 119.3 26.1', 'count'],
    ['119.3 26.1a', 'unreadable'],
    ['11x.3 26.1', 'unreadable'],
    ['119.3 96.1', 'out-of-range'],
    ['190.3 26.1', 'out-of-range'],
    ['119°61′00″E 26°N', 'out-of-range'],
    ['119°17′60″E 26°N', 'out-of-range'],
    ['26N 25N', 'hemispheres'],
    ['119E 118E', 'hemispheres'],
    ['-119E 26N', 'unreadable'],
  ] as const)('refuses %j: %s', (text, reason) => {
    expect(reasonOf(text)).toBe(reason);
  });
});

describe('parseCoordinate in the 3° zones', () => {
  const point = toGaussKruger(FUZHOU, { width: 3, zonePrefix: true });

  it('reads x then y, the zone from the easting or given', () => {
    expectNear(parseCoordinate(`${point.x.toFixed(3)} ${point.y.toFixed(3)}`, ZONES), FUZHOU, 1e-7);
    expectNear(parseCoordinate(`J1,${point.x.toFixed(3)},${(point.y - 40_000_000).toFixed(3)}`, { ...ZONES, zone: 40 }), FUZHOU, 1e-7);
  });

  it('refuses what is not a point of a zone, and an easting without its zone when none is given', () => {
    expect(reasonOf(`${point.x} ${point.y - 40_000_000}`, ZONES)).toBe('no-zone');
    expect(reasonOf(`${point.x} 40900000`, ZONES)).toBe('out-of-range');
    expect(reasonOf(`${point.x} 99429544.47`, ZONES)).toBe('out-of-range');
    expect(reasonOf(`-5 40429544.47`, ZONES)).toBe('out-of-range');
    expect(reasonOf('2885395.63 40429544.47E', ZONES)).toBe('unreadable');
    expect(reasonOf('2885395.63', ZONES)).toBe('count');
  });
});

describe('parseCoordinateList', () => {
  it('reads one position a line, blank lines skipped, point numbers left out', () => {
    const result = parseCoordinateList('J1 119.1 26.1\r\n\nJ2 119.2 26.1\nJ3 119.2 26.2\n', DEGREES);
    expect(result.problems).toEqual([]);
    expect(result.positions).toEqual([
      [119.1, 26.1],
      [119.2, 26.1],
      [119.2, 26.2],
    ]);
  });

  it('names every line it cannot read, and then gives no positions', () => {
    const result = parseCoordinateList('119.1 26.1\n119.2\n\n119.2 96\n119.3 26.3', DEGREES);
    expect(result.positions).toEqual([]);
    expect(result.problems.map(({ line, reason, text }) => ({ line, reason, text }))).toEqual([
      { line: 2, reason: 'count', text: '119.2' },
      { line: 4, reason: 'out-of-range', text: '119.2 96' },
    ]);
    expect(parseCoordinateList(' \n', DEGREES).problems.map(({ reason }) => reason)).toEqual(['empty']);
  });
});

describe('bearings and distances', () => {
  it.each([
    ['45', 45],
    ['45.5', 45.5],
    ['45°30′', 45.5],
    [`359°59'59"`, 359 + 59 / 60 + 59 / 3600],
    ['0', 0],
  ])('reads the bearing %s', (text, degrees) => {
    expect(parseBearing(text)).toBeCloseTo(degrees, 12);
  });

  it.each(['360', '-1', '45E', 'abc', '', '1 2'])('refuses the bearing %j', (text) => {
    expect(parseBearing(text)).toBeUndefined();
  });

  it.each([
    ['120', 120],
    ['120.5 m', 120.5],
    ['120.5米', 120.5],
    ['1.2 km', 1200],
    ['1.2公里', 1200],
    ['１２０', 120],
  ])('reads the distance %s', (text, metres) => {
    expect(parseDistance(text)).toBeCloseTo(metres, 9);
  });

  it.each(['0', '-3', 'abc', '3 ft', ''])('refuses the distance %j', (text) => {
    expect(parseDistance(text)).toBeUndefined();
  });

  it('walks a distance on the zone plane along grid bearings', () => {
    const start = toGaussKruger(FUZHOU, { width: 3 });
    const east = toGaussKruger(destination(FUZHOU, 100, 90, 'gaussKruger3'), { width: 3, zone: start.zone });
    expect(east.x - start.x).toBeCloseTo(0, 6);
    expect(east.y - start.y).toBeCloseTo(100, 6);
    const north = toGaussKruger(destination(FUZHOU, 250, 0, 'gaussKruger3'), { width: 3, zone: start.zone });
    expect(north.x - start.x).toBeCloseTo(250, 6);
    const southWest = toGaussKruger(destination(FUZHOU, Math.SQRT2 * 10, 225, 'gaussKruger3'), { width: 3, zone: start.zone });
    expect([southWest.x - start.x, southWest.y - start.y].map((value) => Number(value.toFixed(6)))).toEqual([-10, -10]);
  });

  it('refuses a start, distance or bearing that is not a finite number', () => {
    expect(() => destination([Number.NaN, 26], 10, 0, 'ellipsoid')).toThrow(RangeError);
    expect(() => destination(FUZHOU, Number.POSITIVE_INFINITY, 0, 'gaussKruger3')).toThrow(RangeError);
  });
});
