import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { destination } from '@gportal/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDebianPackages, PROJ_BIN } from '../scripts/debian-packages.js';

const run = promisify(execFile);

/** Starts over China, bearings all round, distances from a survey's edge (12.5 m) to a county's width (80 km). */
const CASES = [18, 30, 42, 53].flatMap((lat, row) =>
  [0, 37.5, 90, 145.25, 180, 233, 270, 359.9].flatMap((bearing, column) =>
    [12.5, 640, 80_000].map((metres) => ({ from: [74 + 15 * ((row + column) % 5), lat] as [number, number], bearing, metres })),
  ),
);

/** PROJ's `geod` on the same ellipsoid: the direct problem, latitude and longitude of the end, to 1e-10°. */
async function geod(cases: typeof CASES): Promise<[number, number][]> {
  const child = run('geod', ['+ellps=WGS84', '-f', '%.10f'], { timeout: 30_000 });
  child.child.stdin?.end(cases.map(({ from: [lon, lat], bearing, metres }) => `${lat} ${lon} ${bearing} ${metres}\n`).join(''));
  const { stdout } = await child;
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(cases.length);
  return lines.map((line) => {
    const [lat, lon] = line.trim().split(/\s+/).map(Number);
    return [lon!, lat!];
  });
}

beforeAll(() => {
  ensureDebianPackages([PROJ_BIN], 'the distance-and-bearing test against PROJ');
});

describe("the core's destination on the ellipsoid against PROJ (geod)", () => {
  it(`agrees within 1e-9° (about 0.1 mm) on ${CASES.length} starts, bearings and distances`, async () => {
    const expected = await geod(CASES);
    let worst = 0;
    CASES.forEach(({ from, bearing, metres }, index) => {
      const [lon, lat] = destination(from, metres, bearing, 'ellipsoid');
      worst = Math.max(worst, Math.abs(lon! - expected[index]![0]), Math.abs(lat! - expected[index]![1]));
    });
    expect(worst).toBeLessThan(1e-9);
  });
});
