import { geoJsonGeometryProblem, GportalError } from '@gportal/core';
import { FeatureFileError, encodeText, inferFields, type FileFeature, type WriteFeatureFileOptions, type WrittenFile } from './file-model/index.js';
import { resolveCrs } from './crs/index.js';
import { defaultJzdCrs, writeCsv, writeGeoJson, writeJzd, writeKml, writeShapefile } from './formats/index.js';

/** Each format's extension, media type and default coordinate system. */
const WRITTEN = {
  geojson: { extension: 'geojson', mediaType: 'application/geo+json', crs: 'EPSG:4326' },
  shapefile: { extension: 'zip', mediaType: 'application/zip', crs: 'EPSG:4490' },
  kml: { extension: 'kml', mediaType: 'application/vnd.google-earth.kml+xml', crs: 'EPSG:4326' },
  csv: { extension: 'csv', mediaType: 'text/csv;charset=utf-8', crs: 'EPSG:4490' },
  jzd: { extension: 'txt', mediaType: 'text/plain', crs: undefined },
} as const;

/**
 * Writes features (geometries in lon/lat) as a file of `options.format`: GeoJSON (RFC 7946), a
 * Shapefile `.zip` (with `.prj` and a UTF-8 `.cpg`), KML, CSV (WKT, UTF-8 with a byte order mark)
 * or the boundary-point coordinate file (GBK unless `encoding` says UTF-8). Like
 * {@link readFeatureFile}, a pure function a Worker can run.
 *
 * Throws {@link FeatureFileError} for features the format cannot hold (a point in a coordinate
 * file, a mix of kinds in a Shapefile) and {@link UnknownCrsError} for a `crs` gportal cannot write.
 *
 * @example
 * ```ts
 * const file = await writeFeatureFile(features, { format: 'shapefile', name: 'parcels', crs: 'EPSG:4527' });
 * file.name; // 'parcels.zip'
 * ```
 */
export async function writeFeatureFile(features: readonly FileFeature[], options: WriteFeatureFileOptions): Promise<WrittenFile> {
  const { format } = options;
  const written = WRITTEN[format];
  const name = options.name ?? 'export';
  const fields = options.fields ?? inferFields(features);
  features.forEach((feature, index) => {
    const problem = geoJsonGeometryProblem(feature.geometry);
    if (problem !== undefined) throw new FeatureFileError(format, `Feature ${index} cannot be written: its geometry is invalid: ${problem}.`);
  });
  const crs = resolveCrs(options.crs ?? written.crs ?? defaultJzdCrs(features));
  const file = (bytes: Uint8Array, mediaType: string = written.mediaType): WrittenFile => ({ name: `${name}.${written.extension}`, bytes, mediaType });
  try {
    switch (format) {
      case 'geojson':
        return file(encodeText(await writeGeoJson(features, options), 'utf-8'));
      case 'kml':
        return file(encodeText(await writeKml(features, fields, name, options), 'utf-8'));
      case 'csv':
        return file(encodeText(await writeCsv(features, fields, crs, options), 'utf-8'));
      case 'shapefile':
        return file(await writeShapefile(features, fields, crs, name, options));
      case 'jzd': {
        const encoding = options.encoding ?? 'gbk';
        return file(encodeText(await writeJzd(features, crs, options), encoding), `text/plain;charset=${encoding === 'gbk' ? 'GBK' : 'utf-8'}`);
      }
    }
  } catch (error) {
    if (error instanceof GportalError || (options.signal?.aborted && error === options.signal.reason)) throw error;
    throw new FeatureFileError(format, `The ${format} file cannot be written: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
