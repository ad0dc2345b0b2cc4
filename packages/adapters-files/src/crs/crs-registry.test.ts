import { CGCS2000_GAUSS_KRUGER } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { crsOfWkt, prjOf, resolveCrs } from './index.js';

describe('the coordinate systems gportal reads and writes', () => {
  it('names EPSG:4326, 4490, 3857 and every CGCS2000 Gauss-Krüger zone, however they are spelt', () => {
    expect(resolveCrs('EPSG:4326')).toMatchObject({ code: 'EPSG:4326', projected: false });
    expect(resolveCrs('urn:ogc:def:crs:OGC:1.3:CRS84').code).toBe('EPSG:4326');
    expect(resolveCrs('urn:ogc:def:crs:EPSG::4490')).toMatchObject({ code: 'EPSG:4490', projected: false });
    expect(resolveCrs('http://www.opengis.net/def/crs/EPSG/0/3857')).toMatchObject({ code: 'EPSG:3857', projected: true });
    for (const zone of CGCS2000_GAUSS_KRUGER) expect(resolveCrs(`EPSG:${zone.epsg}`).gaussKruger).toBe(zone);
  });

  it('puts a zone\'s central meridian at its false easting, with and without the zone number in front', () => {
    const [easting, northing] = resolveCrs('EPSG:4527').fromLonLat([117, 30]);
    expect(easting).toBeCloseTo(39_500_000, 6);
    expect(northing).toBeGreaterThan(3_300_000);
    expect(resolveCrs('EPSG:4548').fromLonLat([117, 30])[0]).toBeCloseTo(500_000, 6);
    const back = resolveCrs('EPSG:4527').toLonLat([39_512_345.678, 3_456_789.012, 12]);
    expect(resolveCrs('EPSG:4527').fromLonLat(back).map((value) => Number(value.toFixed(4)))).toEqual([39_512_345.678, 3_456_789.012, 12]);
    expect(resolveCrs('EPSG:3857').fromLonLat([180, 0])[0]).toBeCloseTo(20_037_508.342789244, 6);
  });

  it('names a .prj by its EPSG code, whether it gives one or only its parameters (GDAL\'s ESRI WKT)', () => {
    const esri = 'PROJCS["CGCS2000_3_Degree_GK_Zone_39",GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",39500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",117.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';
    expect(crsOfWkt(esri).code).toBe('EPSG:4527');
    expect(crsOfWkt('GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]').code).toBe('EPSG:4490');
    for (const code of ['EPSG:4326', 'EPSG:4490', 'EPSG:3857', 'EPSG:4513', 'EPSG:4554', 'EPSG:4491', 'EPSG:4512']) expect(crsOfWkt(prjOf(resolveCrs(code))).code).toBe(code);
  });

  it('reads any other WKT proj4 reads, named by the WKT', () => {
    const utm = 'PROJCS["WGS 84 / UTM zone 50N",GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",117],PARAMETER["scale_factor",0.9996],PARAMETER["false_easting",500000],PARAMETER["false_northing",0],UNIT["metre",1]]';
    const crs = crsOfWkt(utm);
    expect(crs).toMatchObject({ code: 'WGS 84 / UTM zone 50N', projected: true });
    expect(crs.fromLonLat([117, 0])[0]).toBeCloseTo(500_000, 6);
  });

  it('refuses a system it cannot transform with an error naming it', () => {
    expect(() => resolveCrs('EPSG:2385')).toThrow(expect.objectContaining({ kind: 'unknown-crs', crs: 'EPSG:2385' }));
    expect(() => resolveCrs('Xian 1980')).toThrow(expect.objectContaining({ kind: 'unknown-crs', crs: 'Xian 1980' }));
    expect(() => prjOf(crsOfWkt('PROJCS["WGS 84 / UTM zone 50N",GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["central_meridian",117],PARAMETER["scale_factor",0.9996],PARAMETER["false_easting",500000],UNIT["metre",1]]'))).toThrow(expect.objectContaining({ kind: 'unknown-crs' }));
  });
});
