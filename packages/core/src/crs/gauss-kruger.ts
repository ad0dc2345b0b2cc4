import { CGCS2000_ELLIPSOID, gaussKrugerZone, zoneCentralMeridian, type ZoneWidth } from './zones.js';

/**
 * Gauss-Krüger (transverse Mercator, scale 1 on the central meridian) on the CGCS2000 ellipsoid,
 * by Krüger's series to the sixth order in the third flattening (Karney, "Transverse Mercator
 * with an accuracy of a few nanometers", J. Geodesy 85, 2011), the algorithm PROJ's `tmerc`
 * uses: a few nanometres within 3 900 km of the central meridian, so far inside a millimetre of
 * PROJ anywhere in a zone. `proj4` agrees with it as closely, but these two functions are all the
 * core needs of it: written out, they keep the core (and the map's status line) free of a
 * projection library.
 */

/** What {@link toGaussKruger} and {@link fromGaussKruger} take. */
export interface GaussKrugerOptions {
  /** The zone width: 3° or 6°. */
  readonly width: ZoneWidth;
  /**
   * The zone: by default, the one the longitude falls in ({@link gaussKrugerZone}) going to
   * Gauss-Krüger; going back, the one in front of the easting (`zonePrefix`), else required.
   */
  readonly zone?: number;
  /** Whether the easting carries the zone number in front (`40 500 000` on zone 40's central meridian). Default `false`. */
  readonly zonePrefix?: boolean;
}

/** A Gauss-Krüger coordinate as Chinese surveys write it: `x` the northing, `y` the easting (500 km false easting, and the zone in front with `zonePrefix`). */
export interface GaussKrugerPoint {
  /** Northing in metres from the equator. */
  readonly x: number;
  /** Easting in metres: 500 000 on the central meridian, plus the zone number times 1 000 000 with `zonePrefix`. */
  readonly y: number;
  readonly zone: number;
}

const FALSE_EASTING = 500_000;
const ZONE_PREFIX_STEP = 1_000_000;
const DEGREE = Math.PI / 180;

interface Series {
  /** The rectifying radius: metres a unit of ξ is. */
  readonly radius: number;
  readonly eccentricity: number;
  /** Forward coefficients α₁…α₆ (conformal to rectifying). */
  readonly alpha: readonly number[];
  /** Inverse coefficients β₁…β₆. */
  readonly beta: readonly number[];
}

function seriesOf(a: number, f: number): Series {
  const n = f / (2 - f);
  const n2 = n * n;
  const n3 = n2 * n;
  const n4 = n3 * n;
  const n5 = n4 * n;
  const n6 = n5 * n;
  return {
    radius: (a / (1 + n)) * (1 + n2 / 4 + n4 / 64 + n6 / 256),
    eccentricity: Math.sqrt(f * (2 - f)),
    alpha: [
      n / 2 - (2 * n2) / 3 + (5 * n3) / 16 + (41 * n4) / 180 - (127 * n5) / 288 + (7891 * n6) / 37_800,
      (13 * n2) / 48 - (3 * n3) / 5 + (557 * n4) / 1440 + (281 * n5) / 630 - (1_983_433 * n6) / 1_935_360,
      (61 * n3) / 240 - (103 * n4) / 140 + (15_061 * n5) / 26_880 + (167_603 * n6) / 181_440,
      (49_561 * n4) / 161_280 - (179 * n5) / 168 + (6_601_661 * n6) / 7_257_600,
      (34_729 * n5) / 80_640 - (3_418_889 * n6) / 1_995_840,
      (212_378_941 * n6) / 319_334_400,
    ],
    beta: [
      n / 2 - (2 * n2) / 3 + (37 * n3) / 96 - n4 / 360 - (81 * n5) / 512 + (96_199 * n6) / 604_800,
      n2 / 48 + n3 / 15 - (437 * n4) / 1440 + (46 * n5) / 105 - (1_118_711 * n6) / 3_870_720,
      (17 * n3) / 480 - (37 * n4) / 840 - (209 * n5) / 4480 + (5569 * n6) / 90_720,
      (4397 * n4) / 161_280 - (11 * n5) / 504 - (830_251 * n6) / 7_257_600,
      (4583 * n5) / 161_280 - (108_847 * n6) / 3_991_680,
      (20_648_693 * n6) / 638_668_800,
    ],
  };
}

const CGCS2000 = seriesOf(CGCS2000_ELLIPSOID.a, CGCS2000_ELLIPSOID.f);

/** The tangent of the conformal latitude from the tangent of the geodetic one. */
function conformalTangent(tau: number, e: number): number {
  const sigma = Math.sinh(e * Math.atanh((e * tau) / Math.hypot(1, tau)));
  return tau * Math.hypot(1, sigma) - sigma * Math.hypot(1, tau);
}

