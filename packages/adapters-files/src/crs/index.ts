/** Coordinate systems: naming them, reading `.prj` WKT, turning positions to and from lon/lat with proj4. */
export { crsOfWkt, resolveCrs, type FileCrs } from './crs-registry.js';
export { gaussKrugerName, prjOf } from './prj.js';
