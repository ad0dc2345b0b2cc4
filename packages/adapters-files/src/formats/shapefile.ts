import type { Geometry, PropertyType, PropertyValue } from '@gportal/core';
import shpWrite from '@mapbox/shp-write/src/write.js';
import { structure as dbfStructure, type DbfField } from 'dbf';
import { unzipSync, zipSync, type Unzipped } from 'fflate';
import { parseDbf, parseShp } from 'shpjs';
import {
  FeatureFileError,
  FILE_LIMITS,
  Work,
  encodeText,
  mapPositions,
  windRings,
  type FileFeature,
  type FileField,
  type ImportedFile,
  type ReadFeatureFileOptions,
  type WorkOptions,
} from '../file-model/index.js';
import { crsOfWkt, prjOf, resolveCrs, type FileCrs } from '../crs/index.js';
import { dbfEncoding } from './dbf-encoding.js';
import { collectFeatures, type RawFeature } from './format-reader.js';

/**
 * The file gportal puts beside a layer's `.dbf`: the field names the DBF's ten bytes cut short,
 * by the name written, so gportal reads its own exports back with their whole names. Other
 * programs ignore it.
 */
const FIELD_NAMES_SUFFIX = '.fields.json';

interface FieldNames {
  fields: Array<{ dbf: string; name: string }>;
}

const extension = (name: string) => name.slice(name.lastIndexOf('.')).toLowerCase();
const baseName = (name: string) => name.slice(0, name.lastIndexOf('.'));
const latin1 = new TextDecoder('latin1');

