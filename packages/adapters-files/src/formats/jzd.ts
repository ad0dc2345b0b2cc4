import { gaussKrugerCrsOfZone, gaussKrugerZone, ringContains, type Geometry, type Position, type PropertyValue, type ZoneWidth } from '@gportal/core';
import {
  FeatureFileError,
  UnknownCrsError,
  Work,
  centreOf,
  decodeUtf8OrGbk,
  mapPositions,
  planarArea,
  windRings,
  type FileFeature,
  type FileField,
  type ImportedFile,
  type ReadFeatureFileOptions,
  type WorkOptions,
} from '../file-model/index.js';
import { resolveCrs, type FileCrs } from '../crs/index.js';
import { collectFeatures, type RawFeature } from './format-reader.js';

/**
 * The boundary-point coordinate file (界址点坐标文件) of 勘测定界 and land-use approval: a
 * `[属性描述]` section of `key=value` lines, then `[地块坐标]`: per parcel a line
 * `界址点数,地块面积(公顷),地块编号,地块名称,记录图形属性,图幅号,地块用途,地类编码,@`, then its
 * points `点号,圈号,X,Y` (X the northing, Y the easting, with or without the zone number in front),
 * each ring closed by its first point again.
 */
const SECTION = { header: '属性描述', parcels: '地块坐标' } as const;

/** The parcel line's columns after 界址点数, as properties: their names are the format's own. */
const PARCEL_COLUMNS = ['地块面积', '地块编号', '地块名称', '记录图形属性', '图幅号', '地块用途', '地类编码'] as const;

/** The fields a coordinate file's parcels have. */
export const JZD_FIELDS: readonly FileField[] = [
  { name: '地块编号', type: 'string' },
  { name: '地块名称', type: 'string' },
  { name: '地块面积', type: 'number', integer: false },
  { name: '图幅号', type: 'string' },
  { name: '地块用途', type: 'string' },
  { name: '地类编码', type: 'string' },
];

/** Coordinate systems the file names, told apart from CGCS2000, which is the only one whose zones gportal knows. */
const CGCS2000_NAMES = /2000|cgcs/i;

interface Parcel {
  line: number;
  columns: string[];
  points: Array<{ ring: string; northing: number; easting: number }>;
  problem?: string;
}

const numberOf = (text: string | undefined) => {
  const trimmed = (text ?? '').trim();
  return trimmed !== '' && /^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : undefined;
};

function readHeader(lines: readonly string[]): Map<string, string> {
  const header = new Map<string, string>();
  for (const line of lines) {
    const equals = line.indexOf('=');
    if (equals > 0) header.set(line.slice(0, equals).trim(), line.slice(equals + 1).trim());
  }
  return header;
}

/** The file's CRS: its 坐标系, 几度分带 and 带号, and whether its eastings carry the zone number. */
function crsOfHeader(header: ReadonlyMap<string, string>, firstEasting: number | undefined): FileCrs {
  const system = header.get('坐标系') ?? '2000国家大地坐标系';
  if (!CGCS2000_NAMES.test(system)) throw new UnknownCrsError(system, `The coordinate file is in ${system}; gportal reads the CGCS2000 (2000国家大地坐标系) zones only.`);
  const projection = header.get('投影类型') ?? '高斯克吕格';
  if (!/高斯|gauss/i.test(projection)) throw new UnknownCrsError(projection, `The coordinate file's projection is ${projection}, not 高斯克吕格.`);
  const unit = header.get('计量单位') ?? '米';
  if (!/^(米|m|metre|meter)$/i.test(unit)) throw new FeatureFileError('jzd', `The coordinate file is measured in ${unit}, not 米.`);
  const widthText = header.get('几度分带') ?? '3';
  const width = Number(widthText.replace(/[^\d]/g, ''));
  if (width !== 3 && width !== 6) throw new UnknownCrsError(`${widthText}度分带`, `The coordinate file's zones are ${widthText}° wide; Gauss-Krüger zones are 3° or 6°.`);
  const zonePrefix = firstEasting !== undefined && firstEasting >= 1_000_000;
  const zoneText = header.get('带号');
  const zone = zoneText !== undefined && zoneText !== '' ? Number(zoneText) : zonePrefix ? Math.floor((firstEasting as number) / 1_000_000) : undefined;
  if (zone === undefined || !Number.isInteger(zone)) throw new FeatureFileError('jzd', 'The coordinate file has no 带号 and its eastings do not carry the zone number.');
  const crs = gaussKrugerCrsOfZone(zone, { width: width as ZoneWidth, zonePrefix });
  if (!crs) throw new UnknownCrsError(`CGCS2000 ${width}° zone ${zone}`, `CGCS2000 has no ${width}° Gauss-Krüger zone ${zone}.`);
  return resolveCrs(`EPSG:${crs.epsg}`);
}

