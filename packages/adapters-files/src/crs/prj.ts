import { CGCS2000_EPSG, type GaussKrugerCrs } from '@gportal/core';
import { UnknownCrsError } from '../file-model/index.js';
import type { FileCrs } from './crs-registry.js';

const CGCS2000_GEOGCS =
  'GEOGCS["China Geodetic Coordinate System 2000",DATUM["China_2000",SPHEROID["CGCS2000",6378137,298.257222101,AUTHORITY["EPSG","1024"]],AUTHORITY["EPSG","1043"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4490"]]';
const WGS84_GEOGCS =
  'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4326"]]';
const WEB_MERCATOR =
  `PROJCS["WGS 84 / Pseudo-Mercator",${WGS84_GEOGCS},PROJECTION["Mercator_1SP"],PARAMETER["central_meridian",0],PARAMETER["scale_factor",1],PARAMETER["false_easting",0],PARAMETER["false_northing",0],UNIT["metre",1,AUTHORITY["EPSG","9001"]],EXTENSION["PROJ4","+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +wktext +no_defs"],AUTHORITY["EPSG","3857"]]`;

/** EPSG's name of a Gauss-Krüger system (`CGCS2000 / 3-degree Gauss-Kruger zone 39`). */
export function gaussKrugerName(crs: GaussKrugerCrs): string {
  const degrees = crs.width === 3 ? '3-degree ' : '';
  return `CGCS2000 / ${degrees}Gauss-Kruger ${crs.zonePrefix ? `zone ${crs.zone}` : `CM ${crs.centralMeridian}E`}`;
}

function gaussKrugerWkt(crs: GaussKrugerCrs): string {
  return (
    `PROJCS["${gaussKrugerName(crs)}",${CGCS2000_GEOGCS},PROJECTION["Transverse_Mercator"],` +
    `PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",${crs.centralMeridian}],PARAMETER["scale_factor",1],` +
    `PARAMETER["false_easting",${crs.falseEasting}],PARAMETER["false_northing",0],UNIT["metre",1,AUTHORITY["EPSG","9001"]],` +
    `AXIS["Easting",EAST],AXIS["Northing",NORTH],AUTHORITY["EPSG","${crs.epsg}"]]`
  );
}

/** The WKT of a `.prj` for a system gportal writes, with its EPSG code so GDAL and QGIS name it. */
export function prjOf(crs: FileCrs): string {
  if (crs.gaussKruger) return gaussKrugerWkt(crs.gaussKruger);
  switch (crs.code) {
    case 'EPSG:4326':
      return WGS84_GEOGCS;
    case `EPSG:${CGCS2000_EPSG}`:
      return CGCS2000_GEOGCS;
    case 'EPSG:3857':
      return WEB_MERCATOR;
    default:
      throw new UnknownCrsError(crs.code, `gportal writes EPSG:4326, 4490, 3857 and the CGCS2000 Gauss-Krüger zones, not ${crs.code}.`);
  }
}
