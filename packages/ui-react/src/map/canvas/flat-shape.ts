import type { Geometry, Position } from '@gportal/core';

/**
 * A line or polygon feature flattened to its list of rings (or lines), every part's one after the
 * other, with its box: what the feature canvas simplifies for each zoom and indexes by its box.
 * The rings are the session's own position arrays, not a copy (a copy of a million positions
 * costs more at a layer's first render than reading them in place costs at each zoom). Points are
 * not flat shapes (the map shows them as markers).
 */
export interface FlatShape {
  readonly kind: 'polygon' | 'line';
  /** Every ring (or line), one after the other: lon/lat positions. */
  readonly rings: ReadonlyArray<readonly Position[]>;
  /** How many positions the rings hold together. */
  readonly positions: number;
  /** `[west, south, east, north]`. */
  readonly bbox: readonly [number, number, number, number];
}

/** A flat shape projected to pixels at one zoom and simplified for it. */
export interface ScreenShape {
  /** x, y, x, y … in the map's world pixels at that zoom. */
  readonly points: Float64Array;
  /** Where each ring (or line) starts, in points, then where the last one ends. */
  readonly rings: Uint32Array;
  /** `[minX, minY, maxX, maxY]`. */
  readonly bounds: readonly [number, number, number, number];
}

/** Writes the world pixel position of lon/lat into `into` (the map's projection at one zoom). */
export type Project = (lng: number, lat: number, into: { x: number; y: number }) => void;

/** The rings (or lines) of a geometry. */
function partsOf(geometry: Geometry): { kind: FlatShape['kind']; parts: ReadonlyArray<readonly Position[]> } | undefined {
  switch (geometry.type) {
    case 'Point':
    case 'MultiPoint':
      return undefined;
    case 'LineString':
      return { kind: 'line', parts: [geometry.coordinates] };
    case 'MultiLineString':
      return { kind: 'line', parts: geometry.coordinates };
    case 'Polygon':
      return { kind: 'polygon', parts: geometry.coordinates };
    case 'MultiPolygon':
      return { kind: 'polygon', parts: geometry.coordinates.flat() };
  }
}

/** The flat shape of a line or polygon geometry; `undefined` for points. */
export function flatShapeOf(geometry: Geometry): FlatShape | undefined {
  const found = partsOf(geometry);
  if (!found) return undefined;
  const { kind, parts } = found;
  let positions = 0;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let ring = 0; ring < parts.length; ring += 1) {
    const ringPositions = parts[ring] as readonly Position[];
    positions += ringPositions.length;
    for (let index = 0; index < ringPositions.length; index += 1) {
      const position = ringPositions[index] as Position;
      const lng = position[0] as number;
      const lat = position[1] as number;
      if (lng < west) west = lng;
      if (lng > east) east = lng;
      if (lat < south) south = lat;
      if (lat > north) north = lat;
    }
  }
  return { kind, rings: parts, positions, bbox: [west, south, east, north] };
}

const scratch = { x: 0, y: 0 };

/** Pixels per degree of longitude and of latitude across the shape's box (the local scale of the projection). */
function pixelsPerDegree(shape: FlatShape, project: Project): { x: number; y: number } {
  const [west, south, east, north] = shape.bbox;
  const width = east - west > 1e-9 ? east - west : 1e-6;
  const height = north - south > 1e-9 ? north - south : 1e-6;
  project(west, south, scratch);
  const x0 = scratch.x;
  const y0 = scratch.y;
  project(west + width, south, scratch);
  const x = Math.hypot(scratch.x - x0, scratch.y - y0) / width;
  project(west, south + height, scratch);
  const y = Math.hypot(scratch.x - x0, scratch.y - y0) / height;
  return { x, y };
}

/** Buffers that grow, reused by every call of `simplify` (one runs at a time). */
let buffer = new Float64Array(1 << 16);
let kept = new Uint8Array(1 << 15);
const stack: number[] = [];

/**
 * The shape projected to pixels and simplified for one zoom, as Leaflet simplifies its paths
 * (`L.LineUtil.simplify`): along each ring, positions closer than `tolerance` pixels to the last
 * one kept are dropped, then Douglas-Peucker drops those within `tolerance` of the line through
 * their neighbours (the first and last position of a ring are always kept). The first pass
 * measures in lon/lat scaled by the projection's local scale across the shape, so only the
 * positions it keeps are projected: at the zoom that shows a whole layer of a million positions,
 * about a tenth of them.
 */
