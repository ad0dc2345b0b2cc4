import { CGCS2000_EPSG, CGCS2000_GAUSS_KRUGER, gaussKrugerCrsOfEpsg, gaussKrugerProjString, type GaussKrugerCrs, type Position } from '@gportal/core';
import proj4 from 'proj4';
import { UnknownCrsError } from '../file-model/index.js';

/** A coordinate system a file is in: its name as gportal writes it, and how to go to and from lon/lat. */
export interface FileCrs {
  /** `EPSG:4527`; for a `.prj` no EPSG code matches, the name its WKT gives. */
  readonly code: string;
  /** Whether coordinates are projected (metres), not lon/lat. */
  readonly projected: boolean;
  /** The Gauss-Krüger system, when it is one. */
  readonly gaussKruger?: GaussKrugerCrs;
  /** A position in this system to lon/lat. */
  toLonLat(position: Position): Position;
  /** A lon/lat position to this system. */
  fromLonLat(position: Position): Position;
}

/** The geographic systems gportal names, and Web Mercator; every Gauss-Krüger zone comes from the core. */
const NAMED: Readonly<Record<number, string>> = {
  4326: '+proj=longlat +datum=WGS84 +no_defs',
  [CGCS2000_EPSG]: '+proj=longlat +ellps=GRS80 +no_defs',
  3857: '+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +wktext +no_defs',
};

const GEOGRAPHIC = new Set([4326, CGCS2000_EPSG]);

const keep = (position: Position): Position => position;

/** Applies a 2D transform to a position, keeping its height. */
function withHeight(transform: (xy: [number, number]) => number[]): (position: Position) => Position {
  return (position) => {
    const [x, y] = transform([position[0] as number, position[1] as number]);
    return position.length > 2 ? [x as number, y as number, position[2] as number] : [x as number, y as number];
  };
}

