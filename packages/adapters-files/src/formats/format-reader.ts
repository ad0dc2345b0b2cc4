import type { PropertyValue } from '@gportal/core';
import type { Work} from '../file-model/index.js';
import { FeatureList, mapPositions, windRings, type ImportedFile, type ReadFeatureFileOptions } from '../file-model/index.js';
import type { FileCrs } from '../crs/index.js';

/** One feature as a format's reader finds it: its geometry in the file's own system, not yet checked. */
export interface RawFeature {
  geometry: unknown;
  properties: Record<string, PropertyValue>;
  /** Why it cannot be read, when the reader already knows. */
  problem?: string;
}

/** What every format's reader is: bytes (and the caller's options) to an imported file. */
export type FormatReader = (bytes: Uint8Array, options: ReadFeatureFileOptions) => Promise<ImportedFile>;

/**
 * The readers' common last step: each feature's positions to lon/lat, its rings wound as RFC 7946
 * says, and its geometry checked, so a feature that cannot be taken is listed by index.
 */
export async function collectFeatures(raw: readonly RawFeature[], crs: FileCrs, work: Work): Promise<FeatureList> {
  const list = new FeatureList();
  // Reading the file is the first half of the work, checking and transforming its features the second.
  work.part(0.5, 1);
  for (let index = 0; index < raw.length; index += 1) {
    await work.step(index, raw.length);
    const feature = raw[index] as RawFeature;
    if (feature.problem !== undefined) {
      list.problem(index, feature.problem);
      continue;
    }
    const geometry = feature.geometry;
    if (geometry === null || geometry === undefined || !isShaped(geometry)) {
      list.add(index, geometry, feature.properties);
      continue;
    }
    try {
      const lonLat = crs.projected ? mapPositions(geometry as never, crs.toLonLat) : geometry;
      list.add(index, windRings(lonLat as never, true), feature.properties);
    } catch (error) {
      list.problem(index, `its positions cannot be transformed from ${crs.code}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return list;
}

/** Whether a value is nested deep enough to transform; a malformed one goes to the check as it is, which says why. */
function isShaped(geometry: unknown): boolean {
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  if (typeof type !== 'string' || !Array.isArray(coordinates)) return false;
  const depth = { Point: 0, MultiPoint: 1, LineString: 1, MultiLineString: 2, Polygon: 2, MultiPolygon: 3 }[type];
  if (depth === undefined) return false;
  let level: unknown = coordinates;
  for (let step = 0; step < depth; step += 1) {
    if (!Array.isArray(level)) return false;
    for (const part of level) if (!Array.isArray(part)) return false;
    level = level[0];
    if (level === undefined) return false;
  }
  return Array.isArray(level) && level.every((value) => typeof value === 'number');
}

/** A property value as files carry it: dates as ISO text, nested values as JSON. */
export function plainValue(value: unknown): PropertyValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return value;
  return JSON.stringify(value);
}
