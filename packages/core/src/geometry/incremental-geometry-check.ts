import type { Geometry, Position } from '../domain/geometry.js';
import { changedSpans, type ChangedSpan } from './changed-span.js';
import { hasEnoughPoints, type GeometryProblem } from './geometry-rules.js';

type Line = readonly Position[];

/** More changed segments than this and a full count is as quick. */
const MAX_CHANGED_SEGMENTS = 16;

/** The rings and lines of a geometry in the order `@turf/kinks` walks them. */
function linesOf(geometry: Geometry): Line[] {
  switch (geometry.type) {
    case 'Point':
    case 'MultiPoint':
      return [];
    case 'LineString':
      return [geometry.coordinates];
    case 'MultiLineString':
    case 'Polygon':
      return geometry.coordinates;
    case 'MultiPolygon':
      return geometry.coordinates.flat();
  }
}

const isClosed = (line: Line): boolean => {
  const first = line[0];
  const last = line[line.length - 1];
  return first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1];
};

/**
 * `@turf/kinks`' test of two segments, to the bit: parallel segments (collinear ones included)
 * never cross, a segment touching another one counts.
 */
function segmentsCross(a: Position, b: Position, c: Position, d: Position): boolean {
  const [x1 = NaN, y1 = NaN] = a;
  const [x2 = NaN, y2 = NaN] = b;
  const [x3 = NaN, y3 = NaN] = c;
  const [x4 = NaN, y4 = NaN] = d;
  const denominator = (y4 - y3) * (x2 - x1) - (x4 - x3) * (y2 - y1);
  if (denominator === 0) return false;
  const dy = y1 - y3;
  const dx = x1 - x3;
  const along1 = ((x4 - x3) * dy - (y4 - y3) * dx) / denominator;
  const along2 = ((x2 - x1) * dy - (y2 - y1) * dx) / denominator;
  return along1 >= 0 && along1 <= 1 && along2 >= 0 && along2 <= 1;
}

/** Whether kinks compares segments `i` and `k` of one line: not a segment with itself or its neighbours (the first and last of a closed line are neighbours). */
function comparedInLine(i: number, k: number, length: number, closed: boolean): boolean {
  if (i === k || Math.abs(i - k) === 1) return false;
  return !(closed && Math.min(i, k) === 0 && Math.max(i, k) === length - 2);
}

/** Every crossing pair of segments, as `@turf/kinks` finds them (each pair once). */
function countCrossings(lines: readonly Line[]): number {
  let count = 0;
  for (let l = 0; l < lines.length; l += 1) {
    const line = lines[l] as Line;
    const closed = isClosed(line);
    for (let m = l; m < lines.length; m += 1) {
      const other = lines[m] as Line;
      for (let i = 0; i < line.length - 1; i += 1) {
        const a = line[i] as Position;
        const b = line[i + 1] as Position;
        for (let k = m === l ? i + 2 : 0; k < other.length - 1; k += 1) {
          if (m === l && !comparedInLine(i, k, line.length, closed)) continue;
          if (segmentsCross(a, b, other[k] as Position, other[k + 1] as Position)) count += 1;
        }
      }
    }
  }
  return count;
}

/** A segment as (line, index) in one number, for a set of them. */
const segmentKey = (line: number, index: number) => line * 2 ** 26 + index;

/** The crossing pairs that have at least one segment in `segments` (each pair once). */
function crossingsWith(lines: readonly Line[], segments: ReadonlyArray<readonly [number, number]>): number {
  const marked = new Set(segments.map(([line, index]) => segmentKey(line, index)));
  let count = 0;
  for (const [l, i] of segments) {
    const line = lines[l] as Line;
    const a = line[i] as Position;
    const b = line[i + 1] as Position;
    const own = segmentKey(l, i);
    for (let m = 0; m < lines.length; m += 1) {
      const other = lines[m] as Line;
      const closed = m === l && isClosed(other);
      for (let k = 0; k < other.length - 1; k += 1) {
        if (m === l && !comparedInLine(i, k, other.length, closed)) continue;
        // A pair of two changed segments is counted from the first of them.
        const key = segmentKey(m, k);
        if (key < own && marked.has(key)) continue;
        if (segmentsCross(a, b, other[k] as Position, other[k + 1] as Position)) count += 1;
      }
    }
  }
  return count;
}

/**
 * `geometryProblem` (without `allowIntersection`) for a shape being edited, kept up to date at
 * the cost of the edges that changed since the previous call: a dragged vertex moves two edges,
 * so a step compares those two with the others (O(n)) instead of every pair (O(n²)). It counts
 * the crossing pairs of segments exactly as `@turf/kinks` finds them: the count of the shape
 * before, minus the pairs of the edges that left, plus those of the edges that came. The first
 * call, and any change of more than a few edges or of the number of rings, counts them all.
 */
export class IncrementalGeometryCheck {
  private lines: readonly Line[] | undefined;
  private crossings = 0;

  problem(geometry: Geometry): GeometryProblem | undefined {
    if (!hasEnoughPoints(geometry)) {
      this.lines = undefined;
      return 'too-few-points';
    }
    const lines = linesOf(geometry);
    this.crossings = this.lines ? this.recount(this.lines, lines) : countCrossings(lines);
    this.lines = lines;
    return this.crossings > 0 ? 'self-intersection' : undefined;
  }

  private recount(before: readonly Line[], after: readonly Line[]): number {
    if (before.length !== after.length) return countCrossings(after);
    const left: Array<[number, number]> = [];
    const came: Array<[number, number]> = [];
    for (let l = 0; l < after.length; l += 1) {
      const old = before[l] as Line;
      const line = after[l] as Line;
      if (old === line) continue;
      const spans = changedSpans(old, line);
      const gone = new Set<number>();
      const fresh = new Set<number>();
      for (const span of spans) {
        // A segment joins positions i and i + 1: it changed unless both are before the span or both after it.
        for (let i = Math.max(0, span.start - 1); i < Math.min(old.length - 1, span.beforeEnd); i += 1) gone.add(i);
        for (let i = Math.max(0, span.start - 1); i < Math.min(line.length - 1, span.afterEnd); i += 1) fresh.add(i);
      }
      // Which segments are first and last decides which pair kinks skips in a closed line, and
      // an unchanged segment can become the last one (a line's last point removed): the ends
      // are recounted on both sides, each with its counterpart.
      const last = spans[spans.length - 1] as ChangedSpan;
      const shift = line.length - old.length;
      for (const i of [0, old.length - 2]) {
        if (i >= 0 && !gone.has(i)) {
          gone.add(i);
          fresh.add(i >= last.beforeEnd ? i + shift : i);
        }
      }
      for (const i of [0, line.length - 2]) {
        if (i >= 0 && !fresh.has(i)) {
          fresh.add(i);
          gone.add(i >= last.afterEnd ? i - shift : i);
        }
      }
      for (const i of gone) left.push([l, i]);
      for (const i of fresh) came.push([l, i]);
      if (left.length > MAX_CHANGED_SEGMENTS || came.length > MAX_CHANGED_SEGMENTS) return countCrossings(after);
    }
    return this.crossings - crossingsWith(before, left) + crossingsWith(after, came);
  }
}
