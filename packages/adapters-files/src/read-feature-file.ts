import { GportalError } from '@gportal/core';
import { FILE_LIMITS, FeatureFileError, FileTooLargeError, decodeUtf8OrGbk, type FeatureFileInput, type ImportedFile, type ReadFeatureFileOptions } from './file-model/index.js';
import { readCsv, readGeoJson, readJzd, readKml, readShapefile } from './formats/index.js';
import { detectFormat } from './detect-format.js';

/** Options of {@link readFeatureFile} for a zip of several Shapefiles: the layer to read. */
export interface ReadShapefileLayer {
  /** The layer's name (its `.shp` without the extension), when the zip holds more than one. */
  layer?: string;
}

/**
 * Reads a feature file: the format is found from its name and bytes, positions are turned into
 * lon/lat (CGCS2000 / WGS84, x = lon), and every feature that cannot be read is listed in
 * `problems`. A pure function of the bytes: a UI runs it in a Worker for large files, with
 * `onProgress` and `signal`.
 *
 * Throws {@link FileTooLargeError} over `maxBytes` (200 MiB by default), {@link UnknownCrsError}
 * for a coordinate system it cannot transform, and {@link FeatureFileError} for a file it cannot
 * read at all; an abort rejects with the signal's reason.
 *
 * @example
 * ```ts
 * const file = await readFeatureFile({ name: 'parcels.zip', bytes });
 * file.format; // 'shapefile'
 * file.crs; // 'EPSG:4527'
 * file.features[0]?.geometry; // { type: 'Polygon', coordinates: [[[117.01, 31.2], …]] }
 * ```
 */
export async function readFeatureFile(input: FeatureFileInput, options: ReadFeatureFileOptions & ReadShapefileLayer = {}): Promise<ImportedFile> {
  const maxBytes = options.maxBytes ?? FILE_LIMITS.maxBytes;
  if (input.bytes.byteLength > maxBytes) throw new FileTooLargeError(input.bytes.byteLength, maxBytes);
  options.signal?.throwIfAborted();
  const format = detectFormat(input.name, input.bytes);
  try {
    switch (format) {
      case 'shapefile':
        return await readShapefile(input.bytes, options);
      case 'jzd':
        return await readJzd(input.bytes, options);
      case 'geojson':
        return await readGeoJson(decodeUtf8OrGbk(input.bytes).text, options);
      case 'kml':
        return await readKml(decodeUtf8OrGbk(input.bytes).text, options);
      case 'csv':
        return await readCsv(decodeUtf8OrGbk(input.bytes).text, options);
    }
  } catch (error) {
    if (error instanceof GportalError || (options.signal?.aborted && error === options.signal.reason)) throw error;
    // A library's own failure on a broken file is still a file that cannot be read, said as one.
    throw new FeatureFileError(format, `The ${format} file cannot be read: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
