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
 * never cross, a segment touching another one counts. Plain numbers: it runs for every pair.
 */
function segmentsCross(x1: number, y1: number, x2: number, y2: number, x3: number, y3: number, x4: number, y4: number): boolean {
  const denominator = (y4 - y3) * (x2 - x1) - (x4 - x3) * (y2 - y1);
  if (denominator === 0) return false;
  const dy = y1 - y3;
  const dx = x1 - x3;
  const along1 = ((x4 - x3) * dy - (y4 - y3) * dx) / denominator;
  const along2 = ((x2 - x1) * dy - (y2 - y1) * dx) / denominator;
  return along1 >= 0 && along1 <= 1 && along2 >= 0 && along2 <= 1;
}

const xOf = (position: Position | undefined): number => (position?.[0] as number | undefined) ?? NaN;
const yOf = (position: Position | undefined): number => (position?.[1] as number | undefined) ?? NaN;

/** How many segments of `line` (skipping those `skip` refuses) cross the segment (x1, y1)–(x2, y2). */
function crossingsAlong(line: Line, x1: number, y1: number, x2: number, y2: number, skip: (k: number) => boolean, from = 0): number {
  let count = 0;
  let x3 = xOf(line[from]);
  let y3 = yOf(line[from]);
  for (let k = from; k < line.length - 1; k += 1) {
    const next = line[k + 1];
    const x4 = xOf(next);
    const y4 = yOf(next);
    if (!skip(k) && segmentsCross(x1, y1, x2, y2, x3, y3, x4, y4)) count += 1;
    x3 = x4;
    y3 = y4;
  }
  return count;
}

const NEVER = () => false;

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
    for (let i = 0; i < line.length - 1; i += 1) {
      const [x1, y1, x2, y2] = [xOf(line[i]), yOf(line[i]), xOf(line[i + 1]), yOf(line[i + 1])];
      count += crossingsAlong(line, x1, y1, x2, y2, (k) => !comparedInLine(i, k, line.length, closed), i + 2);
      for (let m = l + 1; m < lines.length; m += 1) count += crossingsAlong(lines[m] as Line, x1, y1, x2, y2, NEVER);
    }
  }
  return count;
}

/** The crossing pairs that have at least one segment in `segments` (each pair once). */
function crossingsWith(lines: readonly Line[], segments: ReadonlyArray<readonly [number, number]>): number {
  let count = 0;
  let within = 0;
  for (const [l, i] of segments) {
    const line = lines[l] as Line;
    const [x1, y1, x2, y2] = [xOf(line[i]), yOf(line[i]), xOf(line[i + 1]), yOf(line[i + 1])];
    lines.forEach((other, m) => {
      const closed = m === l && isClosed(other);
      count += crossingsAlong(other, x1, y1, x2, y2, m === l ? (k) => !comparedInLine(i, k, other.length, closed) : NEVER);
    });
    // Pairs of two listed segments were counted from both: count them once.
    for (const [m, k] of segments) {
      if (m < l || (m === l && k <= i)) continue;
      const other = lines[m] as Line;
      if (m === l && !comparedInLine(i, k, other.length, isClosed(other))) continue;
      if (segmentsCross(x1, y1, x2, y2, xOf(other[k]), yOf(other[k]), xOf(other[k + 1]), yOf(other[k + 1]))) within += 1;
    }
  }
  return count - within;
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

  /** What is wrong with the shape now (as {@link geometryProblem}), or `undefined` when it may be kept. */
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
