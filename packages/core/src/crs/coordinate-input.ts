import geographiclib from 'geographiclib-geodesic';
import { fromGaussKruger, toGaussKruger } from './gauss-kruger.js';

/**
 * Coordinates as staff type or paste them (输入坐标): one position in degrees (decimal or degrees,
 * minutes and seconds) or as 3° Gauss-Krüger x / y, a list of them one a line (with or without
 * point numbers, as 界址点 lists and survey tables write them), and the position a distance and a
 * bearing away from another. What cannot be read is refused with the reason, never guessed.
 */

/** A longitude and a latitude in degrees, as GeoJSON positions are. */
export type LonLat = [number, number];

const { Geodesic } = geographiclib;
const WGS84 = Geodesic.WGS84;

/** How typed coordinates are read: longitude and latitude in degrees, or CGCS2000 3° Gauss-Krüger x (northing) then y (easting). */
export type CoordinateInputFormat = 'degrees' | 'gaussKruger3';

/** What {@link parseCoordinate} and {@link parseCoordinateList} take. */
export interface CoordinateInputOptions {
  readonly format: CoordinateInputFormat;
  /**
   * The 3° zone of eastings typed without the zone in front (`429544.47`). An easting with it
   * (`40429544.47`) names its own zone; one without needs this.
   */
  readonly zone?: number;
}

/** Why a typed coordinate was refused. */
export type CoordinateInputReason =
  /** Nothing typed. */
  | 'empty'
  /** A part is neither a number nor an angle (`119°17′E`), e.g. `11a.5`. */
  | 'unreadable'
  /** Not two coordinates (with point numbers only in front of them). */
  | 'count'
  /** A latitude beyond ±90°, a longitude beyond ±180°, minutes or seconds of 60 or more, a northing or easting outside its zone. */
  | 'out-of-range'
  /** Two latitudes or two longitudes (`26°N 25°N`). */
  | 'hemispheres'
  /** A Gauss-Krüger easting without the zone in front, and no zone given. */
  | 'no-zone';

/** A typed coordinate that was refused: why, and on which line of a list (1-based; 1 for a single coordinate). */
export class CoordinateInputError extends Error {
  override readonly name = 'CoordinateInputError';
  constructor(
    readonly reason: CoordinateInputReason,
    readonly line: number,
    readonly text: string,
  ) {
    super(`Line ${line} ("${text}") cannot be read as a coordinate: ${reason}.`);
  }
}

/** A list's positions, or every line that could not be read (then no positions: nothing is drawn from half a list). */
export type CoordinateListResult = { readonly positions: LonLat[]; readonly problems: readonly [] } | { readonly positions: readonly []; readonly problems: readonly CoordinateInputError[] };

const NUMBER = String.raw`\d+(?:\.\d+)?|\.\d+`;
/** An angle: `119.5`, `119°`, `119°17′`, `119°17′45.12″` (with ASCII ' and " too), a sign in front. */
const ANGLE = new RegExp(String.raw`^([+-]?)(${NUMBER})(?:°(?:(${NUMBER})′(?:(${NUMBER})″)?)?)?$`);
const HEMISPHERE = /^([EWNS])|([EWNS])$/;
/** The largest easting offset from a zone's central meridian any 3° zone reaches (1.5° at the equator is 167 km): beyond this, a typo. */
const MAX_EASTING_OFFSET = 200_000;
const ZONE_STEP = 1_000_000;
const FALSE_EASTING = 500_000;

/**
 * Full-width digits and punctuation as half-width, Chinese hemisphere words and 度分秒 as letters
 * and signs, ASCII minutes and seconds as primes, and an angle's parts and its letter joined into
 * one token (`119° 17′ 45″ E` as `119°17′45″E`).
 */