/** A parcel's rings by 圈号, each a hole of the outer ring it lies in or a part of its own. */
function parcelGeometry(parcel: Parcel): { geometry?: unknown; problem?: string } {
  const rings = new Map<string, Position[]>();
  for (const point of parcel.points) {
    let ring = rings.get(point.ring);
    if (!ring) rings.set(point.ring, (ring = []));
    ring.push([point.easting, point.northing]);
  }
  const polygons: Position[][][] = [];
  for (const [number, ring] of rings) {
    const first = ring[0] as Position;
    const last = ring[ring.length - 1] as Position;
    if (ring.length < 4) return { problem: `ring ${number} has ${ring.length} points; a ring needs at least 4 (its first point again at the end)` };
    if (first[0] !== last[0] || first[1] !== last[1]) return { problem: `ring ${number} is not closed: its last point is not its first` };
    const outer = polygons.find((polygon) => ring.some((position) => ringContains(polygon[0] as Position[], position)));
    if (outer) outer.push(ring);
    else polygons.push([ring]);
  }
  if (polygons.length === 0) return { problem: 'the parcel has no points' };
  return { geometry: polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0] } : { type: 'MultiPolygon', coordinates: polygons } };
}

function parcelProperties(parcel: Parcel): Record<string, PropertyValue> {
  const properties: Record<string, PropertyValue> = {};
  PARCEL_COLUMNS.forEach((name, index) => {
    if (name === '记录图形属性') return;
    const text = (parcel.columns[index + 1] ?? '').trim();
    properties[name] = name === '地块面积' ? (numberOf(text) ?? null) : text === '' ? null : text;
  });
  return properties;
}

/** Reads a coordinate file (GBK or UTF-8); each parcel a polygon (its holes and parts by 圈号), in lon/lat. */
export async function readJzd(bytes: Uint8Array, options: ReadFeatureFileOptions): Promise<ImportedFile> {
  const work = new Work(options);
  work.part(0, 0.5);
  const lines = decodeUtf8OrGbk(bytes).text.split(/\r\n|\n|\r/);
  const sections = new Map<string, { start: number; lines: string[] }>();
  let current: string[] | undefined;
  lines.forEach((line, index) => {
    const section = /^\s*\[([^\]]+)\]\s*$/.exec(line)?.[1]?.trim();
    if (section !== undefined) {
      current = [];
      sections.set(section, { start: index + 1, lines: current });
    } else current?.push(line);
  });
  const body = sections.get(SECTION.parcels);
  if (!body) throw new FeatureFileError('jzd', `The file has no [${SECTION.parcels}] section: it is not a boundary-point coordinate file.`);
  const header = readHeader(sections.get(SECTION.header)?.lines ?? []);

  const parcels: Parcel[] = [];
  for (let offset = 0; offset < body.lines.length; offset += 1) {
    await work.step(offset, body.lines.length);
    const text = (body.lines[offset] as string).trim();
    if (text === '') continue;
    const line = body.start + offset + 1;
    const columns = text.split(',').map((column) => column.trim());
    const last = parcels[parcels.length - 1];
    if (columns[columns.length - 1] === '@') {
      parcels.push({ line, columns: columns.slice(0, -1), points: [] });
      continue;
    }
    const northing = numberOf(columns[2]);
    const easting = numberOf(columns[3]);
    if (columns.length === 4 && northing !== undefined && easting !== undefined) {
      if (!last) throw new FeatureFileError('jzd', `Line ${line} is a point before any parcel line (a line ending in @).`);
      last.points.push({ ring: columns[1] ?? '', northing, easting });
    } else if (columns.length >= 5) {
      // A parcel line without its @: its points are not taken for the parcel before it.
      parcels.push({ line, columns, points: [], problem: `line ${line} is a parcel line without its closing @` });
    } else if (last) {
      last.problem ??= `line ${line} is neither a point (点号,圈号,X,Y) nor a parcel line: ${text.slice(0, 60)}`;
    } else {
      throw new FeatureFileError('jzd', `Line ${line} of [${SECTION.parcels}] cannot be read: ${text.slice(0, 60)}`);
    }
  }
  const crs = crsOfHeader(header, parcels.find((parcel) => parcel.points.length > 0)?.points[0]?.easting);
  const raw: RawFeature[] = parcels.map((parcel) => {
    const properties = parcelProperties(parcel);
    if (parcel.problem) return { geometry: undefined, properties, problem: parcel.problem };
    const declared = numberOf(parcel.columns[0]);
    if (declared !== undefined && declared !== parcel.points.length) {
      return { geometry: undefined, properties, problem: `its parcel line (line ${parcel.line}) counts ${declared} points, but ${parcel.points.length} follow` };
    }
    const kind = (parcel.columns[4] ?? '面').trim();
    if (kind !== '' && kind !== '面') return { geometry: undefined, properties, problem: `its 记录图形属性 is ${kind}; gportal reads parcels (面)` };
    const { geometry, problem } = parcelGeometry(parcel);
    return problem === undefined ? { geometry, properties } : { geometry: undefined, properties, problem };
  });
  const list = await collectFeatures(raw, crs, work);
  work.finish();
  return { format: 'jzd', crs: crs.code, features: list.features, fields: [...JZD_FIELDS], problems: list.problems };
}

