import { expect } from 'vitest';
import type { MultiPolygon, Polygon, Position } from '../../src/index.js';
import { mergeGeometries, planarArea } from '../../src/index.js';

const polygonsOf = (geometry: Polygon | MultiPolygon): Position[][][] => (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates);
const key = (position: Position): string => `${position[0]},${position[1]}`;

/** The pieces cover the original exactly: areas add up (1e-9 relative, planar), none overlaps another, every vertex is kept. */
export function expectCover(original: Polygon | MultiPolygon, pieces: ReadonlyArray<Polygon | MultiPolygon>): void {
  const area = planarArea(original);
  const sum = pieces.reduce((total, piece) => total + planarArea(piece), 0);
  expect(pieces.length).toBeGreaterThanOrEqual(2);
  expect(Math.abs(sum - area) / area).toBeLessThanOrEqual(1e-9);
  // No two overlap: their union (by the polygon algebra, not by the split's own code) has the area they add up to.
  const union = mergeGeometries(pieces as Polygon[]) as Polygon | MultiPolygon;
  expect(Math.abs(planarArea(union) - sum) / sum).toBeLessThanOrEqual(1e-9);
  const kept = new Set(pieces.flatMap((piece) => polygonsOf(piece).flat(2).map(key)));
  for (const vertex of polygonsOf(original).flat(2)) expect(kept.has(key(vertex)), `vertex ${key(vertex)} kept`).toBe(true);
}