function normalise(text: string): string {
  return text
    .replace(/[\uFF01-\uFF5E]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
    .replace(/[、，；]/g, ',')
    .replace(/东经/g, 'E')
    .replace(/西经/g, 'W')
    .replace(/北纬/g, 'N')
    .replace(/南纬/g, 'S')
    .replace(/度/g, '°')
    .replace(/分/g, '′')
    .replace(/秒/g, '″')
    .replace(/′′|''|"|”|“/g, '″')
    .replace(/'|’|‘/g, '′')
    .toUpperCase()
    .replace(/\s+([°′″])/g, '$1')
    .replace(/°\s+(?=[\d.]+′)/g, '°')
    .replace(/′\s+(?=[\d.]+″)/g, '′')
    .replace(/([\d.°′″])\s+([EWNS])(?=$|[\s,;])/g, '$1$2')
    .replace(/(^|[\s,;])([EWNS])\s+(?=[+-]?[\d.])/g, '$1$2')
    .trim();
}

function tokensOf(text: string): string[] {
  return normalise(text)
    .split(/[\s,;]+/)
    .filter(Boolean);
}

interface Angle {
  readonly degrees: number;
  readonly hemisphere?: 'E' | 'W' | 'N' | 'S';
}

/** An angle token in degrees, its hemisphere letter apart; `undefined` if it is none; `out-of-range` for minutes or seconds of 60 and more. */
function angleOf(token: string, line: number, text: string): Angle | undefined {
  const letter = HEMISPHERE.exec(token);
  const hemisphere = (letter?.[1] ?? letter?.[2]) as Angle['hemisphere'];
  const body = hemisphere ? (letter?.[1] ? token.slice(1) : token.slice(0, -1)) : token;
  const match = ANGLE.exec(body);
  if (!match) return undefined;
  const [, sign, whole, minutes = '0', seconds = '0'] = match;
  if (Number(minutes) >= 60 || Number(seconds) >= 60 || (hemisphere && sign)) throw new CoordinateInputError(Number(minutes) >= 60 || Number(seconds) >= 60 ? 'out-of-range' : 'unreadable', line, text);
  const degrees = Number(whole) + Number(minutes) / 60 + Number(seconds) / 3600;
  return { degrees: sign === '-' ? -degrees : degrees, hemisphere };
}

/** The tokens that are the coordinates: the last two; any before them are point numbers (`J1`, `3`), never a third coordinate. */
function coordinateTokens(tokens: readonly string[], line: number, text: string): [string, string] {
  if (tokens.length < 2) throw new CoordinateInputError(tokens.length === 0 ? 'empty' : 'count', line, text);
  const labels = tokens.slice(0, -2);
  // A point number is a whole number or a name with a letter (J1, 界址点3); a decimal in front is a third coordinate.
  if (labels.some((label) => /^[+-]?\d*\.\d+$|°|′|″/.test(label))) throw new CoordinateInputError('count', line, text);
  return [tokens[tokens.length - 2]!, tokens[tokens.length - 1]!];
}

function degreesLonLat(tokens: [string, string], line: number, text: string): LonLat {
  const [first, second] = tokens.map((token) => angleOf(token, line, text));
  if (!first || !second) throw new CoordinateInputError('unreadable', line, text);
  const isLatitude = (angle: Angle) => angle.hemisphere === 'N' || angle.hemisphere === 'S';
  const isLongitude = (angle: Angle) => angle.hemisphere === 'E' || angle.hemisphere === 'W';
  if ((isLatitude(first) && isLatitude(second)) || (isLongitude(first) && isLongitude(second))) throw new CoordinateInputError('hemispheres', line, text);
  // Longitude first unless the letters say otherwise (`26.07N 119.29E`).
  const [lon, lat] = isLatitude(first) || isLongitude(second) ? [second, first] : [first, second];
  const signed = (angle: Angle) => (angle.hemisphere === 'W' || angle.hemisphere === 'S' ? -angle.degrees : angle.degrees);
  const position: LonLat = [signed(lon), signed(lat)];
  if (Math.abs(position[0]!) > 180 || Math.abs(position[1]!) > 90) throw new CoordinateInputError('out-of-range', line, text);
  return position;
}

function gaussKrugerLonLat(tokens: [string, string], options: CoordinateInputOptions, line: number, text: string): LonLat {
  const [x, y] = tokens.map((token) => (/^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/.test(token) ? Number(token) : Number.NaN)) as [number, number];
  if (Number.isNaN(x) || Number.isNaN(y)) throw new CoordinateInputError('unreadable', line, text);
  const prefixed = y >= ZONE_STEP;
  const zone = prefixed ? Math.floor(y / ZONE_STEP) : options.zone;
  if (zone === undefined) throw new CoordinateInputError('no-zone', line, text);
  const offset = y - (prefixed ? zone * ZONE_STEP : 0) - FALSE_EASTING;
  if (zone < 1 || zone > 60 || Math.abs(offset) > MAX_EASTING_OFFSET || x < 0 || x > 10_002_000) throw new CoordinateInputError('out-of-range', line, text);
  return fromGaussKruger({ x, y }, { width: 3, zone, zonePrefix: prefixed });
}

function positionOf(text: string, options: CoordinateInputOptions, line: number): LonLat {
  const tokens = coordinateTokens(tokensOf(text), line, text);
  return options.format === 'degrees' ? degreesLonLat(tokens, line, text) : gaussKrugerLonLat(tokens, options, line, text);
}

/**
 * One typed coordinate as `[lon, lat]`: in degrees `119.295833 26.075556`, `119°17′45.12″E
 * 26°04′31.80″N` (letters in front or behind, 东经 / 北纬 too; longitude first unless the letters
 * say otherwise), in the 3° zones `2885395.63 40429544.47` (x the northing first, y the easting
 * with or without the zone in front). Commas, semicolons or spaces between; full-width digits and
 * punctuation are read as typed on a Chinese keyboard; point numbers in front are left out.
 *
 * @throws CoordinateInputError with the reason when it cannot be read.
 */
export function parseCoordinate(text: string, options: CoordinateInputOptions): LonLat {
  return positionOf(text, options, 1);
}

/**
 * A pasted list of coordinates, one a line, each as {@link parseCoordinate} reads it; blank lines
 * are skipped. Either every position, in order, or every line that could not be read.
 */
export function parseCoordinateList(text: string, options: CoordinateInputOptions): CoordinateListResult {
  const positions: LonLat[] = [];
  const problems: CoordinateInputError[] = [];
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      positions.push(positionOf(line, options, index + 1));
    } catch (error) {
      if (!(error instanceof CoordinateInputError)) throw error;
      problems.push(error);
    }
  });
  if (positions.length === 0 && problems.length === 0) problems.push(new CoordinateInputError('empty', 1, text));
  return problems.length > 0 ? { positions: [], problems } : { positions, problems: [] };
}

