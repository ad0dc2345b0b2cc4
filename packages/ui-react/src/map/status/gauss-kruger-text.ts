import { formatGaussKrugerPoint, gaussKrugerZone, toGaussKruger } from '@gportal/core';
import type { GaussKrugerText } from './coordinate-text';

/** The 3° zones of the eastern hemisphere, 1 (3°E) to 60 (180°): the numbering Chinese surveys use. */
const EASTERN_ZONES = { first: 1, last: 60 } as const;

/** A position as x / y in its CGCS2000 3° zone, the zone named; a sentence outside the eastern zones. */
export const gaussKrugerText: GaussKrugerText = (lon, lat, zonePrefix, t) => {
  const zone = gaussKrugerZone(lon, { width: 3 });
  if (zone < EASTERN_ZONES.first || zone > EASTERN_ZONES.last || Math.abs(lat) > 90) return t('map.status.outsideZones');
  return t('map.status.gaussKruger', formatGaussKrugerPoint(toGaussKruger([lon, lat], { width: 3, zone, zonePrefix })));
};
