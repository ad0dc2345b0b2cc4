import { FeatureFileError, Work, inferFields, windRings, type FileFeature, type ImportedFile, type ReadFeatureFileOptions, type WorkOptions } from '../file-model/index.js';
import { resolveCrs } from '../crs/index.js';
import { collectFeatures, plainValue, type RawFeature } from './format-reader.js';

interface GeoJsonObject {
  type?: unknown;
  features?: unknown;
  geometry?: unknown;
  properties?: unknown;
  crs?: { properties?: { name?: unknown } };
}

function propertiesOf(value: unknown): RawFeature['properties'] {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value).map(([name, property]) => [name, plainValue(property)]));
}

/**
 * GeoJSON (RFC 7946): a FeatureCollection, a Feature or a bare geometry. The old `crs` member
 * (which GDAL still writes for systems other than lon/lat) is honoured; without it positions are
 * lon/lat.
 */
export async function readGeoJson(text: string, options: ReadFeatureFileOptions): Promise<ImportedFile> {
  const work = new Work(options);
  let root: GeoJsonObject;
  try {
    root = JSON.parse(text) as GeoJsonObject;
  } catch (error) {
    throw new FeatureFileError('geojson', `The file is not JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (typeof root !== 'object' || root === null) throw new FeatureFileError('geojson', 'The file is JSON but not a GeoJSON object.');
  let raw: RawFeature[];
  if (root.type === 'FeatureCollection') {
    if (!Array.isArray(root.features)) throw new FeatureFileError('geojson', 'The FeatureCollection has no features array.');
    raw = (root.features as unknown[]).map((feature) => {
      const { type, geometry, properties } = (typeof feature === 'object' && feature !== null ? feature : {}) as GeoJsonObject;
      return type === 'Feature' ? { geometry, properties: propertiesOf(properties) } : { geometry: undefined, properties: {}, problem: 'it is not a GeoJSON Feature' };
    });
  } else if (root.type === 'Feature') {
    raw = [{ geometry: root.geometry, properties: propertiesOf(root.properties) }];
  } else if (typeof root.type === 'string' && 'coordinates' in root) {
    raw = [{ geometry: root, properties: {} }];
  } else {
    throw new FeatureFileError('geojson', 'The file is JSON but not GeoJSON: no FeatureCollection, Feature or geometry.');
  }
  const named = root.crs?.properties?.name;
  const crs = resolveCrs(typeof named === 'string' ? named : 'EPSG:4326');
  const list = await collectFeatures(raw, crs, work);
  work.finish();
  return { format: 'geojson', crs: crs.code, features: list.features, fields: inferFields(list.features), problems: list.problems };
}

/** Features as an RFC 7946 FeatureCollection (outer rings anticlockwise); dates are written as ISO 8601 text. */
export async function writeGeoJson(features: readonly FileFeature[], options: WorkOptions): Promise<string> {
  const work = new Work(options);
  const out: unknown[] = [];
  for (let index = 0; index < features.length; index += 1) {
    await work.step(index, features.length);
    const { geometry, properties } = features[index] as FileFeature;
    out.push({ type: 'Feature', geometry: windRings(geometry, true), properties: Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, value instanceof Date ? value.toISOString() : value])) });
  }
  work.finish();
  return JSON.stringify({ type: 'FeatureCollection', features: out });
}
