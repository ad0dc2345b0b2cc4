import { formatDecimalDegrees, formatDms } from '@gportal/core';
import type { Translate } from '../../i18n/i18n-provider';
import type { MessageKey } from '../../i18n/messages';

/** The formats the status line reads the pointer out in: 经纬度, 度分秒, CGCS2000 3°带. */
export const COORDINATE_FORMATS = ['decimal', 'dms', 'gaussKruger3'] as const;
export type CoordinateFormat = (typeof COORDINATE_FORMATS)[number];

/** What the user picked, remembered for them: the format and, for the 3° zones, whether the zone goes in front of y. */
export interface CoordinatePreference {
  readonly format: CoordinateFormat;
  readonly zonePrefix: boolean;
}

/** Decimal degrees until the user picks; the zone in front of y, as Chinese surveys write it. */
export const DEFAULT_COORDINATE_PREFERENCE: CoordinatePreference = { format: 'decimal', zonePrefix: true };

export const COORDINATE_FORMAT_LABELS: Readonly<Record<CoordinateFormat, MessageKey>> = {
  decimal: 'map.status.format.decimal',
  dms: 'map.status.format.dms',
  gaussKruger3: 'map.status.format.gaussKruger3',
};

export function isCoordinatePreference(value: unknown): value is CoordinatePreference {
  if (typeof value !== 'object' || value === null) return false;
  const { format, zonePrefix } = value as Record<string, unknown>;
  return (COORDINATE_FORMATS as readonly unknown[]).includes(format) && typeof zonePrefix === 'boolean';
}

/** Reads a position in the 3° zones: {@link gaussKrugerText}, loaded when that format is first chosen. */
export type GaussKrugerText = (lon: number, lat: number, zonePrefix: boolean, t: Translate) => string;

/**
 * A longitude and latitude as the preference reads it. The 3° zones need `gaussKruger`, the
 * transverse Mercator maths only they use, which loads on demand; `undefined` until it has.
 */
export function coordinateText(lon: number, lat: number, preference: CoordinatePreference, t: Translate, gaussKruger?: GaussKrugerText): string | undefined {
  if (preference.format === 'decimal') return formatDecimalDegrees([lon, lat]);
  if (preference.format === 'dms') return formatDms([lon, lat]);
  return gaussKruger?.(lon, lat, preference.zonePrefix, t);
}
