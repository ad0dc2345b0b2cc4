import type { Geometry, PropertyValue } from '@gportal/core';
import { geojsonToWKT, wktToGeoJSON } from '@terraformer/wkt';
import Papa from 'papaparse';
import { FeatureFileError, Work, mapPositions, type FileFeature, type FileField, type ImportedFile, type ReadFeatureFileOptions, type WorkOptions } from '../file-model/index.js';
import { resolveCrs, type FileCrs } from '../crs/index.js';
import { collectFeatures, type RawFeature } from './format-reader.js';

/** Column names that hold WKT, as GDAL, QGIS and PostGIS exports name them (compared without case). */
const WKT_COLUMNS = ['wkt', 'geometry', 'geom', 'the_geom', 'shape', 'wkt_geom'];
/** X / Y column pairs (easting or longitude first), compared without case. */
const XY_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['x', 'y'],
  ['lon', 'lat'],
  ['lng', 'lat'],
  ['long', 'lat'],
  ['longitude', 'latitude'],
  ['经度', '纬度'],
  ['easting', 'northing'],
];

/** A number as a CSV writes it, and nothing else: `007` and `1e400` stay text. */
function numberOf(text: string): number | undefined {
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) return undefined;
  if (/^[-+]?0\d/.test(text)) return undefined;
  return value;
}

/** A column's type from its texts: numbers, booleans, else text; empty cells say nothing. */
function columnType(texts: readonly string[]): Omit<FileField, 'name'> {
  const present = texts.filter((text) => text !== '');
  if (present.length === 0) return { type: 'string' };
  const numbers = present.map(numberOf);
  if (numbers.every((value) => value !== undefined)) return { type: 'number', integer: numbers.every((value) => Number.isInteger(value)) };
  if (present.every((text) => /^(true|false)$/i.test(text))) return { type: 'boolean' };
  return { type: 'string' };
}

function valueOf(text: string, field: Omit<FileField, 'name'>): PropertyValue {
  if (text === '') return null;
  if (field.type === 'number') return numberOf(text) ?? null;
  if (field.type === 'boolean') return /^true$/i.test(text);
  return text;
}

const findColumn = (columns: readonly string[], name: string) => columns.find((column) => column.trim().toLowerCase() === name);

function parseWkt(text: string): unknown {
  const { type, coordinates } = wktToGeoJSON(text);
  return { type, coordinates };
}

/**
 * CSV with a header row: the geometry from a WKT column (`WKT`, `geometry` …) or from X / Y
 * columns (`X`/`Y`, `lon`/`lat`, `经度`/`纬度` …, easting or longitude first), in `options.crs`
 * (lon/lat by default). Every other column is a field, typed by its values.
 */
export async function readCsv(text: string, options: ReadFeatureFileOptions): Promise<ImportedFile> {
  const work = new Work(options);
  work.part(0, 0.5);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const [header, ...rows] = parsed.data;
  if (!header || header.length === 0) throw new FeatureFileError('csv', 'The CSV file has no header row.');
  const wktColumn = WKT_COLUMNS.map((name) => findColumn(header, name)).find((column) => column !== undefined);
  const xyColumns = XY_COLUMNS.map(([x, y]) => [findColumn(header, x), findColumn(header, y)] as const).find(([x, y]) => x !== undefined && y !== undefined);
  if (wktColumn === undefined && xyColumns === undefined) {
    throw new FeatureFileError('csv', `The CSV file has no geometry column: a WKT column or X / Y columns were looked for among ${header.map((name) => `"${name}"`).join(', ')}.`);
  }
  const geometryColumns = new Set<string>(wktColumn !== undefined ? [wktColumn] : (xyColumns as readonly string[]));
  const fieldColumns = header.map((name, index) => ({ name, index })).filter(({ name }) => !geometryColumns.has(name));
  const fields: FileField[] = fieldColumns.map(({ name, index }) => ({ name, ...columnType(rows.map((row) => row[index] ?? '')) }));
  const rowErrors = new Map<number, string>();
  for (const error of parsed.errors) if (error.row !== undefined && error.row > 0) rowErrors.set(error.row - 1, error.message);
  const wktIndex = wktColumn === undefined ? -1 : header.indexOf(wktColumn);
  const [xIndex, yIndex] = xyColumns ? [header.indexOf(xyColumns[0] as string), header.indexOf(xyColumns[1] as string)] : [-1, -1];
  const raw: RawFeature[] = [];
  for (let index = 0; index < rows.length; index += 1) {
    await work.step(index, rows.length);
    const row = rows[index] as string[];
    const properties = Object.fromEntries(fieldColumns.map(({ name, index: column }, fieldIndex) => [name, valueOf(row[column] ?? '', fields[fieldIndex] as FileField)]));
    const rowError = rowErrors.get(index);
    if (rowError !== undefined || row.length !== header.length) {
      raw.push({ geometry: undefined, properties, problem: `its row has ${row.length} cells, the header ${header.length}${rowError ? ` (${rowError})` : ''}` });
    } else if (wktIndex >= 0) {
      const wkt = (row[wktIndex] ?? '').trim();
      try {
        raw.push({ geometry: wkt === '' ? undefined : parseWkt(wkt), properties });
      } catch {
        raw.push({ geometry: undefined, properties, problem: `its WKT cannot be read: ${wkt.slice(0, 60)}` });
      }
    } else {
      const x = numberOf((row[xIndex] ?? '').trim());
      const y = numberOf((row[yIndex] ?? '').trim());
      raw.push(x === undefined || y === undefined ? { geometry: undefined, properties, problem: 'its X / Y are not numbers' } : { geometry: { type: 'Point', coordinates: [x, y] }, properties });
    }
  }
  const crs = resolveCrs(options.crs ?? 'EPSG:4326');
  const list = await collectFeatures(raw, crs, work);
  work.finish();
  return { format: 'csv', crs: crs.code, features: list.features, fields, problems: list.problems };
}

function cellOf(value: PropertyValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/**
 * CSV with the geometry as WKT in a first column `WKT` (GDAL's layout), in `crs`, and a UTF-8
 * byte order mark so Excel reads the Chinese right.
 */
export async function writeCsv(features: readonly FileFeature[], fields: readonly FileField[], crs: FileCrs, options: WorkOptions): Promise<string> {
  const work = new Work(options);
  const names = fields.map((field) => field.name);
  if (names.some((name) => name.toLowerCase() === 'wkt')) throw new FeatureFileError('csv', 'A field named WKT would clash with the geometry column.');
  const rows: string[][] = [];
  for (let index = 0; index < features.length; index += 1) {
    await work.step(index, features.length);
    const { geometry, properties } = features[index] as FileFeature;
    const projected: Geometry = crs.projected ? mapPositions(geometry, crs.fromLonLat) : geometry;
    rows.push([geojsonToWKT(projected), ...names.map((name) => cellOf(properties[name]))]);
  }
  work.finish();
  return '\ufeff' + Papa.unparse({ fields: ['WKT', ...names], data: rows }, { newline: '\r\n' });
}
