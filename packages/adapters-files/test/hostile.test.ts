import { readFileSync } from 'node:fs';
import { GportalError } from '@gportal/core';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { FILE_LIMITS, FileTooLargeError, readFeatureFile, type ImportedFile } from '../src/index.js';
import { FIXTURES, ogr2ogr, scratch, zipShapefile } from './gdal.js';

const { dir, remove } = scratch();
afterAll(remove);

const MEGABYTE = 1024 * 1024;
const utf8 = (text: string) => new TextEncoder().encode(text);
const jzdText = () => new TextDecoder('utf-8').decode(readFileSync(`${FIXTURES}jzd-zone-prefix.utf8.txt`));

/** Reads a file and says how long it took, in milliseconds, with what it came to. */
async function timed(name: string, bytes: Uint8Array): Promise<{ ms: number; result?: ImportedFile; error?: unknown }> {
  const start = performance.now();
  try {
    const result = await readFeatureFile({ name, bytes });
    return { ms: performance.now() - start, result };
  } catch (error) {
    return { ms: performance.now() - start, error };
  }
}

/** Bytes no format makes sense of: a fixed pseudo-random sequence, so a failure can be run again. */
function nonsense(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let state = 0x2545f491;
  for (let index = 0; index < size; index += 4) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[index] = state & 0xff;
    bytes[index + 1] = (state >>> 8) & 0xff;
    bytes[index + 2] = (state >>> 16) & 0xff;
    bytes[index + 3] = (state >>> 24) & 0xff;
  }
  return bytes;
}

