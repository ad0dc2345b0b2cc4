import type { Position } from '../domain/geometry.js';

/**
 * Where a list of positions changed from `before` to `after`: the positions `[start, beforeEnd)`
 * of `before` became `[start, afterEnd)` of `after`; everything before `start` is the same and
 * everything after is the same, shifted by the difference of the lengths. A dragged vertex is a
 * span of one, an inserted one an empty span in `before`. Positions compare by value.
 */
export interface ChangedSpan {
  start: number;
  beforeEnd: number;
  afterEnd: number;
}

const same = (a: Position | undefined, b: Position | undefined) => a === b || (a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1]);

export function changedSpan(before: readonly Position[], after: readonly Position[]): ChangedSpan {
  const shortest = Math.min(before.length, after.length);
  let start = 0;
  while (start < shortest && same(before[start], after[start])) start += 1;
  let tail = 0;
  while (tail < shortest - start && same(before[before.length - 1 - tail], after[after.length - 1 - tail])) tail += 1;
  return { start, beforeEnd: before.length - tail, afterEnd: after.length - tail };
}

/**
 * The changed spans of a ring whose first and last positions are one vertex: moving that vertex
 * changes both ends, which one span would cover with the whole ring. Lists two spans then, else one.
 */
export function changedSpans(before: readonly Position[], after: readonly Position[]): ChangedSpan[] {
  const span = changedSpan(before, after);
  if (before.length !== after.length || span.start !== 0 || span.beforeEnd !== before.length || before.length < 3) return [span];
  const inner = changedSpan(before.slice(1, -1), after.slice(1, -1));
  // Only the two ends differ (or the ends and one short run inside).
  const spans: ChangedSpan[] = [{ start: 0, beforeEnd: 1, afterEnd: 1 }];
  if (inner.start < inner.beforeEnd) spans.push({ start: inner.start + 1, beforeEnd: inner.beforeEnd + 1, afterEnd: inner.afterEnd + 1 });
  spans.push({ start: before.length - 1, beforeEnd: before.length, afterEnd: after.length });
  return spans;
}
