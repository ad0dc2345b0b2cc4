import { describe, expect, it } from 'vitest';
import type { Geometry, Position } from '../domain/geometry.js';
import { geometryProblem } from './geometry-rules.js';
import { IncrementalGeometryCheck } from './incremental-geometry-check.js';
import { seededRandom as random } from '../../test/seeded-random.js';

type Rings = Position[][];

/** Positions on a coarse grid give many touching, collinear and overlapping edges; fine ones, general positions. */
const position = (next: () => number, grid: boolean): Position =>
  grid ? [118 + Math.floor(next() * 6) * 0.1, 24 + Math.floor(next() * 6) * 0.1] : [118 + next(), 24 + next()];

const close = (ring: Position[]): Position[] => [...ring, [...(ring[0] as Position)]];
const open = (ring: Position[]): Position[] => ring.slice(0, -1);

function geometryOf(kind: 'polygon' | 'line', rings: Rings): Geometry {
  return kind === 'polygon'
    ? { type: 'MultiPolygon', coordinates: [rings.slice(0, 2), rings.slice(2)].filter((polygon) => polygon.length > 0).map((polygon) => polygon.map(close)) }
    : { type: 'MultiLineString', coordinates: rings };
}

/** One edit step as the vertex editor makes them: a dragged vertex (most), an inserted or a removed one. */
function edit(next: () => number, rings: Rings, grid: boolean): Rings {
  const copy = rings.map((ring) => [...ring]);
  const ring = copy[Math.floor(next() * copy.length)] as Position[];
  const index = Math.floor(next() * ring.length);
  const action = next();
  if (action < 0.7) ring[index] = position(next, grid);
  else if (action < 0.85) ring.splice(index, 0, position(next, grid));
  else if (ring.length > 3) ring.splice(index, 1);
  return copy;
}

describe('IncrementalGeometryCheck', () => {
  it.each([
    ['polygons on a grid (touching, collinear, overlapping edges)', 'polygon', true],
    ['polygons in general position', 'polygon', false],
    ['lines on a grid', 'line', true],
    ['lines in general position', 'line', false],
  ] as const)('reports what geometryProblem reports after every step: %s', (_name, kind, grid) => {
    const next = random(grid ? 7 : 11);
    const seen = { crossing: 0, clear: 0 };
    for (let shape = 0; shape < 40; shape += 1) {
      let rings: Rings = Array.from({ length: 1 + Math.floor(next() * 3) }, () => Array.from({ length: 3 + Math.floor(next() * 6) }, () => position(next, grid)));
      const check = new IncrementalGeometryCheck();
      for (let step = 0; step < 30; step += 1) {
        const geometry = geometryOf(kind, rings);
        const expected = geometryProblem(geometry);
        expect(check.problem(geometry)).toBe(expected);
        if (expected === 'self-intersection') seen.crossing += 1;
        else seen.clear += 1;
        rings = edit(next, rings, grid);
      }
    }
    // Both answers came up often, so the comparison could fail either way.
    expect(seen.crossing).toBeGreaterThan(100);
    expect(seen.clear).toBeGreaterThan(50);
  });

  const square: Position[] = [[0, 0], [2, 0], [2, 2], [0, 2]];
  it.each<[string, Position[], Position[]]>([
    ['a vertex dragged onto an edge (touching)', square, [[0, 0], [2, 0], [1, 0], [0, 2]]],
    ['a vertex dragged onto another vertex', square, [[0, 0], [2, 0], [2, 2], [2, 0]]],
    ['the first vertex dragged across (both ends of the ring move)', square, [[3, 3], [2, 0], [2, 2], [0, 2]]],
    ['a vertex dragged along its own line (collinear, overlapping)', [[0, 0], [1, 0], [2, 0], [2, 1]], [[0, 0], [1, 0], [3, 0], [2, 1]]],
    ['a vertex dragged back out of a crossing', [[0, 0], [2, 2], [2, 0], [0, 2]], square],
  ])('%s', (_name, before, after) => {
    const check = new IncrementalGeometryCheck();
    for (const ring of [before, after, before]) {
      const polygon: Geometry = { type: 'Polygon', coordinates: [close(ring)] };
      expect(check.problem(polygon)).toBe(geometryProblem(polygon));
      const line: Geometry = { type: 'LineString', coordinates: ring };
      const lineCheck = new IncrementalGeometryCheck();
      expect(lineCheck.problem(line)).toBe(geometryProblem(line));
    }
  });

  it('follows a hole dragged across its outer ring and back, and a ring that loses its points', () => {
    const check = new IncrementalGeometryCheck();
    const hole: Position[] = [[0.5, 0.5], [1, 0.5], [1, 1]];
    const shapes: Geometry[] = [
      { type: 'Polygon', coordinates: [close(square), close(hole)] },
      { type: 'Polygon', coordinates: [close(square), close([[0.5, 0.5], [3, 0.5], [1, 1]])] },
      { type: 'Polygon', coordinates: [close(square), close(hole)] },
      { type: 'Polygon', coordinates: [close(square), close(open(close(hole)).slice(0, 2))] },
      { type: 'Polygon', coordinates: [close(square)] },
    ];
    expect(shapes.map((shape) => check.problem(shape))).toEqual(shapes.map((shape) => geometryProblem(shape)));
    expect(shapes.map((shape) => geometryProblem(shape) ?? 'ok')).toEqual(['ok', 'self-intersection', 'ok', 'too-few-points', 'ok']);
  });
});
