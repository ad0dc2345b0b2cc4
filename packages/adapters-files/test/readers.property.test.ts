import { GportalError, type Position } from '@gportal/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapPositions, planarArea } from '../src/file-model/index.js';
import { readFeatureFile, resolveCrs, writeFeatureFile, type FileFeature } from '../src/index.js';
import { DEGREE_TOLERANCE, expectSameGeometry } from './compare.js';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** Reads and says what came of it: a file, or a typed error; anything else fails the property. */
async function outcome(name: string, bytes: Uint8Array): Promise<'read' | 'refused'> {
  try {
    const file = await readFeatureFile({ name, bytes });
    for (const feature of file.features) expect(feature.geometry).toBeDefined();
    return 'read';
  } catch (error) {
    if (error instanceof GportalError) return 'refused';
    throw error;
  }
}

/** CSV-ish text: cells of digits, WKT fragments, quotes, commas and Chinese, in lines. */
const csvText = fc
  .tuple(
    fc.array(fc.array(fc.oneof(fc.string(), fc.constantFrom('WKT', 'X', 'Y', 'lon', 'lat', 'POINT (117 31)', 'POLYGON ((0 0,1 0,1 1,0 0))', '"', '""', '地块', '1e400', 'NaN', '117.2', '31.8')), { maxLength: 6 }), { maxLength: 20 }),
    fc.constantFrom('\n', '\r\n'),
  )
  .map(([rows, newline]) => rows.map((cells) => cells.join(',')).join(newline));

/** Coordinate-file-ish text: its section names, parcel lines, point lines and noise. */
const jzdLine = fc.oneof(
  fc.constantFrom('[属性描述]', '[地块坐标]', '坐标系=2000国家大地坐标系', '几度分带=3', '几度分带=7', '带号=38', '带号=99', '投影类型=高斯克吕格', '计量单位=米', '@', ','),
  fc.tuple(fc.nat(20), fc.double({ noNaN: true }), fc.string(), fc.constantFrom('面', '线', '')).map(([count, area, name, kind]) => `${count},${area},1,${name},${kind},,,,@`),
  fc.tuple(fc.nat(3), fc.double({ min: 3_300_000, max: 3_400_000, noNaN: true }), fc.double({ min: 38_400_000, max: 38_600_000, noNaN: true })).map(([ring, x, y]) => `J1,${ring},${x.toFixed(3)},${y.toFixed(3)}`),
  fc.string(),
);
const jzdText = fc.array(jzdLine, { maxLength: 40 }).map((lines) => lines.join('\r\n'));

describe('the CSV and coordinate-file readers on any text (fast-check)', () => {
  it('a CSV reads or is refused with a typed error, never a crash', async () => {
    await fc.assert(fc.asyncProperty(csvText, async (text) => {
      expect(['read', 'refused']).toContain(await outcome('any.csv', utf8(text)));
    }), { numRuns: 300 });
  });

  it('a coordinate file reads or is refused with a typed error, never a crash', async () => {
    await fc.assert(fc.asyncProperty(jzdText, async (text) => {
      expect(['read', 'refused']).toContain(await outcome('any.txt', utf8(`[地块坐标]\r\n${text}`)));
    }), { numRuns: 300 });
  });
});

/** A lon/lat in zone 39 and names that stay text (a CSV cell of digits would read back as a number). */
const lonLat = fc.tuple(fc.double({ min: 116, max: 118, noNaN: true }), fc.double({ min: 30, max: 33, noNaN: true }));
const text = fc.string({ minLength: 1, maxLength: 12 }).map((value) => `t${value}`);

describe('what the writers write, the readers read back (fast-check)', () => {
  it('points with text and numbers through CSV', async () => {
    const features = fc.array(fc.record({ position: lonLat, name: text, count: fc.integer({ min: -1e6, max: 1e6 }) }), { minLength: 1, maxLength: 20 });
    await fc.assert(
      fc.asyncProperty(features, async (records) => {
        const written: FileFeature[] = records.map(({ position, name, count }) => ({ geometry: { type: 'Point', coordinates: position }, properties: { name, count } }));
        const file = await writeFeatureFile(written, { format: 'csv', crs: 'EPSG:4326' });
        const read = await readFeatureFile(file);
        expect(read.problems).toEqual([]);
        expect(read.features.map((feature) => feature.properties)).toEqual(written.map((feature) => feature.properties));
        read.features.forEach((feature, index) => expectSameGeometry(feature.geometry, (written[index] as FileFeature).geometry, 1e-12));
      }),
      { numRuns: 50 },
    );
  });

  it('rectangular parcels through the coordinate file: positions within a millimetre, the area to 0.0001 公顷', async () => {
    const parcel = fc.tuple(lonLat, fc.double({ min: 1e-4, max: 1e-2, noNaN: true }), fc.double({ min: 1e-4, max: 1e-2, noNaN: true }), fc.string({ maxLength: 8 }));
    await fc.assert(
      fc.asyncProperty(fc.array(parcel, { minLength: 1, maxLength: 5 }), fc.constantFrom('gbk' as const, 'utf-8' as const), async (parcels, encoding) => {
        const written: FileFeature[] = parcels.map(([[lon, lat], width, height, name]) => {
          const ring: Position[] = [[lon, lat], [lon + width, lat], [lon + width, lat + height], [lon, lat + height], [lon, lat]];
          return { geometry: { type: 'Polygon', coordinates: [ring] }, properties: { 地块名称: name } };
        });
        const file = await writeFeatureFile(written, { format: 'jzd', crs: 'EPSG:4527', encoding });
        const read = await readFeatureFile(file);
        expect(read.problems).toEqual([]);
        read.features.forEach((feature, index) => {
          expectSameGeometry(feature.geometry, (written[index] as FileFeature).geometry, DEGREE_TOLERANCE);
          const inZone = mapPositions(feature.geometry, resolveCrs(read.crs).fromLonLat);
          expect(Math.abs(planarArea(inZone) / 10_000 - (feature.properties['地块面积'] as number))).toBeLessThanOrEqual(0.0001);
        });
      }),
      { numRuns: 40 },
    );
  });
});
