import type { GaussKrugerPoint } from './gauss-kruger.js';

/**
 * Readable coordinates for a status line or a list: decimal degrees, degrees-minutes-seconds and
 * Gauss-Krüger metres. The hemispheres are the letters E / W, N / S after the angle unless the
 * caller names them in its language ({@link HemisphereNames}: 东经 / 西经, 北纬 / 南纬 before it, as
 * Chinese surveys write them); labels around these (`X`, the zone's name) are the UI's.
 */

/** How the hemispheres are written: their four names, and whether a name stands before or after the angle. */
export interface HemisphereNames {
  /** East of Greenwich: `E`, `东经`. */
  readonly east: string;
  /** West of Greenwich: `W`, `西经`. */
  readonly west: string;
  /** North of the equator: `N`, `北纬`. */
  readonly north: string;
  /** South of the equator: `S`, `南纬`. */
  readonly south: string;
  /** `after`: `119.3°E`; `before`: `东经 119.3°`. */
  readonly placement: 'before' | 'after';
}

/** The letters after the angle: `119.295833°E 26.075556°N`. */
export const HEMISPHERE_LETTERS: HemisphereNames = { east: 'E', west: 'W', north: 'N', south: 'S', placement: 'after' };

/** Decimal places of decimal degrees: a millionth of a degree, about 0.1 m. */
const DEGREE_DECIMALS = 6;
/** Decimal places of seconds of arc: a hundredth, about 0.3 m. */
const SECOND_DECIMALS = 2;
/** Decimal places of Gauss-Krüger metres: centimetres. */
const METRE_DECIMALS = 2;

/** The position's longitude and latitude, refused unless both are finite numbers. */
function lonLatOf(position: readonly number[]): [number, number] {
  const [lon = Number.NaN, lat = Number.NaN] = position;
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) throw new RangeError(`A position needs a finite longitude and latitude, not ${lon}, ${lat}.`);
  return [lon, lat];
}

/** A longitude and a latitude, each an unsigned angle written with its hemisphere's name. */
function withHemispheres(lon: number, lat: number, angle: (degrees: number) => string, names: HemisphereNames): string {
  const part = (value: number, positive: string, negative: string) => {
    const name = value < 0 ? negative : positive;
    return names.placement === 'before' ? `${name} ${angle(value)}` : `${angle(value)}${name}`;
  };
  return `${part(lon, names.east, names.west)} ${part(lat, names.north, names.south)}`;
}

/** `119.295833°E 26.075556°N`, or with the names given: `东经 119.295833° 北纬 26.075556°`. */
export function formatDecimalDegrees(position: readonly number[], names: HemisphereNames = HEMISPHERE_LETTERS): string {
  const [lon, lat] = lonLatOf(position);
  return withHemispheres(lon, lat, (degrees) => `${Math.abs(degrees).toFixed(DEGREE_DECIMALS)}°`, names);
}

/** One angle as `119°17′45.12″`, rounded to the hundredth of a second (59.996″ carries into the minute). */
function dms(degrees: number): string {
  const scale = 10 ** SECOND_DECIMALS;
  const total = Math.round(Math.abs(degrees) * 3600 * scale);
  const whole = Math.floor(total / (3600 * scale));
  const minutes = Math.floor((total % (3600 * scale)) / (60 * scale));
  const seconds = (total % (60 * scale)) / scale;
  return `${whole}°${String(minutes).padStart(2, '0')}′${seconds.toFixed(SECOND_DECIMALS).padStart(3 + SECOND_DECIMALS, '0')}″`;
}

/** `119°17′45.12″E 26°04′31.80″N`, or with the names given: `东经 119°17′45.12″ 北纬 26°04′31.80″`. */
export function formatDms(position: readonly number[], names: HemisphereNames = HEMISPHERE_LETTERS): string {
  const [lon, lat] = lonLatOf(position);
  return withHemispheres(lon, lat, dms, names);
}

/** A Gauss-Krüger point's northing and easting in metres to the centimetre, without grouping (`2885395.63`, `40429544.47`), as surveys write them. */
export function formatGaussKrugerPoint(point: GaussKrugerPoint): { x: string; y: string; zone: string } {
  if (!Number.isFinite(point.x) || !Number.isFinite(point.y)) throw new RangeError(`A Gauss-Krüger point needs finite metres, not ${point.x}, ${point.y}.`);
  return { x: point.x.toFixed(METRE_DECIMALS), y: point.y.toFixed(METRE_DECIMALS), zone: String(point.zone) };
}
