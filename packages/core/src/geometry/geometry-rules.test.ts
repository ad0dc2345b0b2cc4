import { describe, expect, it } from 'vitest';
import type { Geometry, Position } from '../domain/geometry.js';
import { canRemoveVertex, geometryProblem, hasEnoughPoints, selfIntersects } from './geometry-rules.js';

const square: Position[] = [[118, 24], [118.1, 24], [118.1, 24.1], [118, 24.1], [118, 24]];
const bowtie: Position[] = [[118, 24], [118.1, 24.1], [118.1, 24], [118, 24.1], [118, 24]];
const triangle: Position[] = [[118, 24], [118.1, 24], [118.05, 24.1], [118, 24]];

describe('hasEnoughPoints', () => {
  it.each<[string, Geometry, boolean]>([
    ['a triangle', { type: 'Polygon', coordinates: [triangle] }, true],
    ['an unclosed triangle', { type: 'Polygon', coordinates: [triangle.slice(0, 3)] }, true],
    ['a ring of 2 points plus closing point', { type: 'Polygon', coordinates: [[[118, 24], [118.1, 24], [118, 24]]] }, false],
    ['a ring of 3 points with a repeated one', { type: 'Polygon', coordinates: [[[118, 24], [118.1, 24], [118.1, 24], [118, 24]]] }, false],
    ['a polygon with a degenerate hole', { type: 'Polygon', coordinates: [square, [[118.02, 24.02], [118.03, 24.02]]] }, false],
    ['a polygon without rings', { type: 'Polygon', coordinates: [] }, false],
    ['a multipolygon of two triangles', { type: 'MultiPolygon', coordinates: [[triangle], [square]] }, true],
    ['a multipolygon with one flat part', { type: 'MultiPolygon', coordinates: [[triangle], [[[118, 24], [118, 24]]]] }, false],
    ['a line of 2 points', { type: 'LineString', coordinates: [[118, 24], [118.1, 24]] }, true],
    ['a line of 1 point', { type: 'LineString', coordinates: [[118, 24]] }, false],
    ['a line of 2 equal points', { type: 'LineString', coordinates: [[118, 24], [118, 24]] }, false],
    ['a multiline with a 1-point part', { type: 'MultiLineString', coordinates: [[[118, 24], [118.1, 24]], [[118, 25]]] }, false],
    ['a point', { type: 'Point', coordinates: [118, 24] }, true],
    ['an empty multipoint', { type: 'MultiPoint', coordinates: [] }, false],
    ['a multipoint', { type: 'MultiPoint', coordinates: [[118, 24]] }, true],
  ])('%s → %s', (_name, geometry, expected) => {
    expect(hasEnoughPoints(geometry)).toBe(expected);
  });
});

describe('selfIntersects', () => {
  it.each<[string, Geometry, boolean]>([
    ['a square', { type: 'Polygon', coordinates: [square] }, false],
    ['a bow tie', { type: 'Polygon', coordinates: [bowtie] }, true],
    ['a hole crossing the outer ring', { type: 'Polygon', coordinates: [square, [[118.05, 24.05], [118.2, 24.05], [118.2, 24.06], [118.05, 24.05]]] }, true],
    ['a hole inside the outer ring', { type: 'Polygon', coordinates: [square, [[118.02, 24.02], [118.05, 24.02], [118.05, 24.05], [118.02, 24.02]]] }, false],
    ['a multipolygon with one bow tie', { type: 'MultiPolygon', coordinates: [[triangle], [bowtie]] }, true],
    ['a straight line', { type: 'LineString', coordinates: [[118, 24], [118.1, 24], [118.2, 24.1]] }, false],
    ['a line crossing itself', { type: 'LineString', coordinates: [[118, 24], [118.1, 24.1], [118.1, 24], [118, 24.1]] }, true],
    ['a multiline whose parts cross', { type: 'MultiLineString', coordinates: [[[118, 24], [118.1, 24.1]], [[118, 24.1], [118.1, 24]]] }, true],
    ['a point', { type: 'Point', coordinates: [118, 24] }, false],
    ['a multipoint', { type: 'MultiPoint', coordinates: [[118, 24], [118, 24]] }, false],
  ])('%s → %s', (_name, geometry, expected) => {
    expect(selfIntersects(geometry)).toBe(expected);
  });
});

describe('geometryProblem', () => {
  it('names the first broken rule', () => {
    expect(geometryProblem({ type: 'Polygon', coordinates: [square] })).toBeUndefined();
    expect(geometryProblem({ type: 'Polygon', coordinates: [bowtie] })).toBe('self-intersection');
    expect(geometryProblem({ type: 'Polygon', coordinates: [bowtie] }, { allowIntersection: true })).toBeUndefined();
    expect(geometryProblem({ type: 'LineString', coordinates: [[118, 24]] }, { allowIntersection: true })).toBe('too-few-points');
  });
});

describe('canRemoveVertex', () => {
  const line = (count: number): Position[] => Array.from({ length: count }, (_, index) => [118 + index * 0.01, 24 + (index % 2) * 0.01]);
  const ring = (count: number): Position[] => {
    const open = Array.from({ length: count }, (_, index) => {
      const angle = (2 * Math.PI * index) / count;
      return [118 + 0.1 * Math.cos(angle), 24 + 0.1 * Math.sin(angle)];
    });
    return [...open, open[0] as Position];
  };

  it.each<[string, 'polygon' | 'line', Position[], boolean]>([
    ['a ring of 5 vertices', 'polygon', ring(5), true],
    ['a ring of 4 vertices (5 with the closing point)', 'polygon', ring(4), true],
    ['a ring of 3 vertices (4 with the closing point)', 'polygon', ring(3), false],
    ['an unclosed ring of 4 vertices', 'polygon', ring(4).slice(0, -1), true],
    ['an unclosed ring of 3 vertices', 'polygon', ring(3).slice(0, -1), false],
    ['a line of 4 vertices', 'line', line(4), true],
    ['a line of 3 vertices', 'line', line(3), true],
    ['a line of 2 vertices', 'line', line(2), false],
    ['a closed line of 3 vertices (its last point counts)', 'line', [...line(2), line(1)[0] as Position], true],
  ])('%s: %s', (_name, kind, positions, expected) => {
    expect(canRemoveVertex(kind, positions)).toBe(expected);
  });
});