export function simplify(shape: FlatShape, project: Project, tolerance: number): ScreenShape {
  const { rings } = shape;
  if (buffer.length < shape.positions * 2) buffer = new Float64Array(shape.positions * 2);
  const scale = pixelsPerDegree(shape, project);
  const limit = tolerance * tolerance;
  const out = buffer;
  const ringCount = rings.length;
  const outRings = new Uint32Array(ringCount + 1);
  let at = 0;
  for (let ring = 0; ring < ringCount; ring += 1) {
    const positions = rings[ring] as readonly Position[];
    const end = positions.length;
    const first = at;
    outRings[ring] = at / 2;
    let keptLng = NaN;
    let keptLat = NaN;
    for (let index = 0; index < end; index += 1) {
      const position = positions[index] as Position;
      const lng = position[0] as number;
      const lat = position[1] as number;
      if (index !== 0 && index !== end - 1) {
        const dx = (lng - keptLng) * scale.x;
        const dy = (lat - keptLat) * scale.y;
        if (dx * dx + dy * dy < limit) continue;
      }
      keptLng = lng;
      keptLat = lat;
      project(lng, lat, scratch);
      out[at++] = scratch.x;
      out[at++] = scratch.y;
    }
    at = first + douglasPeucker(out, first, at, limit);
  }
  outRings[ringCount] = at / 2;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let index = 0; index < at; index += 2) {
    const x = out[index] as number;
    const y = out[index + 1] as number;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { points: out.slice(0, at), rings: outRings, bounds: [minX, minY, maxX, maxY] };
}

/**
 * Douglas-Peucker on the points of `values` from `start` to `end` (x, y pairs) with a squared
 * tolerance, compacting the kept ones in place; returns how many values are kept.
 */
function douglasPeucker(values: Float64Array, start: number, end: number, limit: number): number {
  const count = (end - start) / 2;
  if (count <= 2) return end - start;
  if (kept.length < count) kept = new Uint8Array(count);
  kept.fill(0, 0, count);
  kept[0] = 1;
  kept[count - 1] = 1;
  stack.push(0, count - 1);
  while (stack.length > 0) {
    const last = stack.pop() as number;
    const first = stack.pop() as number;
    const ax = values[start + first * 2] as number;
    const ay = values[start + first * 2 + 1] as number;
    const bx = values[start + last * 2] as number;
    const by = values[start + last * 2 + 1] as number;
    let farthest = 0;
    let index = 0;
    for (let point = first + 1; point < last; point += 1) {
      const distance = segmentDistanceSquared(values[start + point * 2] as number, values[start + point * 2 + 1] as number, ax, ay, bx, by);
      if (distance > farthest) {
        farthest = distance;
        index = point;
      }
    }
    if (farthest > limit) {
      kept[index] = 1;
      stack.push(first, index, index, last);
    }
  }
  let to = start;
  for (let point = 0; point < count; point += 1) {
    if (!kept[point]) continue;
    values[to++] = values[start + point * 2] as number;
    values[to++] = values[start + point * 2 + 1] as number;
  }
  return to - start;
}

/** Squared distance from (x, y) to the segment (ax, ay)–(bx, by). */
function segmentDistanceSquared(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / length));
  const ex = ax + t * dx - x;
  const ey = ay + t * dy - y;
  return ex * ex + ey * ey;
}

/**
 * Whether a pixel position hits the drawn shape: inside a polygon (even-odd, so a hole is not
 * inside), or within `tolerance` pixels of its outline or of a line.
 */
export function shapeHit(kind: FlatShape['kind'], screen: ScreenShape, x: number, y: number, tolerance: number): boolean {
  const [minX, minY, maxX, maxY] = screen.bounds;
  if (x < minX - tolerance || x > maxX + tolerance || y < minY - tolerance || y > maxY + tolerance) return false;
  const { points, rings } = screen;
  const limit = tolerance * tolerance;
  let inside = false;
  for (let ring = 0; ring < rings.length - 1; ring += 1) {
    const start = (rings[ring] as number) * 2;
    const end = (rings[ring + 1] as number) * 2;
    if (end === start) continue;
    // A polygon ring is closed by its last edge back to the first point.
    let previous = kind === 'polygon' ? end - 2 : start;
    for (let at = kind === 'polygon' ? start : start + 2; at < end; at += 2) {
      const ax = points[previous] as number;
      const ay = points[previous + 1] as number;
      const bx = points[at] as number;
      const by = points[at + 1] as number;
      if (segmentDistanceSquared(x, y, ax, ay, bx, by) <= limit) return true;
      if (kind === 'polygon' && ay > y !== by > y && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) inside = !inside;
      previous = at;
    }
    if (end - start === 2 && segmentDistanceSquared(x, y, points[start] as number, points[start + 1] as number, points[start] as number, points[start + 1] as number) <= limit) return true;
  }
  return inside;
}
