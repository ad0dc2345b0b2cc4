/**
 * The CGCS2000 projected coordinate systems Chinese surveys use: Gauss-Krüger (transverse
 * Mercator, scale 1 on the central meridian, 500 km false easting) in 3° and 6° zones, with the
 * zone number in front of the easting or without it. One definition for the whole suite: the
 * zone functions of the core and the file readers and writers of `@gportal/adapters-files` both
 * read it.
 *
 * EPSG numbers them in four blocks: 4491–4501 the 6° zones 13–23 with the zone in front,
 * 4502–4512 the same zones by central meridian (75°E–135°E) without it; 4513–4533 the 3° zones
 * 25–45 with the zone in front, 4534–4554 the same without it.
 */

/** The CGCS2000 ellipsoid (EPSG:1024): semi-major axis in metres and flattening. */
export const CGCS2000_ELLIPSOID = { a: 6_378_137, f: 1 / 298.257_222_101 } as const;

/** The geographic CGCS2000 system (longitude, latitude in degrees). */
export const CGCS2000_EPSG = 4490;

/** A Gauss-Krüger zone's width in degrees of longitude. */
export type ZoneWidth = 3 | 6;

/** One CGCS2000 Gauss-Krüger coordinate system. */
export interface GaussKrugerCrs {
  /** Its EPSG code. */
  readonly epsg: number;
  readonly width: ZoneWidth;
  /** The zone number: 13–23 for 6° zones, 25–45 for 3° zones. */
  readonly zone: number;
  /** Degrees east. */
  readonly centralMeridian: number;
  /** Whether eastings carry the zone number in front (`38 500 000` for the central meridian of zone 38). */
  readonly zonePrefix: boolean;
  /** The false easting in metres: 500 000, plus the zone number times 1 000 000 when it is in front. */
  readonly falseEasting: number;
}

interface Block {
  readonly first: number;
  readonly width: ZoneWidth;
  readonly firstZone: number;
  readonly count: number;
  readonly zonePrefix: boolean;
}

const BLOCKS: readonly Block[] = [
  { first: 4491, width: 6, firstZone: 13, count: 11, zonePrefix: true },
  { first: 4502, width: 6, firstZone: 13, count: 11, zonePrefix: false },
  { first: 4513, width: 3, firstZone: 25, count: 21, zonePrefix: true },
  { first: 4534, width: 3, firstZone: 25, count: 21, zonePrefix: false },
];

/** The central meridian of a zone: 6° zone n at 6n − 3, 3° zone n at 3n. */
export function zoneCentralMeridian(zone: number, width: ZoneWidth): number {
  return width === 6 ? 6 * zone - 3 : 3 * zone;
}

/**
 * The zone a longitude falls in: 6° zones start at 0° (zone 1 spans 0°–6°), 3° zones are centred
 * on multiples of 3° (zone 38 spans 112.5°–115.5°); a longitude on a boundary belongs to the
 * zone east of it.
 */
export function gaussKrugerZone(lon: number, options: { width: ZoneWidth }): number {
  if (!Number.isFinite(lon)) throw new RangeError(`A longitude must be a finite number, not ${String(lon)}.`);
  return options.width === 6 ? Math.floor(lon / 6) + 1 : Math.floor((lon + 1.5) / 3);
}

function crsOf(block: Block, index: number): GaussKrugerCrs {
  const zone = block.firstZone + index;
  return {
    epsg: block.first + index,
    width: block.width,
    zone,
    centralMeridian: zoneCentralMeridian(zone, block.width),
    zonePrefix: block.zonePrefix,
    falseEasting: 500_000 + (block.zonePrefix ? zone * 1_000_000 : 0),
  };
}

/** Every CGCS2000 Gauss-Krüger system EPSG defines over China (EPSG:4491–4554). */
export const CGCS2000_GAUSS_KRUGER: readonly GaussKrugerCrs[] = BLOCKS.flatMap((block) =>
  Array.from({ length: block.count }, (_, index) => crsOf(block, index)),
);

/** The CGCS2000 Gauss-Krüger system of an EPSG code, or `undefined` when the code is not one. */
export function gaussKrugerCrsOfEpsg(epsg: number): GaussKrugerCrs | undefined {
  return CGCS2000_GAUSS_KRUGER.find((crs) => crs.epsg === epsg);
}

/** The EPSG system of a zone, or `undefined` outside the zones EPSG defines (China's). */
export function gaussKrugerCrsOfZone(zone: number, options: { width: ZoneWidth; zonePrefix: boolean }): GaussKrugerCrs | undefined {
  return CGCS2000_GAUSS_KRUGER.find((crs) => crs.zone === zone && crs.width === options.width && crs.zonePrefix === options.zonePrefix);
}

/**
 * The system as a PROJ string (what `proj4` and `cs2cs` read): transverse Mercator on the
 * CGCS2000 ellipsoid (GRS80's axes and flattening, as PROJ defines EPSG:4490), easting first;
 * EPSG orders these systems' axes northing first, which is the caller's to follow.
 */
export function gaussKrugerProjString(crs: GaussKrugerCrs): string {
  return `+proj=tmerc +lat_0=0 +lon_0=${crs.centralMeridian} +k=1 +x_0=${crs.falseEasting} +y_0=0 +ellps=GRS80 +units=m +no_defs`;
}
