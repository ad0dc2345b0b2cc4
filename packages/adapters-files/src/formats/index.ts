/** The readers and writers of each format, one file a format. */
export { readCsv, writeCsv } from './csv.js';
export { readGeoJson, writeGeoJson } from './geojson.js';
export { looksLikeKml, readKml, writeKml } from './kml.js';
export { JZD_FIELDS, defaultJzdCrs, readJzd, writeJzd } from './jzd.js';
export { readShapefile, writeShapefile } from './shapefile.js';