/** The 3° zone (zone number in front) of the features' centre: what the coordinate file is written in by default. */
export function defaultJzdCrs(features: readonly FileFeature[]): string {
  const centre = centreOf(features.map((feature) => feature.geometry));
  if (!centre) return 'EPSG:4513';
  const crs = gaussKrugerCrsOfZone(gaussKrugerZone(centre[0] as number, { width: 3 }), { width: 3, zonePrefix: true });
  if (!crs) throw new UnknownCrsError(`3° zone of longitude ${centre[0]}`, `The features lie outside the CGCS2000 Gauss-Krüger zones (longitude ${(centre[0] as number).toFixed(3)}°).`);
  return `EPSG:${crs.epsg}`;
}

const metres = (value: number) => value.toFixed(3);
const cell = (value: PropertyValue | undefined) => (value === null || value === undefined ? '' : String(value).replaceAll(',', '，'));

/**
 * A coordinate file of polygons in a CGCS2000 Gauss-Krüger zone: positions to the millimetre,
 * each polygon's rings numbered (圈号) outer first, each closed by its first point; the area in
 * 公顷 is the planar area of the positions as written, so a reader computes the same.
 */
export async function writeJzd(features: readonly FileFeature[], crs: FileCrs, options: WorkOptions): Promise<string> {
  const work = new Work(options);
  const zone = crs.gaussKruger;
  if (!zone) throw new FeatureFileError('jzd', `A coordinate file is written in a CGCS2000 Gauss-Krüger zone, not ${crs.code}.`);
  const lines = [
    `[${SECTION.header}]`,
    '格式版本号=1.01',
    '坐标系=2000国家大地坐标系',
    `几度分带=${zone.width}`,
    '投影类型=高斯克吕格',
    '计量单位=米',
    `带号=${zone.zone}`,
    '精度=0.001',
    `[${SECTION.parcels}]`,
  ];
  for (let index = 0; index < features.length; index += 1) {
    await work.step(index, features.length);
    const { geometry, properties } = features[index] as FileFeature;
    if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') throw new FeatureFileError('jzd', `A coordinate file holds parcels (polygons); feature ${index} is a ${geometry.type}.`);
    const projected = windRings(mapPositions(geometry, (position) => crs.fromLonLat(position).map((value) => Number(metres(value)))), false);
    const polygons = projected.type === 'Polygon' ? [projected.coordinates] : (projected as Extract<Geometry, { type: 'MultiPolygon' }>).coordinates;
    const points: string[] = [];
    let ringNumber = 0;
    let pointNumber = 0;
    const point = (name: number, [x, y]: Position) => points.push(`J${name},${ringNumber},${metres(y as number)},${metres(x as number)}`);
    for (const polygon of polygons) {
      for (const ring of polygon) {
        ringNumber += 1;
        const first = pointNumber + 1;
        for (const position of ring.slice(0, -1)) point((pointNumber += 1), position);
        point(first, ring[0] as Position);
      }
    }
    const area = (planarArea(projected) / 10_000).toFixed(4);
    const parcel = [points.length, area, cell(properties['地块编号'] ?? String(index + 1)), cell(properties['地块名称']), '面', cell(properties['图幅号']), cell(properties['地块用途']), cell(properties['地类编码']), '@'];
    lines.push(parcel.join(','), ...points);
  }
  work.finish();
  return lines.join('\r\n') + '\r\n';
}
