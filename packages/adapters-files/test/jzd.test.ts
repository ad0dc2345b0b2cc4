import { readFileSync } from 'node:fs';
import type { Geometry, Position } from '@gportal/core';
import { afterAll, describe, expect, it } from 'vitest';
import { mapPositions, planarArea } from '../src/file-model/index.js';
import { readFeatureFile, resolveCrs, writeFeatureFile, type ImportedFile } from '../src/index.js';
import { DEGREE_TOLERANCE, expectSameGeometry } from './compare.js';
import { FIXTURES, ogr2ogr, save, scratch } from './gdal.js';

const FILES = [
  { name: 'jzd-zone-prefix.gbk.txt', crs: 'EPSG:4526', prefix: true },
  { name: 'jzd-zone-prefix.utf8.txt', crs: 'EPSG:4526', prefix: true },
  { name: 'jzd-no-prefix.gbk.txt', crs: 'EPSG:4547', prefix: false },
  { name: 'jzd-no-prefix.utf8.txt', crs: 'EPSG:4547', prefix: false },
] as const;

const read = (name: string) => readFeatureFile({ name, bytes: readFileSync(`${FIXTURES}${name}`) });

/** The fixture's points as [easting, northing] by parcel and ring, straight from its text. */
function fixturePoints(name: string): Position[][][] {
  const parcels: Position[][][] = [];
  for (const line of new TextDecoder('utf-8').decode(readFileSync(`${FIXTURES}${name.replace('.gbk.', '.utf8.')}`)).split('\r\n')) {
    const columns = line.split(',');
    if (columns[columns.length - 1] === '@') parcels.push([]);
    else if (columns.length === 4 && parcels.length > 0) {
      const rings = parcels[parcels.length - 1] as Position[][];
      const ring = Number(columns[1]) - 1;
      (rings[ring] ??= []).push([Number(columns[3]), Number(columns[2])]);
    }
  }
  return parcels;
}

const inProjection = (imported: ImportedFile, index: number): Geometry => mapPositions((imported.features[index] as ImportedFile['features'][number]).geometry, resolveCrs(imported.crs).fromLonLat);

const { dir, remove } = scratch();
afterAll(remove);