describe('broken and hostile files: a typed error or a listed problem, never a hang', () => {
  it('a zip without a .shp', async () => {
    const bytes = zipSync({ 'parcels.dbf': new Uint8Array(40), 'readme.txt': utf8('hello') });
    await expect(readFeatureFile({ name: 'parcels.zip', bytes })).rejects.toMatchObject({ kind: 'feature-file', format: 'shapefile', message: expect.stringContaining('no .shp') });
  });

  it('a .shp on its own, told to zip its parts', async () => {
    await expect(readFeatureFile({ name: 'parcels.shp', bytes: new Uint8Array(100) })).rejects.toMatchObject({ kind: 'feature-file', message: expect.stringContaining('.zip') });
  });

  it('a truncated .dbf: the features whose attributes are cut off are listed, the others read', async () => {
    ogr2ogr(['-f', 'ESRI Shapefile', '-a_srs', 'EPSG:4490', '-lco', 'ENCODING=UTF-8', `${dir}/cut.shp`, `${FIXTURES}reference-polygons.geojson`]);
    const whole = readFileSync(`${dir}/cut.dbf`);
    const headerLength = whole.readUInt16LE(8);
    const recordLength = whole.readUInt16LE(10);
    const cut = whole.subarray(0, headerLength + recordLength + Math.floor(recordLength / 2));
    const bytes = zipSync({ ...Object.fromEntries(['shp', 'shx', 'prj', 'cpg'].map((part) => [`cut.${part}`, readFileSync(`${dir}/cut.${part}`)])), 'cut.dbf': cut });
    const imported = await readFeatureFile({ name: 'cut.zip', bytes });
    expect(imported.features.map((feature) => feature.properties['name'])).toEqual(['东城地块']);
    expect(imported.problems).toEqual([
      { index: 1, reason: 'the .dbf ends before its attributes' },
      { index: 2, reason: 'the .dbf ends before its attributes' },
    ]);
    const headless = zipSync({ 'cut.shp': readFileSync(`${dir}/cut.shp`), 'cut.dbf': whole.subarray(0, 40) });
    await expect(readFeatureFile({ name: 'cut.zip', bytes: headless })).rejects.toMatchObject({ kind: 'feature-file', message: expect.stringContaining('.dbf') });
  });

  it('a truncated .shp: the features whose shapes are cut off are listed', async () => {
    ogr2ogr(['-f', 'ESRI Shapefile', '-a_srs', 'EPSG:4490', '-lco', 'ENCODING=UTF-8', `${dir}/cutshp.shp`, `${FIXTURES}reference-points.geojson`]);
    const shp = readFileSync(`${dir}/cutshp.shp`);
    const bytes = zipShapefile(dir, 'cutshp', ['.shp']);
    const withCut = zipSync({ ...Object.fromEntries(['dbf', 'shx', 'prj', 'cpg'].map((part) => [`cutshp.${part}`, readFileSync(`${dir}/cutshp.${part}`)])), 'cutshp.shp': shp.subarray(0, 100 + 28 + 10) });
    expect(bytes.length).toBeGreaterThan(0);
    const imported = await readFeatureFile({ name: 'cutshp.zip', bytes: withCut });
    expect(imported.features).toHaveLength(1);
    expect(imported.problems.map((problem) => problem.index)).toEqual([1, 2]);
  });

  it('an unclosed ring, in GeoJSON and in a coordinate file', async () => {
    const geojson = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { id: 1 }, geometry: { type: 'Polygon', coordinates: [[[117, 31], [117.1, 31], [117.1, 31.1], [117, 31.1]]] } },
        { type: 'Feature', properties: { id: 2 }, geometry: { type: 'Point', coordinates: [117, 31] } },
      ],
    };
    const imported = await readFeatureFile({ name: 'open.geojson', bytes: utf8(JSON.stringify(geojson)) });
    expect(imported.features.map((feature) => feature.properties['id'])).toEqual([2]);
    expect(imported.problems).toEqual([{ index: 0, reason: expect.stringContaining('closed') }]);

    const lines = jzdText().split('\r\n');
    const closing = lines.indexOf('J1,1,3387000.000,38530000.000', lines.indexOf('J4,1,3386920.000,38530000.000'));
    lines.splice(closing, 1);
    lines[lines.findIndex((line) => line.startsWith('10,'))] = lines.find((line) => line.startsWith('10,'))!.replace(/^10,/, '9,');
    const jzd = await readFeatureFile({ name: 'open.txt', bytes: utf8(lines.join('\r\n')) });
    expect(jzd.features).toHaveLength(1);
    expect(jzd.problems).toEqual([{ index: 0, reason: 'ring 1 is not closed: its last point is not its first' }]);
  });

  it('a coordinate file with a parcel line missing its @, or missing altogether', async () => {
    const withoutAt = jzdText().replace('住宅用地,0701,@', '住宅用地,0701,');
    const imported = await readFeatureFile({ name: 'no-at.txt', bytes: utf8(withoutAt) });
    expect(imported.features.map((feature) => feature.properties['地块名称'])).toEqual(['东城地块']);
    expect(imported.problems).toEqual([{ index: 1, reason: expect.stringContaining('without its closing @') }]);

    const lineGone = jzdText().replace(/6,0\.7674,2,西区二号,面,H50G001002,住宅用地,0701,@\r\n/, '');
    const merged = await readFeatureFile({ name: 'no-line.txt', bytes: utf8(lineGone) });
    expect(merged.features).toEqual([]);
    expect(merged.problems).toEqual([{ index: 0, reason: 'its parcel line (line 13) counts 10 points, but 16 follow' }]);
  });

  it(`refuses a file over ${FILE_LIMITS.maxBytes / MEGABYTE} MB (300 MB of nonsense) at once, with a sentence`, async () => {
    const { ms, error } = await timed('huge.zip', new Uint8Array(300 * MEGABYTE));
    expect(error).toBeInstanceOf(FileTooLargeError);
    expect((error as FileTooLargeError).message).toBe('The file is 300 MB; files up to 200 MB can be read.');
    expect(ms).toBeLessThan(1000);
  });

  it.each(['nonsense.zip', 'nonsense.geojson', 'nonsense.kml', 'nonsense.csv', 'nonsense.txt', 'nonsense.dat'])('%s: 20 MB of nonsense is a typed error within a second a megabyte', async (name) => {
    const { ms, error, result } = await timed(name, nonsense(20 * MEGABYTE));
    expect(result, JSON.stringify(result?.problems.slice(0, 3))).toBeUndefined();
    expect(error).toBeInstanceOf(GportalError);
    expect(ms).toBeLessThan(20 * 1000);
  }, 60_000);

  it('refuses a zip whose entry inflates past the limit, before inflating it', async () => {
    const bomb = zipSync({ 'bomb.shp': new Uint8Array(8 * MEGABYTE) }, { level: 9 });
    const { ms, error } = await timed('bomb.zip', bomb);
    expect(ms).toBeLessThan(8000);
    await expect(readFeatureFile({ name: 'bomb.zip', bytes: bomb }, { maxBytes: MEGABYTE })).rejects.toMatchObject({ kind: 'feature-file', message: expect.stringContaining('inflates') });
    expect(error).toBeInstanceOf(GportalError);
  });

  it('a .prj proj4 cannot read, and an EPSG code gportal does not know, are errors naming the system', async () => {
    ogr2ogr(['-f', 'ESRI Shapefile', '-a_srs', 'EPSG:4490', '-lco', 'ENCODING=UTF-8', `${dir}/oddprj.shp`, `${FIXTURES}reference-points.geojson`]);
    const bytes = zipSync({ ...Object.fromEntries(['shp', 'shx', 'dbf'].map((part) => [`oddprj.${part}`, readFileSync(`${dir}/oddprj.${part}`)])), 'oddprj.prj': utf8('LOCAL_CS["Site grid",LOCAL_DATUM["?",0],UNIT["metre",1]]') });
    await expect(readFeatureFile({ name: 'oddprj.zip', bytes })).rejects.toMatchObject({ kind: 'unknown-crs', crs: 'Site grid' });
    const csv = utf8('X,Y,name\n500000,3400000,a\n');
    await expect(readFeatureFile({ name: 'a.csv', bytes: csv }, { crs: 'EPSG:2385' })).rejects.toMatchObject({ kind: 'unknown-crs', crs: 'EPSG:2385', message: expect.stringContaining('EPSG:2385') });
  });

  it('stops at the signal, and reports its progress to the end', async () => {
    const controller = new AbortController();
    controller.abort(new Error('the user closed the dialog'));
    await expect(readFeatureFile({ name: 'a.geojson', bytes: utf8('{"type":"FeatureCollection","features":[]}') }, { signal: controller.signal })).rejects.toThrow('the user closed the dialog');
    const fractions: number[] = [];
    const points = Array.from({ length: 5000 }, (_, index) => `${117 + index / 1e4},31,p${index}`);
    const result = await readFeatureFile({ name: 'many.csv', bytes: utf8(['lon,lat,name', ...points].join('\n')) }, { onProgress: (fraction) => fractions.push(fraction) });
    expect(result.features).toHaveLength(5000);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((fraction, index) => index === 0 || fraction >= (fractions[index - 1] as number))).toBe(true);
  });
});
