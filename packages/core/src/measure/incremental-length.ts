import geographiclib from 'geographiclib-geodesic';
import type { Position } from '../domain/geometry.js';
import { changedSpan } from '../geometry/changed-span.js';
import type { LengthGeometry } from './geodesic-measure.js';

const { Geodesic } = geographiclib;
const WGS84 = Geodesic.WGS84;

function edgeLength([lng1 = NaN, lat1 = NaN]: Position, [lng2 = NaN, lat2 = NaN]: Position): number {
  return WGS84.Inverse(lat1, lng1, lat2, lng2, Geodesic.DISTANCE).s12 ?? 0;
}

interface LineEdges {
  positions: readonly Position[];
  /** Edge i joins positions i and i + 1. */
  lengths: number[];
}

function lengthsOf(positions: readonly Position[], before?: LineEdges): number[] {
  const lengths: number[] = [];
  const span = before ? changedSpan(before.positions, positions) : undefined;
  const shift = before ? before.positions.length - positions.length : 0;
  for (let index = 0; index + 1 < positions.length; index += 1) {
    // Kept when both ends are before the changed span or both after it.
    const kept = before && span ? (index + 1 < span.start ? before.lengths[index] : index >= span.afterEnd ? before.lengths[index + shift] : undefined) : undefined;
    lengths.push(kept ?? edgeLength(positions[index] as Position, positions[index + 1] as Position));
  }
  return lengths;
}

/**
 * `geodesicLength` for a line being edited, recomputing only the edges that changed since the
 * previous call (the same sums in the same order, so the same result to the bit).
 */
export class IncrementalLength {
  private lines: LineEdges[] = [];

  /** The geodesic length of the line in metres, equal to {@link geodesicLength} of it. */
  length(geometry: LengthGeometry): number {
    const lines = geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates;
    const before = this.lines.length === lines.length ? this.lines : [];
    this.lines = lines.map((positions, index) => ({ positions, lengths: lengthsOf(positions, before[index]) }));
    return this.lines.reduce((total, { lengths }) => {
      let length = 0;
      for (const edge of lengths) length += edge;
      return total + length;
    }, 0);
  }
}
