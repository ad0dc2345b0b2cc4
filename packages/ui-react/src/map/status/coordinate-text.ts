import { formatDecimalDegrees, formatDms, HEMISPHERE_LETTERS, type HemisphereNames } from '@gportal/core';
import type { Translate } from '../../i18n/i18n-provider';
import type { Locale, MessageKey } from '../../i18n/messages';

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

/** The hemispheres as each language writes them: 东经 119.3° 北纬 26.1° in Chinese, 119.3°E 26.1°N in English. */
const HEMISPHERES: Readonly<Record<Locale, HemisphereNames>> = {
  'zh-CN': { east: '东经', west: '西经', north: '北纬', south: '南纬', placement: 'before' },
  en: HEMISPHERE_LETTERS,
};

/** Reads a position in the 3° zones: {@link gaussKrugerText}, loaded when that format is first chosen. */
export type GaussKrugerText = (lon: number, lat: number, zonePrefix: boolean, t: Translate) => string;

/**
 * A longitude and latitude as the preference reads it. The 3° zones need `gaussKruger`, the
 * transverse Mercator maths only they use, which loads on demand; `undefined` until it has.
 */
export function coordinateText(
  lon: number,
  lat: number,
  preference: CoordinatePreference,
  language: { t: Translate; locale: Locale },
  gaussKruger?: GaussKrugerText,
): string | undefined {
  const { t, locale } = language;
  if (preference.format === 'decimal') return formatDecimalDegrees([lon, lat], HEMISPHERES[locale]);
  if (preference.format === 'dms') return formatDms([lon, lat], HEMISPHERES[locale]);
  return gaussKruger?.(lon, lat, preference.zonePrefix, t);
}
