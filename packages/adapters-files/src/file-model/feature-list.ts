import { geoJsonGeometryProblem, type Geometry, type PropertyValue } from '@gportal/core';
import type { FileFeature, FileProblem } from './file-types.js';

/**
 * The features of a file as a reader finds them, and the problems of those it cannot take: a
 * geometry that is not a valid GeoJSON geometry (an unclosed ring, a non-finite position) is
 * listed with its index, never dropped silently.
 */
export class FeatureList {
  readonly features: FileFeature[] = [];
  readonly problems: FileProblem[] = [];

  /** Takes feature `index` when its geometry is valid, else lists why not. */
  add(index: number, geometry: unknown, properties: Record<string, PropertyValue>): void {
    if (geometry === null || geometry === undefined) {
      this.problem(index, 'it has no geometry');
      return;
    }
    const problem = geoJsonGeometryProblem(geometry);
    if (problem !== undefined) this.problem(index, `its geometry is invalid: ${problem}`);
    else this.features.push({ geometry: geometry as Geometry, properties });
  }

  /** Lists feature `index` as unreadable. */
  problem(index: number, reason: string): void {
    this.problems.push({ index, reason });
  }
}
