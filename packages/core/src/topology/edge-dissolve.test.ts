import { describe, expect, it } from 'vitest';
import type { Polygon, Position } from '../domain/geometry.js';
import { dissolveSharedEdges } from './edge-dissolve.js';

/** An axis-aligned square ring, counter-clockwise, from its lower-left corner. */
const square = (x: number, y: number, size = 1): Position[] => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];
const polygon = (...rings: Position[][]): Polygon => ({ type: 'Polygon', coordinates: rings });

describe('dissolveSharedEdges: the exact union of a mosaic, or nothing', () => {
  it('drops the edge two squares share and walks what is left', () => {
    expect(dissolveSharedEdges([polygon(square(0, 0)), polygon(square(1, 0))])).toEqual([
      [
        [
          [0, 0],
          [1, 0],
          [2, 0],
          [2, 1],
          [1, 1],
          [0, 1],
          [0, 0],
        ],
      ],
    ]);
  });

  it('takes a clockwise outer ring as the same polygon', () => {
    const [result] = dissolveSharedEdges([polygon([...square(0, 0)].reverse()), polygon(square(1, 0))]) ?? [];
    expect(result?.[0]).toHaveLength(7);
  });

  it('leaves the hole eight squares make around a missing ninth', () => {
    const ring = [0, 1, 2].flatMap((x) => [0, 1, 2].map((y) => [x, y] as const)).filter(([x, y]) => x !== 1 || y !== 1);
    const result = dissolveSharedEdges(ring.map(([x, y]) => polygon(square(x, y))));
    expect(result).toHaveLength(1);
    const [shell, hole] = result?.[0] ?? [];
    expect(shell).toHaveLength(13);
    expect(hole).toHaveLength(5);
    expect(new Set(hole?.map(([x, y]) => `${x} ${y}`))).toEqual(new Set(['1 1', '2 1', '2 2', '1 2']));
  });

  it('answers nothing where a vertex of one lies on the other’s edge (no matching vertices)', () => {
    const withMidpoint: Position[] = [[1, 0], [2, 0], [2, 1], [1, 1], [1, 0.5], [1, 0]];
    expect(dissolveSharedEdges([polygon(square(0, 0)), polygon(withMidpoint)])).toBeUndefined();
  });

  it('answers nothing for squares that overlap, touch at an edge partway, or nest', () => {
    expect(dissolveSharedEdges([polygon(square(0, 0)), polygon(square(0.5, 0.5))])).toBeUndefined();
    expect(dissolveSharedEdges([polygon(square(0, 0)), polygon(square(1, 0.5))])).toBeUndefined();
    expect(dissolveSharedEdges([polygon(square(0, 0, 4)), polygon(square(1, 1))])).toBeUndefined();
  });

  it('answers nothing for the same polygon twice (an edge shared the same way round)', () => {
    expect(dissolveSharedEdges([polygon(square(0, 0)), polygon(square(0, 0))])).toBeUndefined();
  });

  it('answers nothing where one polygon meets itself along an edge', () => {
    // A hole whose edge lies on the outer ring's edge: the polygon's own twin edges.
    expect(dissolveSharedEdges([polygon(square(0, 0, 4), [[0, 1], [0, 2], [1, 2], [1, 1], [0, 1]])])).toBeUndefined();
  });

  it('keeps disjoint polygons apart', () => {
    expect(dissolveSharedEdges([polygon(square(0, 0)), polygon(square(3, 0))])).toHaveLength(2);
  });
});
