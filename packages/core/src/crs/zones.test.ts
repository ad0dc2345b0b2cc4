import { describe, expect, it } from 'vitest';
import { CGCS2000_GAUSS_KRUGER, gaussKrugerCrsOfEpsg, gaussKrugerCrsOfZone, gaussKrugerProjString, gaussKrugerZone } from './zones.js';

describe('the CGCS2000 Gauss-Krüger systems', () => {
  it('numbers the four EPSG blocks as EPSG does', () => {
    expect(CGCS2000_GAUSS_KRUGER).toHaveLength(64);
    expect(gaussKrugerCrsOfEpsg(4491)).toMatchObject({ width: 6, zone: 13, centralMeridian: 75, zonePrefix: true, falseEasting: 13_500_000 });
    expect(gaussKrugerCrsOfEpsg(4512)).toMatchObject({ width: 6, zone: 23, centralMeridian: 135, zonePrefix: false, falseEasting: 500_000 });
    expect(gaussKrugerCrsOfEpsg(4526)).toMatchObject({ width: 3, zone: 38, centralMeridian: 114, zonePrefix: true, falseEasting: 38_500_000 });
    expect(gaussKrugerCrsOfEpsg(4549)).toMatchObject({ width: 3, zone: 40, centralMeridian: 120, zonePrefix: false });
    expect(gaussKrugerCrsOfEpsg(4554)).toMatchObject({ width: 3, zone: 45, centralMeridian: 135 });
    expect(gaussKrugerCrsOfEpsg(4490)).toBeUndefined();
    expect(gaussKrugerCrsOfEpsg(4555)).toBeUndefined();
  });

  it('finds the zone of a longitude, the boundary going east', () => {
    expect(gaussKrugerZone(119.3, { width: 3 })).toBe(40);
    expect(gaussKrugerZone(121.5, { width: 3 })).toBe(41);
    expect(gaussKrugerZone(121.4999, { width: 3 })).toBe(40);
    expect(gaussKrugerZone(119.3, { width: 6 })).toBe(20);
    expect(gaussKrugerZone(120, { width: 6 })).toBe(21);
    expect(() => gaussKrugerZone(Number.NaN, { width: 3 })).toThrow(RangeError);
  });

  it('goes from a zone to its system and writes it for PROJ', () => {
    const crs = gaussKrugerCrsOfZone(40, { width: 3, zonePrefix: true });
    expect(crs?.epsg).toBe(4528);
    expect(gaussKrugerCrsOfZone(46, { width: 3, zonePrefix: true })).toBeUndefined();
    expect(gaussKrugerProjString(crs!)).toBe('+proj=tmerc +lat_0=0 +lon_0=120 +k=1 +x_0=40500000 +y_0=0 +ellps=GRS80 +units=m +no_defs');
  });
});
