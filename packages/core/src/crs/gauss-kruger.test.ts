import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromGaussKruger, toGaussKruger } from './gauss-kruger.js';
import { gaussKrugerCrsOfEpsg } from './zones.js';

/** PROJ's answers, captured by `test/capture-cs2cs.sh` (the command is in the file's first line). */
const CAPTURED = readFileSync(new URL('test/cs2cs.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .map((line) => {
    const [epsg, lon, lat, northing, easting] = line.trim().split(/\s+/).map(Number);
    return { epsg: epsg!, lon: lon!, lat: lat!, northing: northing!, easting: easting! };
  });

describe('Gauss-Krüger on CGCS2000', () => {
  it.each(CAPTURED.map((point) => [`EPSG:${point.epsg} at ${point.lon}, ${point.lat}`, point] as const))('meets PROJ within a millimetre: %s', (_, point) => {
    const crs = gaussKrugerCrsOfEpsg(point.epsg)!;
    const options = { width: crs.width, zone: crs.zone, zonePrefix: crs.zonePrefix };
    const { x, y, zone } = toGaussKruger([point.lon, point.lat], options);
    expect(zone).toBe(crs.zone);
    expect(Math.abs(x - point.northing)).toBeLessThan(0.001);
    expect(Math.abs(y - point.easting)).toBeLessThan(0.001);
    const [lon, lat] = fromGaussKruger({ x: point.northing, y: point.easting }, options);
    expect(Math.abs(lon! - point.lon)).toBeLessThan(1e-9);
    expect(Math.abs(lat! - point.lat)).toBeLessThan(1e-9);
  });

  it('finds the zone from the longitude unless told one, and puts it in front only when asked', () => {
    const fuzhou = [119.295833, 26.075556];
    const plain = toGaussKruger(fuzhou, { width: 3 });
    expect(plain.zone).toBe(40);
    expect(plain.y).toBeCloseTo(429_544.472, 3);
    expect(toGaussKruger(fuzhou, { width: 3, zonePrefix: true }).y).toBeCloseTo(40_429_544.472, 3);
    expect(toGaussKruger(fuzhou, { width: 6 }).zone).toBe(20);
    // The zone to the west, on request: the same point over 1.3° east of its central meridian.
    const west = toGaussKruger(fuzhou, { width: 3, zone: 39 });
    expect(west.zone).toBe(39);
    expect(west.y).toBeGreaterThan(600_000);
  });

  it('reads the zone from a prefixed easting, and refuses a zone that disagrees or is missing', () => {
    const [lon, lat] = fromGaussKruger({ x: 2_885_395.626111, y: 40_429_544.472258 }, { width: 3, zonePrefix: true });
    expect(lon).toBeCloseTo(119.295833, 9);
    expect(lat).toBeCloseTo(26.075556, 9);
    expect(() => fromGaussKruger({ x: 2_885_395.6, y: 40_429_544.5 }, { width: 3, zone: 39, zonePrefix: true })).toThrow(/zone 40 in front, not zone 39/);
    expect(() => fromGaussKruger({ x: 2_885_395.6, y: 429_544.5 }, { width: 3 })).toThrow(RangeError);
  });

  it('refuses what is not a coordinate', () => {
    expect(() => toGaussKruger([Number.NaN, 30], { width: 3 })).toThrow(RangeError);
    expect(() => toGaussKruger([120, 91], { width: 3 })).toThrow(RangeError);
    expect(() => toGaussKruger([120, 30], { width: 3, zone: 40.5 })).toThrow(RangeError);
    expect(() => fromGaussKruger({ x: Number.POSITIVE_INFINITY, y: 500_000 }, { width: 3, zone: 40 })).toThrow(RangeError);
  });

  it('goes there and back within 1e-9° across a zone, its edges included', () => {
    for (let lon = 118.5; lon <= 121.5; lon += 0.25) {
      for (let lat = 0; lat <= 84; lat += 6) {
        for (const zonePrefix of [false, true]) {
          const point = toGaussKruger([lon, lat], { width: 3, zone: 40, zonePrefix });
          const [backLon, backLat] = fromGaussKruger(point, { width: 3, zone: 40, zonePrefix });
          expect(Math.abs(backLon! - lon)).toBeLessThan(1e-9);
          expect(Math.abs(backLat! - lat)).toBeLessThan(1e-9);
        }
      }
    }
  });
});