/** The zip's entries, refusing any that would inflate past the size limit (a zip bomb). */
function unzip(bytes: Uint8Array, maxBytes: number): Unzipped {
  try {
    return unzipSync(bytes, {
      filter: (file) => {
        if (file.originalSize > maxBytes) throw new FeatureFileError('shapefile', `${file.name} in the zip inflates to more than the ${Math.round(maxBytes / 1048576)} MB limit.`);
        return !file.name.includes('__MACOSX/');
      },
    });
  } catch (error) {
    if (error instanceof FeatureFileError) throw error;
    throw new FeatureFileError('shapefile', `The file is not a zip that can be read: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** The DBF's columns as its header declares them: name bytes, type letter, width and decimals. */
interface DbfHeader {
  records: number;
  headerLength: number;
  recordLength: number;
  fields: Array<{ type: string; decimals: number }>;
}

function readDbfHeader(dbf: Uint8Array): DbfHeader {
  if (dbf.length < 32) throw new FeatureFileError('shapefile', 'The .dbf is cut off in its header.');
  const view = new DataView(dbf.buffer, dbf.byteOffset, dbf.byteLength);
  const headerLength = view.getUint16(8, true);
  const recordLength = view.getUint16(10, true);
  if (headerLength > dbf.length || headerLength < 33) throw new FeatureFileError('shapefile', 'The .dbf is cut off in its field list.');
  const fields: DbfHeader['fields'] = [];
  for (let offset = 32; offset + 32 <= headerLength && dbf[offset] !== 0x0d; offset += 32) {
    fields.push({ type: String.fromCharCode(dbf[offset + 11] as number), decimals: dbf[offset + 17] as number });
  }
  return { records: view.getUint32(4, true), headerLength, recordLength, fields };
}

function fieldType(type: string, decimals: number): Omit<FileField, 'name'> {
  switch (type) {
    case 'N':
    case 'F':
      return { type: 'number', integer: decimals === 0 };
    case 'I':
      return { type: 'number', integer: true };
    case 'O':
      return { type: 'number', integer: false };
    case 'L':
      return { type: 'boolean' };
    case 'D':
      return { type: 'date' };
    default:
      return { type: 'string' };
  }
}

function propertyValue(value: unknown, type: PropertyType): PropertyValue {
  if (value === undefined || value === null) return null;
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value) ? value : null;
  if (type === 'date') {
    // parsedbf builds a local-time date: the DBF's date is a calendar day, kept as that day at UTC midnight.
    return value instanceof Date && !Number.isNaN(value.getTime()) ? new Date(Date.UTC(value.getFullYear(), value.getMonth(), value.getDate())) : null;
  }
  if (type === 'boolean') return typeof value === 'boolean' ? value : null;
  // An empty text cell is null, as shapelib (and so GDAL and QGIS) reads it.
  const text = typeof value === 'string' ? value : String(value);
  return text === '' ? null : text;
}

function plainShape(shape: { type: string; coordinates: unknown } | null): unknown {
  return shape === null ? null : { type: shape.type, coordinates: shape.coordinates };
}

/**
 * A Shapefile as a `.zip` (`.shp`, `.shx`, `.dbf`, `.prj`, `.cpg`), read by shpjs: the `.dbf`'s
 * text in the `.cpg`'s encoding, else its language driver's, else UTF-8 with a GBK fallback;
 * positions in the `.prj`'s system (or `options.crs`, else lon/lat) turned into lon/lat. A zip
 * holding several layers is read by `options.layer`'s name.
 */
export async function readShapefile(bytes: Uint8Array, options: ReadFeatureFileOptions & { layer?: string }): Promise<ImportedFile> {
  const work = new Work(options);
  const entries = unzip(bytes, options.maxBytes ?? FILE_LIMITS.maxBytes);
  const names = Object.keys(entries).filter((name) => !name.endsWith('/'));
  const layers = names.filter((name) => extension(name) === '.shp').map(baseName).sort();
  if (layers.length === 0) throw new FeatureFileError('shapefile', `The zip holds no .shp file${names.length > 0 ? ` (only ${names.slice(0, 5).join(', ')})` : ''}.`);
  const layer = options.layer === undefined ? layers[0] : layers.find((name) => name === options.layer || name.split('/').pop() === options.layer);
  if (layer === undefined || (options.layer === undefined && layers.length > 1)) {
    throw new FeatureFileError('shapefile', `The zip holds ${layers.length} layers (${layers.join(', ')}); name the one to read.`);
  }
  const part = (suffix: string) => {
    const name = names.find((candidate) => baseName(candidate) === layer && extension(candidate) === suffix);
    return name === undefined ? undefined : entries[name];
  };
  const shp = part('.shp') as Uint8Array;
  const dbf = part('.dbf');
  const prj = part('.prj');
  const cpg = part('.cpg');
  const fieldNames = names.find((name) => name === `${layer}${FIELD_NAMES_SUFFIX}`);

  const crs = prj ? crsOfWkt(latin1.decode(prj)) : resolveCrs(options.crs ?? 'EPSG:4326');
  let shapes: Array<{ type: string; coordinates: unknown } | null>;
  try {
    if (shp.length < 100) throw new Error('the .shp is shorter than its header');
    shapes = parseShp(new DataView(shp.buffer, shp.byteOffset, shp.byteLength));
  } catch (error) {
    throw new FeatureFileError('shapefile', `The .shp cannot be read: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  await work.step(0, 1);

  let fields: FileField[] = [];
  let records: Array<Record<string, unknown>> = [];
  let declaredRecords = shapes.length;
  if (dbf) {
    const header = readDbfHeader(dbf);
    declaredRecords = header.records;
    const complete = header.recordLength > 0 ? Math.min(header.records, Math.floor((dbf.length - header.headerLength) / header.recordLength)) : 0;
    // parsedbf reads as many records as the header says: it gets a copy that says how many are whole.
    const whole = dbf.slice(0, header.headerLength + complete * header.recordLength);
    new DataView(whole.buffer).setUint32(4, complete, true);
    const { encoding } = dbfEncoding(dbf, cpg ? latin1.decode(cpg) : undefined);
    records = parseDbf(new DataView(whole.buffer), encoding);
    const longNames = new Map<string, string>();
    if (fieldNames) {
      try {
        for (const { dbf: written, name } of (JSON.parse(new TextDecoder().decode(entries[fieldNames])) as FieldNames).fields) longNames.set(written, name);
      } catch {
        // A broken names file leaves the DBF's own names.
      }
    }
    const headerNames = dbfFieldNames(whole, encoding);
    fields = header.fields.map((field, index) => ({ name: longNames.get(headerNames[index] as string) ?? (headerNames[index] as string), ...fieldType(field.type, field.decimals) }));
    records = records.map((record) => Object.fromEntries(headerNames.map((name, index) => [(fields[index] as FileField).name, record[name]])));
  }

  const count = Math.max(shapes.length, declaredRecords);
  const raw: RawFeature[] = [];
  for (let index = 0; index < count; index += 1) {
    const record = records[index];
    const properties = Object.fromEntries(fields.map((field) => [field.name, propertyValue(record?.[field.name], field.type)]));
    if (index >= shapes.length) raw.push({ geometry: undefined, properties, problem: 'the .shp ends before its shape' });
    else if (dbf && record === undefined) raw.push({ geometry: undefined, properties, problem: 'the .dbf ends before its attributes' });
    else raw.push({ geometry: plainShape(shapes[index] ?? null), properties });
  }
  const list = await collectFeatures(raw, crs, work);
  work.finish();
  return { format: 'shapefile', crs: crs.code, features: list.features, fields, problems: list.problems };
}

/**
 * The DBF's field names in its column order, decoded as parsedbf decodes them (all eleven bytes,
 * NULs dropped, trimmed) so they are the keys of its records; the records' own key order is not
 * the columns' when a name is a number.
 */
function dbfFieldNames(dbf: Uint8Array, encoding: string): string[] {
  const decoder = new TextDecoder(encoding);
  const names: string[] = [];
  for (let offset = 32; offset + 32 <= dbf.length && dbf[offset] !== 0x0d; offset += 32) {
    names.push(decoder.decode(dbf.subarray(offset, offset + 11)).replace(/\0/g, '').trim());
  }
  return names;
}

/** UTF-8 bytes as a string of one character a byte: the `dbf` writer writes each character's code as one byte. */
function asBytes(text: string, maxBytes = Infinity): string {
  let bytes = encodeText(text, 'utf-8');
  if (bytes.length > maxBytes) {
    let end = maxBytes;
    while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end -= 1;
    bytes = bytes.subarray(0, end);
  }
  let out = '';
  for (const byte of bytes) out += String.fromCharCode(byte);
  return out;
}

/** DBF names of at most ten bytes, unique: `a_long_name` → `a_long_nam`, then `a_long_n_1` … */
function dbfNames(fields: readonly FileField[]): string[] {
  const taken = new Set<string>();
  return fields.map((field) => {
    let name = asBytes(field.name, 10);
    for (let suffix = 1; taken.has(name.toLowerCase()); suffix += 1) name = asBytes(field.name, 10 - String(suffix).length - 1) + `_${suffix}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/** A number in at most 18 characters (the DBF writer's width): the shortest text that reads back the same, else fewer digits. */
function numberText(value: number): string {
  let text = String(value);
  for (let digits = 17; text.length > 18 && digits > 1; digits -= 1) text = String(Number(value.toPrecision(digits)));
  return text;
}

const SHAPE_TYPES: Readonly<Record<string, 'POINT' | 'POLYLINE' | 'POLYGON' | undefined>> = {
  Point: 'POINT',
  LineString: 'POLYLINE',
  MultiLineString: 'POLYLINE',
  Polygon: 'POLYGON',
  MultiPolygon: 'POLYGON',
};

/** What shp-write takes per shape: a point's position, a line's parts, a polygon's rings or a multipolygon's polygons. */
function shapeCoordinates(geometry: Geometry): unknown {
  const flat = mapPositions(geometry, (position) => [position[0] as number, position[1] as number]);
  return flat.type === 'LineString' ? [flat.coordinates] : flat.coordinates;
}

/**
 * A Shapefile as a `.zip`: the shapes written by shp-write (its low-level writer, without the zip
 * and download code it also carries), rings wound clockwise as the format says, in `crs`; the
 * `.dbf` in UTF-8 with a `.cpg` saying so, a `.prj`, and the long field names beside them.
 */
export async function writeShapefile(features: readonly FileFeature[], fields: readonly FileField[], crs: FileCrs, name: string, options: WorkOptions): Promise<Uint8Array> {
  const work = new Work(options);
  const kinds = new Set(features.map((feature) => SHAPE_TYPES[feature.geometry.type]));
  if (features.some((feature) => SHAPE_TYPES[feature.geometry.type] === undefined)) throw new FeatureFileError('shapefile', 'A Shapefile is written of points, lines or polygons; multipoints are not written.');
  if (kinds.size > 1) throw new FeatureFileError('shapefile', 'A Shapefile holds one kind of geometry: points, lines or polygons, not a mix.');
  const [shapeType = 'POINT'] = kinds as Set<'POINT' | 'POLYLINE' | 'POLYGON'>;
  const geometries: unknown[] = [];
  for (let index = 0; index < features.length; index += 1) {
    await work.step(index, features.length * 2);
    const geometry = (features[index] as FileFeature).geometry;
    geometries.push(shapeCoordinates(windRings(crs.projected ? mapPositions(geometry, crs.fromLonLat) : geometry, false)));
  }
  let shp: DataView | undefined;
  let shx: DataView | undefined;
  if (features.length > 0) {
    shpWrite([], shapeType, geometries, (_error, files) => {
      shp = files.shp;
      shx = files.shx;
    });
  }

  const names = dbfNames(fields);
  const columns = fields.map((field) => ({ field, values: features.map((feature) => cellValue(feature.properties[field.name], field)) }));
  const meta: DbfField[] = columns.map(({ field, values }, index) => ({ name: names[index] as string, type: dbfType(field), size: dbfSize(field, values) }));
  const rows = features.map((_, row) => Object.fromEntries(columns.map(({ values }, index) => [names[index] as string, values[row]])));
  const dbfView = dbfStructure(rows, meta);
  const dbf = new Uint8Array(dbfView.buffer, dbfView.byteOffset, dbfView.byteLength);
  // The writer gives every number three decimals: whole-number columns get none, so readers type them as integers.
  columns.forEach(({ field, values }, index) => {
    if (field.type === 'number') dbf[32 + index * 32 + 17] = field.integer ? 0 : realDecimals(values);
  });

  const files: Record<string, Uint8Array> = {
    [`${name}.shp`]: shp ? new Uint8Array(shp.buffer) : emptyShapeFile(shapeType, 50),
    [`${name}.shx`]: shx ? new Uint8Array(shx.buffer) : emptyShapeFile(shapeType, 50),
    [`${name}.dbf`]: dbf,
    [`${name}.prj`]: encodeText(prjOf(crs), 'utf-8'),
    [`${name}.cpg`]: encodeText('UTF-8', 'utf-8'),
  };
  const shortened = fields.map((field, index) => ({ dbf: new TextDecoder().decode(Uint8Array.from(names[index] as string, (char) => char.charCodeAt(0))), name: field.name })).filter(({ dbf: written, name: whole }) => written !== whole);
  if (shortened.length > 0) files[`${name}${FIELD_NAMES_SUFFIX}`] = encodeText(JSON.stringify({ fields: shortened } satisfies FieldNames), 'utf-8');
  work.finish();
  return zipSync(files);
}

function dbfType(field: FileField): DbfField['type'] {
  if (field.type === 'number') return 'N';
  if (field.type === 'boolean') return 'L';
  if (field.type === 'date') return 'D';
  return 'C';
}

/** A value as the `dbf` writer takes it: text one character a byte, numbers already formatted, dates as `YYYYMMDD`. */
function cellValue(value: PropertyValue | undefined, field: FileField): string | boolean | null {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? numberText(field.integer ? Math.round(value) : value) : null;
    case 'boolean':
      return Boolean(value);
    case 'date': {
      const date = value instanceof Date ? value : new Date(String(value));
      return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10).replaceAll('-', '');
    }
    default:
      return asBytes(value instanceof Date ? value.toISOString() : String(value), 254);
  }
}

function dbfSize(field: FileField, values: ReadonlyArray<string | boolean | null>): number {
  if (field.type === 'boolean') return 1;
  if (field.type === 'date') return 8;
  const widest = values.reduce((width, value) => Math.max(width, typeof value === 'string' ? value.length : 0), 1);
  // A whole-number column under ten digits wide is what GDAL and QGIS read as a 32-bit integer.
  if (field.type === 'number') return field.integer ? Math.max(widest, 9) : 18;
  return Math.min(Math.max(widest, 1), 254);
}

function realDecimals(values: ReadonlyArray<string | boolean | null>): number {
  const decimals = values.reduce((most, value) => (typeof value === 'string' && !value.includes('e') ? Math.max(most, (value.split('.')[1] ?? '').length) : most), 1);
  return Math.min(decimals, 15);
}

/** The header of a `.shp` / `.shx` with no shapes, for a layer of none. */
function emptyShapeFile(shapeType: 'POINT' | 'POLYLINE' | 'POLYGON', lengthInWords: number): Uint8Array {
  const view = new DataView(new ArrayBuffer(100));
  view.setInt32(0, 9994);
  view.setInt32(24, lengthInWords);
  view.setInt32(28, 1000, true);
  view.setInt32(32, { POINT: 1, POLYLINE: 3, POLYGON: 5 }[shapeType], true);
  return new Uint8Array(view.buffer);
}
