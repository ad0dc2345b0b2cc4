import { readFileSync } from 'node:fs';
import type { Geometry } from '@gportal/core';
import { afterAll, describe, expect, it } from 'vitest';
import { inferFields } from '../src/file-model/index.js';
import { readFeatureFile, resolveCrs, writeFeatureFile, type FeatureFileFormat, type FileFeature } from '../src/index.js';
import { DEGREE_TOLERANCE, expectSameGeometry } from './compare.js';
import { FIXTURES, gdalAsGeoJson, gdalFieldTypes, ogr2ogr, save, scratch, zipShapefile } from './gdal.js';

const REFERENCES = ['polygons', 'lines', 'points'] as const;
type Reference = (typeof REFERENCES)[number];

const referencePath = (reference: Reference) => `${FIXTURES}reference-${reference}.geojson`;
const referenceFeatures = (reference: Reference): FileFeature[] =>
  (JSON.parse(readFileSync(referencePath(reference), 'utf8')) as { features: FileFeature[] }).features.map(({ geometry, properties }) => ({ geometry, properties }));

const { dir, remove } = scratch();
afterAll(remove);

/**
 * That features are the reference's: shapes within the tolerance, the reference's properties with
 * the same values and types. Only the reference's columns, looked up as GDAL names them: its KML
 * layer has Name (a Placemark's <name>) and Description besides. A CSV cannot tell an empty text
 * from none: GDAL reads both as "".
 */
function expectReferenceFeatures(features: ReadonlyArray<{ geometry: unknown; properties: Record<string, unknown> }>, reference: Reference, options: { emptyIsNull?: boolean } = {}): void {
  const expected = referenceFeatures(reference);
  expect(features).toHaveLength(expected.length);
  features.forEach((feature, index) => {
    const want = expected[index] as FileFeature;
    expectSameGeometry(feature.geometry as Geometry, want.geometry, DEGREE_TOLERANCE);
    const value = (name: string) => {
      const key = Object.keys(feature.properties).find((candidate) => candidate === name) ?? Object.keys(feature.properties).find((candidate) => candidate.toLowerCase() === name);
      const found = key === undefined ? null : (feature.properties[key] ?? null);
      return options.emptyIsNull && found === '' ? null : found;
    };
    expect(Object.fromEntries(Object.keys(want.properties).map((name) => [name, value(name)])), `properties of feature ${index}`).toEqual(want.properties);
  });
}

/** The formats GDAL writes from the reference, each as ogr2ogr's arguments and the name gportal reads it by. */
const GDAL_WRITES: ReadonlyArray<{ label: string; format: FeatureFileFormat; crs: string; write: (out: string, source: string) => string[]; file: string }> = [
  { label: 'Shapefile in EPSG:4490', format: 'shapefile', crs: 'EPSG:4490', write: (out, source) => ['-f', 'ESRI Shapefile', '-a_srs', 'EPSG:4490', '-lco', 'ENCODING=UTF-8', `${out}.shp`, source], file: 'zip' },
  { label: 'Shapefile in the 3° zone 39 (EPSG:4527)', format: 'shapefile', crs: 'EPSG:4527', write: (out, source) => ['-f', 'ESRI Shapefile', '-s_srs', 'EPSG:4490', '-t_srs', 'EPSG:4527', '-lco', 'ENCODING=UTF-8', `${out}.shp`, source], file: 'zip' },
  { label: 'KML', format: 'kml', crs: 'EPSG:4326', write: (out, source) => ['-f', 'KML', `${out}.kml`, source], file: 'kml' },
  { label: 'CSV with WKT', format: 'csv', crs: 'EPSG:4326', write: (out, source) => ['-f', 'CSV', '-lco', 'GEOMETRY=AS_WKT', `${out}.csv`, source], file: 'csv' },
  { label: 'GeoJSON', format: 'geojson', crs: 'EPSG:4326', write: (out, source) => ['-f', 'GeoJSON', `${out}.geojson`, source], file: 'geojson' },
];

describe('files ogr2ogr writes from the reference GeoJSON read back to the same features', () => {
  for (const reference of REFERENCES) {
    it.each(GDAL_WRITES)(`${reference}: $label`, async ({ format, crs, write, file }) => {
      const layer = `gdal-${reference}-${format}-${crs.replace(':', '')}`;
      ogr2ogr(write(`${dir}/${layer}`, referencePath(reference)));
      const bytes = file === 'zip' ? zipShapefile(dir, layer) : readFileSync(`${dir}/${layer}.${file}`);
      const imported = await readFeatureFile({ name: `${layer}.${file}`, bytes });
      expect(imported.format).toBe(format);
      expect(imported.crs).toBe(crs);
      expect(imported.problems).toEqual([]);
      expectReferenceFeatures(imported.features, reference);
      const fields = Object.fromEntries(imported.fields.map(({ name, ...type }) => [name, type]));
      for (const field of inferFields(referenceFeatures(reference))) expect(fields[field.name], field.name).toEqual({ type: field.type, ...(field.integer === undefined ? {} : { integer: field.integer }) });
    });
  }
});

/** GDAL's names of gportal's field types. */
const GDAL_TYPES = { integer: ['Integer', 'Integer64'], real: ['Real'], string: ['String'] };

