/**
 * Feature files in and out: Shapefile (`.zip`), GeoJSON, KML, CSV and the boundary-point
 * coordinate file (界址点坐标文件), in lon/lat, with coordinate systems transformed by proj4.
 * Framework-free and DOM-free: the same functions run in browsers, Workers and Node.
 *
 * @example
 * ```ts
 * import { readFeatureFile, writeFeatureFile } from '@gportal/adapters-files';
 *
 * const imported = await readFeatureFile({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
 * const exported = await writeFeatureFile(imported.features, { format: 'jzd', name: 'parcels' });
 * ```
 *
 * @module @gportal/adapters-files
 */
export { readFeatureFile, type ReadShapefileLayer } from './read-feature-file.js';
export { writeFeatureFile } from './write-feature-file.js';
export { detectFormat } from './detect-format.js';
export { resolveCrs, type FileCrs } from './crs/index.js';
export {
  FILE_LIMITS,
  FeatureFileError,
  FileTooLargeError,
  UnknownCrsError,
  type FeatureFileFormat,
  type FeatureFileInput,
  type FileFeature,
  type FileField,
  type FileProblem,
  type ImportedFile,
  type ProgressCallback,
  type ReadFeatureFileOptions,
  type WorkOptions,
  type WriteFeatureFileOptions,
  type WrittenFile,
} from './file-model/index.js';