function fromDefinition(code: string, definition: string, projected: boolean, gaussKruger?: GaussKrugerCrs): FileCrs {
  if (!projected) return { code, projected, toLonLat: keep, fromLonLat: keep };
  let converter: proj4.Converter;
  try {
    converter = proj4(definition);
  } catch (error) {
    throw new UnknownCrsError(code, `The coordinate system ${code} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    code,
    projected,
    ...(gaussKruger ? { gaussKruger } : {}),
    toLonLat: withHeight((xy) => converter.inverse(xy)),
    fromLonLat: withHeight((xy) => converter.forward(xy)),
  };
}

/** The system of an EPSG code gportal knows, or `undefined`. */
function ofEpsg(epsg: number): FileCrs | undefined {
  const gaussKruger = gaussKrugerCrsOfEpsg(epsg);
  if (gaussKruger) return fromDefinition(`EPSG:${epsg}`, gaussKrugerProjString(gaussKruger), true, gaussKruger);
  const definition = NAMED[epsg];
  return definition === undefined ? undefined : fromDefinition(`EPSG:${epsg}`, definition, !GEOGRAPHIC.has(epsg));
}

/** `EPSG:4527`, `urn:ogc:def:crs:EPSG::4527`, `http://www.opengis.net/def/crs/EPSG/0/4527`, `CRS84`. */
function epsgOfName(name: string): number | undefined {
  const trimmed = name.trim();
  if (/^(urn:ogc:def:crs:OGC:(1\.3)?:)?CRS84$/i.test(trimmed)) return 4326;
  const match = /^(?:EPSG:|urn:ogc:def:crs:EPSG:[\d.]*:|https?:\/\/www\.opengis\.net\/def\/crs\/EPSG\/\d+\/)(\d+)$/i.exec(trimmed);
  return match ? Number(match[1]) : undefined;
}

/** The system a caller or a file names (an EPSG name, a URN, or WKT); a system gportal cannot read is an {@link UnknownCrsError} naming it. */
export function resolveCrs(name: string): FileCrs {
  const epsg = epsgOfName(name);
  if (epsg !== undefined) {
    const known = ofEpsg(epsg);
    if (!known) throw new UnknownCrsError(name.trim());
    return known;
  }
  if (/^\s*(PROJCS|GEOGCS|PROJCRS|GEOGCRS|GEODCRS|LOCAL_CS|ENGCRS)\s*\[/i.test(name)) return crsOfWkt(name);
  throw new UnknownCrsError(name.trim());
}

interface ParsedProjection {
  projName?: string;
  long0?: number;
  lat0?: number;
  x0?: number;
  y0?: number;
  k0?: number;
  a?: number;
  rf?: number;
  datumCode?: string;
  units?: string;
}

const CGCS2000_RF = 298.257222101;
const WGS84_RF = 298.257223563;
const near = (a: number | undefined, b: number, tolerance: number) => a !== undefined && Math.abs(a - b) <= tolerance;
const DEGREES = 180 / Math.PI;

/** The EPSG code of a parsed WKT gportal knows by its parameters (GDAL writes ESRI WKT without codes). */
function identify(projection: ParsedProjection): number | undefined {
  const name = (projection.projName ?? '').toLowerCase();
  if (name === 'longlat' || name === 'lonlat' || name === 'latlong' || name === 'identity') {
    if (near(projection.rf, CGCS2000_RF, 1e-6) || /china_2000|cgcs2000/i.test(projection.datumCode ?? '')) return CGCS2000_EPSG;
    if (near(projection.rf, WGS84_RF, 1e-6)) return 4326;
    return undefined;
  }
  const transverseMercator = /^(e?tmerc|(extended_)?transverse_mercator|(extended )?transverse mercator|gauss_kruger|gauss kruger)$/.test(name);
  if (!transverseMercator || !near(projection.a, 6_378_137, 0.01) || !near(projection.rf, CGCS2000_RF, 1e-6)) return undefined;
  if (!near(projection.k0 ?? 1, 1, 1e-12) || !near((projection.lat0 ?? 0) * DEGREES, 0, 1e-9) || !near(projection.y0 ?? 0, 0, 1e-6)) return undefined;
  const match = CGCS2000_GAUSS_KRUGER.find((crs) => near((projection.long0 ?? NaN) * DEGREES, crs.centralMeridian, 1e-9) && near(projection.x0, crs.falseEasting, 1e-6));
  return match?.epsg;
}

/** The last EPSG authority of a WKT1 text, which is its own (the inner ones are its datum's and units'). */
function authorityOf(wkt: string): number | undefined {
  const match = /AUTHORITY\s*\[\s*"EPSG"\s*,\s*"?(\d+)"?\s*\]\s*\]\s*$/i.exec(wkt.trim()) ?? /ID\s*\[\s*"EPSG"\s*,\s*(\d+)\s*\]\s*\]\s*$/i.exec(wkt.trim());
  return match ? Number(match[1]) : undefined;
}

/**
 * The system of a WKT text (a `.prj`): an EPSG code gportal knows when the text gives one or its
 * parameters are one of those systems' (so the code is what GDAL would name), else the text as
 * proj4 reads it, named by its own name.
 */
export function crsOfWkt(wkt: string): FileCrs {
  const name = /^\s*\w+\s*\[\s*"([^"]*)"/.exec(wkt)?.[1] ?? 'the .prj';
  const authority = authorityOf(wkt);
  const known = authority === undefined ? undefined : ofEpsg(authority);
  if (known) return known;
  // A local (engineering) system has no datum to go to lon/lat from; proj4 would take it for WGS 84.
  if (/^\s*(LOCAL_CS|ENGCRS|ENGINEERINGCRS)\s*\[/i.test(wkt)) throw new UnknownCrsError(name, `The coordinate system ${name} is a local grid, with no datum to go to longitude and latitude from.`);
  let parsed: ParsedProjection;
  try {
    parsed = proj4.Proj(wkt) as unknown as ParsedProjection;
  } catch {
    throw new UnknownCrsError(name, `The coordinate system ${name} of the file cannot be read.`);
  }
  const epsg = identify(parsed);
  const identified = epsg === undefined ? undefined : ofEpsg(epsg);
  if (identified) return identified;
  const projected = !/^(longlat|lonlat|latlong|identity)$/i.test(parsed.projName ?? '');
  if (projected && parsed.units !== undefined && !/^(m|metre|meter)$/i.test(parsed.units)) {
    throw new UnknownCrsError(name, `The coordinate system ${name} is in ${parsed.units}, not metres.`);
  }
  return fromDefinition(name, wkt, projected);
}