/** The formats gportal writes, each with how GDAL opens the file. */
const GPORTAL_WRITES: ReadonlyArray<{ label: string; format: FeatureFileFormat; crs?: string; open: (path: string) => string; gdalArgs?: string[] }> = [
  { label: 'Shapefile in EPSG:4490', format: 'shapefile', crs: 'EPSG:4490', open: (path) => `/vsizip/${path}` },
  { label: 'Shapefile in the 3° zone 39 (EPSG:4527)', format: 'shapefile', crs: 'EPSG:4527', open: (path) => `/vsizip/${path}` },
  { label: 'KML', format: 'kml', open: (path) => path },
  { label: 'CSV with WKT', format: 'csv', open: (path) => path },
  { label: 'GeoJSON', format: 'geojson', open: (path) => path },
];

describe('files gportal writes are read by ogrinfo and ogr2ogr to the same features', () => {
  for (const reference of REFERENCES) {
    it.each(GPORTAL_WRITES)(`${reference}: $label`, async ({ format, crs, open }) => {
      const features = referenceFeatures(reference);
      const written = await writeFeatureFile(features, { format, name: `gportal-${reference}-${format}-${(crs ?? '').replace(':', '')}`, ...(crs ? { crs } : {}) });
      const path = open(save(dir, written.name, written.bytes));
      const csv = format === 'csv' ? ['-oo', 'AUTODETECT_TYPE=YES', '-oo', 'KEEP_GEOM_COLUMNS=NO'] : [];
      const source = format === 'csv' ? ['-s_srs', 'EPSG:4490'] : [];
      const gdal = JSON.parse(ogr2ogr(['-f', 'GeoJSON', ...source, '-t_srs', 'EPSG:4490', '-lco', 'COORDINATE_PRECISION=12', ...csv, '/vsistdout/', path])) as { features: Array<{ geometry: unknown; properties: Record<string, unknown> }> };
      expectReferenceFeatures(gdal.features, reference, { emptyIsNull: format === 'csv' });
      // A CSV's types are GDAL's guess (AUTODETECT_TYPE), which the features above were compared with.
      if (format === 'csv') return;
      const types = gdalFieldTypes(path);
      for (const field of inferFields(features)) {
        if (format === 'kml' && field.name === 'name') continue;
        expect(GDAL_TYPES[field.type === 'number' ? (field.integer ? 'integer' : 'real') : 'string'], `${field.name}: ${types[field.name]}`).toContain(types[field.name]);
      }
    });
  }

  it('writes a 3° zone Shapefile whose positions GDAL reads in the projection within a millimetre', async () => {
    const features = referenceFeatures('polygons');
    const written = await writeFeatureFile(features, { format: 'shapefile', name: 'zone-39-metres', crs: 'EPSG:4527' });
    const gdal = gdalAsGeoJson(`/vsizip/${save(dir, written.name, written.bytes)}`, 'EPSG:4527');
    const zone = resolveCrs('EPSG:4527');
    gdal.features.forEach((feature, index) => {
      const { geometry } = features[index] as FileFeature;
      expectSameGeometry(feature.geometry as Geometry, projected(geometry, zone.fromLonLat), 0.001);
    });
  });
});

function projected(geometry: Geometry, project: (position: number[]) => number[]): Geometry {
  const rings = (positions: number[][]) => positions.map(project);
  switch (geometry.type) {
    case 'Polygon':
      return { type: 'Polygon', coordinates: geometry.coordinates.map(rings) };
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((polygon) => polygon.map(rings)) };
    default:
      throw new Error(`not a polygon: ${geometry.type}`);
  }
}

describe('the encoding of a Shapefile', () => {
  it.each([
    ['without a .cpg and without a language byte (GDAL writes none for CP936): UTF-8 fails, GBK reads', ['.cpg'], undefined],
    ['with its .cpg (GDAL writes "CP936")', [], undefined],
    ['without a .cpg, its language byte 0x4D saying code page 936', ['.cpg'], 0x4d],
  ] as const)('reads a GBK Shapefile %s', async (_case, leaveOut, languageByte) => {
    const layer = `gbk-${leaveOut.length}-${languageByte ?? 0}`;
    ogr2ogr(['-f', 'ESRI Shapefile', '-a_srs', 'EPSG:4490', '-lco', 'ENCODING=CP936', `${dir}/${layer}.shp`, referencePath('polygons')]);
    const dbf = readFileSync(`${dir}/${layer}.dbf`);
    expect(dbf.includes(Buffer.from('东城地块', 'utf8'))).toBe(false);
    if (languageByte !== undefined) {
      dbf[29] = languageByte;
      save(dir, `${layer}.dbf`, dbf);
    }
    const imported = await readFeatureFile({ name: `${layer}.zip`, bytes: zipShapefile(dir, layer, leaveOut) });
    expect(imported.features.map((feature) => feature.properties['name'])).toEqual(['东城地块', 'Parcel two', '西区·三号']);
  });

  it('maps field names longer than a DBF holds back on read when gportal wrote them, and GDAL reads the short ones', async () => {
    const features: FileFeature[] = [{ geometry: { type: 'Point', coordinates: [117.2, 31.8] }, properties: { land_use_category: '工业', 地块编号名称: 'A-1', land_use_cat: 3 } }];
    const written = await writeFeatureFile(features, { format: 'shapefile', name: 'long-names' });
    const imported = await readFeatureFile(written);
    expect(imported.fields.map((field) => field.name)).toEqual(['land_use_category', '地块编号名称', 'land_use_cat']);
    expect(imported.features[0]?.properties).toEqual(features[0]?.properties);
    const gdal = gdalAsGeoJson(`/vsizip/${save(dir, written.name, written.bytes)}`);
    expect(Object.keys(gdal.features[0]?.properties ?? {})).toEqual(['land_use_c', '地块编', 'land_use_1']);
  });
});