/**
 * A bearing typed in degrees, clockwise from north: `45.5` or `45°30′`. `undefined` unless it is
 * an angle from 0 up to, not including, 360.
 */
export function parseBearing(text: string): number | undefined {
  const tokens = tokensOf(text);
  if (tokens.length !== 1) return undefined;
  try {
    const angle = angleOf(tokens[0]!, 1, text);
    return angle && !angle.hemisphere && angle.degrees >= 0 && angle.degrees < 360 ? angle.degrees : undefined;
  } catch {
    return undefined;
  }
}

/** A distance typed in metres (`120.5`, `120.5 m`, `120.5 米`) or kilometres (`1.2 km`, `1.2 公里`, `1.2 千米`); `undefined` unless it is a number above 0. */
export function parseDistance(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?|\.\d+)\s*(M|米|KM|公里|千米)?$/.exec(normalise(text));
  if (!match) return undefined;
  const metres = Number(match[1]) * (match[2] === 'KM' || match[2] === '公里' || match[2] === '千米' ? 1000 : 1);
  return metres > 0 ? metres : undefined;
}

/**
 * The position `metres` away from `from` ([lon, lat]) on the bearing `degrees` (clockwise from
 * north). On `ellipsoid` the geodesic (GeographicLib's direct problem on WGS84, as PROJ's `geod`
 * solves it); on `gaussKruger3` the straight line on the 3° zone's plane, with the bearing from
 * grid north, as a survey's 坐标方位角 and 边长 give it.
 */
export function destination(from: readonly number[], metres: number, degrees: number, surface: 'ellipsoid' | 'gaussKruger3'): LonLat {
  const [lon = Number.NaN, lat = Number.NaN] = from;
  if (![lon, lat, metres, degrees].every(Number.isFinite)) throw new RangeError(`A destination needs a finite start, distance and bearing, not ${lon}, ${lat}, ${metres}, ${degrees}.`);
  if (surface === 'ellipsoid') {
    const { lat2 = Number.NaN, lon2 = Number.NaN } = WGS84.Direct(lat, lon, degrees, metres);
    return [lon2, lat2];
  }
  const start = toGaussKruger([lon, lat], { width: 3 });
  const radians = (degrees * Math.PI) / 180;
  return fromGaussKruger({ x: start.x + metres * Math.cos(radians), y: start.y + metres * Math.sin(radians) }, { width: 3, zone: start.zone });
}