describe('the boundary-point coordinate file (界址点坐标文件)', () => {
  it.each(FILES)('reads $name: two parcels, the first with a hole, in its zone', async ({ name, crs }) => {
    const imported = await read(name);
    expect(imported).toMatchObject({ format: 'jzd', crs, problems: [] });
    expect(imported.features.map((feature) => feature.properties)).toEqual([
      { 地块面积: 0.76, 地块编号: '1', 地块名称: '东城地块', 图幅号: 'H50G001001', 地块用途: '工业用地', 地类编码: null },
      { 地块面积: 0.7674, 地块编号: '2', 地块名称: '西区二号', 图幅号: 'H50G001002', 地块用途: '住宅用地', 地类编码: '0701' },
    ]);
    const [first, second] = imported.features;
    expect(first?.geometry.type).toBe('Polygon');
    expect(first?.geometry.coordinates).toHaveLength(2);
    expect(second?.geometry.type).toBe('Polygon');
    // Zone 38 is centred on 114°E; the parcels lie near 30.6°N.
    const [lon, lat] = (first?.geometry.coordinates as Position[][])[0]?.[0] as Position;
    expect(lon).toBeGreaterThan(114.3);
    expect(lon).toBeLessThan(114.32);
    expect(lat).toBeGreaterThan(30.59);
    expect(lat).toBeLessThan(30.61);
  });

  it.each(FILES)('$name: each parcel line\'s area is the planar area of its rings to 0.0001 公顷, and its points come back within a millimetre', async ({ name, prefix }) => {
    const imported = await read(name);
    const points = fixturePoints(name);
    imported.features.forEach((feature, index) => {
      const projected = inProjection(imported, index);
      expect(Math.abs(planarArea(projected) / 10_000 - (feature.properties['地块面积'] as number))).toBeLessThanOrEqual(0.0001);
      const rings = points[index] as Position[][];
      const expected: Geometry = { type: 'Polygon', coordinates: rings };
      expectSameGeometry(projected, expected, 0.001);
      expect((rings[0]?.[0]?.[0] as number) >= 1_000_000).toBe(prefix);
    });
  });

  it('turns the points into lon/lat as GDAL does (ogr2ogr from EPSG:4526 to EPSG:4490)', async () => {
    const imported = await read('jzd-zone-prefix.gbk.txt');
    const points = fixturePoints('jzd-zone-prefix.gbk.txt').flat(2);
    const csv = save(dir, 'jzd-points.csv', new TextEncoder().encode(['X,Y', ...points.map(([easting, northing]) => `${easting},${northing}`)].join('\n')));
    const gdal = JSON.parse(ogr2ogr(['-f', 'GeoJSON', '-s_srs', 'EPSG:4526', '-t_srs', 'EPSG:4490', '-oo', 'X_POSSIBLE_NAMES=X', '-oo', 'Y_POSSIBLE_NAMES=Y', '-lco', 'COORDINATE_PRECISION=12', '/vsistdout/', csv])) as { features: Array<{ geometry: { coordinates: Position } }> };
    const ours = imported.features.flatMap((feature) => (feature.geometry.coordinates as Position[][]).flat());
    expect(ours).toHaveLength(gdal.features.length);
    // The rings are wound anew (RFC 7946): each of ours is matched with GDAL's nearest.
    for (const position of ours) {
      const distance = Math.min(...gdal.features.map(({ geometry: { coordinates } }) => Math.max(Math.abs((position[0] as number) - (coordinates[0] as number)), Math.abs((position[1] as number) - (coordinates[1] as number)))));
      expect(distance).toBeLessThanOrEqual(DEGREE_TOLERANCE);
    }
  });

  it.each([
    ['gbk', 'EPSG:4526', true],
    ['utf-8', 'EPSG:4547', false],
  ] as const)('writes the parcels back in %s, zone prefix %s, and reads them again the same', async (encoding, crs, prefix) => {
    const imported = await read('jzd-zone-prefix.utf8.txt');
    const written = await writeFeatureFile(imported.features, { format: 'jzd', name: 'parcels', crs, encoding });
    expect(written.name).toBe('parcels.txt');
    expect(written.mediaType).toBe(`text/plain;charset=${encoding === 'gbk' ? 'GBK' : 'utf-8'}`);
    const text = new TextDecoder(encoding).decode(written.bytes);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(written.bytes)).toSatisfy((decode: () => string) => {
      try {
        decode();
        return encoding === 'utf-8';
      } catch {
        return encoding === 'gbk';
      }
    });
    expect(text).toContain('坐标系=2000国家大地坐标系\r\n几度分带=3\r\n投影类型=高斯克吕格\r\n计量单位=米\r\n带号=38\r\n');
    expect(text).toContain('10,0.7600,1,东城地块,面,H50G001001,工业用地,,@\r\n');
    expect(text).toContain('6,0.7674,2,西区二号,面,H50G001002,住宅用地,0701,@\r\n');
    expect(text).toContain(prefix ? 'J1,1,3387000.000,38530000.000' : 'J1,1,3387000.000,530000.000');
    const again = await readFeatureFile(written);
    expect(again.crs).toBe(crs);
    expect(again.problems).toEqual([]);
    expect(again.features.map((feature) => feature.properties)).toEqual(imported.features.map((feature) => feature.properties));
    again.features.forEach((feature, index) => expectSameGeometry(feature.geometry, imported.features[index]?.geometry as Geometry, DEGREE_TOLERANCE));
  });

  it('writes in the 3° zone (zone number in front) of the features\' centre by default, and refuses what is not a parcel', async () => {
    const imported = await read('jzd-no-prefix.gbk.txt');
    const written = await writeFeatureFile(imported.features, { format: 'jzd' });
    expect((await readFeatureFile(written)).crs).toBe('EPSG:4526');
    await expect(writeFeatureFile([{ geometry: { type: 'Point', coordinates: [114.3, 30.6] }, properties: {} }], { format: 'jzd' })).rejects.toMatchObject({ kind: 'feature-file', format: 'jzd' });
    await expect(writeFeatureFile(imported.features, { format: 'jzd', crs: 'EPSG:4490' })).rejects.toMatchObject({ kind: 'feature-file' });
  });

  it('refuses a file in another datum with an error naming it', async () => {
    const text = new TextDecoder('gbk').decode(readFileSync(`${FIXTURES}jzd-zone-prefix.gbk.txt`)).replace('2000国家大地坐标系', '1980西安坐标系');
    await expect(readFeatureFile({ name: 'xian80.txt', bytes: new TextEncoder().encode(text) })).rejects.toMatchObject({ kind: 'unknown-crs', crs: '1980西安坐标系' });
  });
});
