import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { CGCS2000_EPSG, CGCS2000_GAUSS_KRUGER, fromGaussKruger, toGaussKruger, zoneCentralMeridian, type GaussKrugerCrs } from '@gportal/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDebianPackages, PROJ_BIN } from '../scripts/debian-packages.js';

const run = promisify(execFile);

/** China's latitudes, every 3°, both ends included. */
const LATITUDES = Array.from({ length: 13 }, (_, index) => 18 + 3 * index);
/** Steps across a zone, its west and east edges included (the east edge is the next zone's, reached with an explicit zone). */
const STEPS_ACROSS = 8;

function gridOf(crs: GaussKrugerCrs): [number, number][] {
  const west = zoneCentralMeridian(crs.zone, crs.width) - crs.width / 2;
  const longitudes = Array.from({ length: STEPS_ACROSS + 1 }, (_, index) => west + (crs.width * index) / STEPS_ACROSS);
  return longitudes.flatMap((lon) => LATITUDES.map((lat): [number, number] => [lon, lat]));
}

/**
 * PROJ's answer for each point: northing and easting in metres, by EPSG's own definitions
 * (EPSG:4490 reads latitude first, the projected systems answer northing first).
 */
async function cs2cs(crs: GaussKrugerCrs, points: readonly [number, number][]): Promise<[number, number][]> {
  const child = run('cs2cs', ['-f', '%.6f', `EPSG:${CGCS2000_EPSG}`, `EPSG:${crs.epsg}`], { timeout: 30_000 });
  child.child.stdin?.end(points.map(([lon, lat]) => `${lat} ${lon}\n`).join(''));
  const { stdout } = await child;
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(points.length);
  return lines.map((line) => {
    const [x, y] = line.trim().split(/\s+/).map(Number);
    return [x!, y!];
  });
}

beforeAll(() => {
  ensureDebianPackages([PROJ_BIN], "the Gauss-Krüger test against PROJ");
});

const MILLIMETRE = 0.001;
const ROUND_TRIP_DEGREES = 1e-9;

describe('the core\'s Gauss-Krüger zones against PROJ (cs2cs) over China', () => {
  it.each(CGCS2000_GAUSS_KRUGER.map((crs) => [crs.epsg, crs] as const))('EPSG:%i', async (_, crs) => {
    const points = gridOf(crs);
    const expected = await cs2cs(crs, points);
    const options = { width: crs.width, zone: crs.zone, zonePrefix: crs.zonePrefix };
    let worst = 0;
    points.forEach((position, index) => {
      const [northing, easting] = expected[index]!;
      const point = toGaussKruger(position, options);
      expect(point.zone).toBe(crs.zone);
      worst = Math.max(worst, Math.abs(point.x - northing), Math.abs(point.y - easting));
      // Back from our own answer and from PROJ's; with the zone in front, read from the easting alone.
      const readOptions = crs.zonePrefix ? { width: crs.width, zonePrefix: true } : options;
      for (const back of [fromGaussKruger(point, readOptions), fromGaussKruger({ x: northing, y: easting }, readOptions)]) {
        expect(Math.abs(back[0]! - position[0])).toBeLessThan(ROUND_TRIP_DEGREES);
        expect(Math.abs(back[1]! - position[1])).toBeLessThan(ROUND_TRIP_DEGREES);
      }
    });
    expect(worst).toBeLessThan(MILLIMETRE);
  }, 60_000);
});