/** The tangent of the geodetic latitude from the conformal one's, by Newton's method (two or three steps). */
function geodeticTangent(tauPrime: number, e: number): number {
  const e2m = 1 - e * e;
  let tau = tauPrime;
  for (let step = 0; step < 8; step += 1) {
    const tauPrimeNow = conformalTangent(tau, e);
    const change = ((tauPrime - tauPrimeNow) / Math.hypot(1, tauPrimeNow)) * ((1 + e2m * tau * tau) / (e2m * Math.hypot(1, tau)));
    tau += change;
    if (Math.abs(change) <= 1e-15 * Math.max(1, Math.abs(tau))) break;
  }
  return tau;
}

function assertFinite(value: number, what: string): void {
  if (!Number.isFinite(value)) throw new RangeError(`${what} must be a finite number, not ${String(value)}.`);
}

function assertZone(zone: number): void {
  if (!Number.isInteger(zone) || zone < 0) throw new RangeError(`A Gauss-Krüger zone must be a whole number from 0 up, not ${String(zone)}.`);
}

/**
 * A longitude and latitude on CGCS2000 (degrees) as a Gauss-Krüger coordinate: in the zone the
 * longitude falls in unless `zone` names another, with the zone number in front of the easting
 * when `zonePrefix` is set.
 */
export function toGaussKruger(position: readonly number[], options: GaussKrugerOptions): GaussKrugerPoint {
  const [lon = Number.NaN, lat = Number.NaN] = position;
  assertFinite(lon, 'A longitude');
  assertFinite(lat, 'A latitude');
  if (Math.abs(lat) > 90) throw new RangeError(`A latitude must lie within ±90°, not ${lat}.`);
  const zone = options.zone ?? gaussKrugerZone(lon, { width: options.width });
  assertZone(zone);
  const { radius, eccentricity, alpha } = CGCS2000;
  const lambda = (lon - zoneCentralMeridian(zone, options.width)) * DEGREE;
  const phi = lat * DEGREE;
  // At a pole the tangent is infinite; its conformal tangent is too, and the formulas below hold in the limit.
  const tauPrime = Math.abs(lat) === 90 ? Math.sign(lat) * Number.MAX_VALUE : conformalTangent(Math.tan(phi), eccentricity);
  const cosLambda = Math.cos(lambda);
  const xiPrime = Math.atan2(tauPrime, cosLambda);
  const etaPrime = Math.asinh(Math.sin(lambda) / Math.hypot(tauPrime, cosLambda));
  let xi = xiPrime;
  let eta = etaPrime;
  alpha.forEach((coefficient, index) => {
    const k = 2 * (index + 1);
    xi += coefficient * Math.sin(k * xiPrime) * Math.cosh(k * etaPrime);
    eta += coefficient * Math.cos(k * xiPrime) * Math.sinh(k * etaPrime);
  });
  return {
    x: radius * xi,
    y: radius * eta + FALSE_EASTING + (options.zonePrefix ? zone * ZONE_PREFIX_STEP : 0),
    zone,
  };
}

/**
 * The zone of a prefixed easting: the millions in front of the 500 km false easting. Eastings
 * stay within ±500 km of it inside any zone China uses, so the millions name the zone.
 */
function zoneOfPrefixedEasting(y: number): number {
  return Math.floor(y / ZONE_PREFIX_STEP);
}

/**
 * A Gauss-Krüger coordinate back to longitude and latitude on CGCS2000 (degrees). With
 * `zonePrefix` the zone is read from the easting (a `zone` given must agree with it); without,
 * `zone` is required.
 */
export function fromGaussKruger(point: Pick<GaussKrugerPoint, 'x' | 'y'>, options: GaussKrugerOptions): [number, number] {
  assertFinite(point.x, 'A northing (x)');
  assertFinite(point.y, 'An easting (y)');
  let zone = options.zone;
  let easting = point.y;
  if (options.zonePrefix) {
    const prefixed = zoneOfPrefixedEasting(point.y);
    if (zone !== undefined && zone !== prefixed) throw new RangeError(`The easting ${point.y} carries zone ${prefixed} in front, not zone ${zone}.`);
    zone = prefixed;
    easting -= prefixed * ZONE_PREFIX_STEP;
  }
  if (zone === undefined) throw new RangeError('An easting without the zone in front needs the zone.');
  assertZone(zone);
  const { radius, eccentricity, beta } = CGCS2000;
  const xi = point.x / radius;
  const eta = (easting - FALSE_EASTING) / radius;
  let xiPrime = xi;
  let etaPrime = eta;
  beta.forEach((coefficient, index) => {
    const k = 2 * (index + 1);
    xiPrime -= coefficient * Math.sin(k * xi) * Math.cosh(k * eta);
    etaPrime -= coefficient * Math.cos(k * xi) * Math.sinh(k * eta);
  });
  const sinhEta = Math.sinh(etaPrime);
  const cosXi = Math.cos(xiPrime);
  const tauPrime = Math.sin(xiPrime) / Math.hypot(sinhEta, cosXi);
  const lat = Math.atan(geodeticTangent(tauPrime, eccentricity)) / DEGREE;
  const lon = zoneCentralMeridian(zone, options.width) + Math.atan2(sinhEta, cosXi) / DEGREE;
  return [lon, lat];
}
