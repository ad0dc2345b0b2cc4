import type { GaussKrugerPoint } from './gauss-kruger.js';

/**
 * Readable coordinates for a status line or a list: decimal degrees, degrees-minutes-seconds and
 * Gauss-Krüger metres. Hemisphere letters (E / W, N / S) are the same in every language, as on
 * Chinese maps; labels around these (`X`, the zone's name) are the UI's.
 */

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

function hemisphere(value: number, positive: string, negative: string): string {
  return value < 0 ? negative : positive;
}

/** `119.295833°E 26.075556°N`. */
export function formatDecimalDegrees(position: readonly number[]): string {
  const [lon, lat] = lonLatOf(position);
  const part = (value: number, positive: string, negative: string) => `${Math.abs(value).toFixed(DEGREE_DECIMALS)}°${hemisphere(value, positive, negative)}`;
  return `${part(lon, 'E', 'W')} ${part(lat, 'N', 'S')}`;
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

/** `119°17′45.12″E 26°04′31.80″N`. */
export function formatDms(position: readonly number[]): string {
  const [lon, lat] = lonLatOf(position);
  return `${dms(lon)}${hemisphere(lon, 'E', 'W')} ${dms(lat)}${hemisphere(lat, 'N', 'S')}`;
}

/** A Gauss-Krüger point's northing and easting in metres to the centimetre, without grouping (`2885395.63`, `40429544.47`), as surveys write them. */
export function formatGaussKrugerPoint(point: GaussKrugerPoint): { x: string; y: string; zone: string } {
  if (!Number.isFinite(point.x) || !Number.isFinite(point.y)) throw new RangeError(`A Gauss-Krüger point needs finite metres, not ${point.x}, ${point.y}.`);
  return { x: point.x.toFixed(METRE_DECIMALS), y: point.y.toFixed(METRE_DECIMALS), zone: String(point.zone) };
}
