import type { Geometry, Position } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { flatShapeOf, shapeHit, simplify, type FlatShape, type Project } from './flat-shape';

/** 100 pixels per degree, north up: a projection simple enough to check by hand. */
const project: Project = (lng, lat, into) => {
  into.x = lng * 100;
  into.y = -lat * 100;
};

/** A square ring, anticlockwise when `anticlockwise`, closed. */
function square(west: number, south: number, size: number, anticlockwise: boolean): Position[] {
  const ring: Position[] = [
    [west, south],
    [west + size, south],
    [west + size, south + size],
    [west, south + size],
  ];
  if (!anticlockwise) ring.reverse();
  return [...ring, ring[0] as Position];
}

const withHole: Geometry = { type: 'Polygon', coordinates: [square(0, 0, 1, false), square(0.25, 0.25, 0.5, false)] };

describe('flatShapeOf', () => {
  it('lists a polygon with a hole as its rings (the arrays of the geometry itself), with its position count and box', () => {
    const shape = flatShapeOf(withHole) as FlatShape;
    expect(shape.kind).toBe('polygon');
    expect(shape.rings).toHaveLength(2);
    expect(shape.rings[0]).toBe((withHole as { coordinates: Position[][] }).coordinates[0]);
    expect(shape.rings[0]?.slice(0, 2)).toEqual([
      [0, 1],
      [1, 1],
    ]);
    expect(shape.positions).toBe(10);
    expect(shape.bbox).toEqual([0, 0, 1, 1]);
  });

  it('lays out the rings of every part of a multipolygon, and lines', () => {
    const multi = flatShapeOf({ type: 'MultiPolygon', coordinates: [[square(0, 0, 1, true), square(0.2, 0.2, 0.2, true)], [square(2, 0, 1, false)]] }) as FlatShape;
    expect(multi.rings.map((ring) => ring.length)).toEqual([5, 5, 5]);
    expect(multi.rings[2]?.[0]).toEqual([2, 1]);
    expect(multi.positions).toBe(15);
    expect(multi.bbox).toEqual([0, 0, 3, 1]);
    const lines = flatShapeOf({ type: 'MultiLineString', coordinates: [[[0, 0], [1, 1]], [[2, 2], [3, 2], [3, 3]]] }) as FlatShape;
    expect(lines.kind).toBe('line');
    expect(lines.rings.map((line) => line.length)).toEqual([2, 3]);
    expect(lines.positions).toBe(5);
    expect(lines.bbox).toEqual([0, 0, 3, 3]);
  });

  it('leaves points to the markers', () => {
    expect(flatShapeOf({ type: 'Point', coordinates: [1, 2] })).toBeUndefined();
    expect(flatShapeOf({ type: 'MultiPoint', coordinates: [[1, 2]] })).toBeUndefined();
  });
});

describe('simplify', () => {
  it('projects every position kept, ring by ring', () => {
    const screen = simplify(flatShapeOf(withHole) as FlatShape, project, 1);
    expect([...screen.rings]).toEqual([0, 5, 10]);
    expect([...screen.points.slice(0, 4)]).toEqual([0, -100, 100, -100]);
    expect(screen.bounds).toEqual([0, -100, 100, -0]);
  });

  it('drops positions closer than the tolerance and those on a straight line, keeping both ends', () => {
    // 0.001° apart = 0.1 px: all but the ends go; a straight line keeps only its ends.
    const dense: Position[] = Array.from({ length: 101 }, (_, index) => [index * 0.001, 0]);
    const line = simplify(flatShapeOf({ type: 'LineString', coordinates: dense }) as FlatShape, project, 1);
    expect([...line.points]).toEqual([0, -0, 10, -0]);
    // A corner 5 px off the straight line stays.
    const bent = simplify(flatShapeOf({ type: 'LineString', coordinates: [[0, 0], [0.5, 0.05], [1, 0]] }) as FlatShape, project, 1);
    expect(bent.points.length).toBe(6);
    const flat = simplify(flatShapeOf({ type: 'LineString', coordinates: [[0, 0], [0.5, 0.005], [1, 0]] }) as FlatShape, project, 1);
    expect(flat.points.length).toBe(4);
  });

  it('keeps every position once a zoom spreads them further apart than the tolerance', () => {
    const zoomedIn: Project = (lng, lat, into) => {
      into.x = lng * 100_000;
      into.y = -lat * 100_000;
    };
    const zigzag: Position[] = Array.from({ length: 50 }, (_, index) => [index * 0.001, (index % 2) * 0.001]);
    expect(simplify(flatShapeOf({ type: 'LineString', coordinates: zigzag }) as FlatShape, zoomedIn, 1).points.length).toBe(100);
    expect(simplify(flatShapeOf({ type: 'LineString', coordinates: zigzag }) as FlatShape, project, 1).points.length).toBeLessThan(10);
  });
});

describe('shapeHit', () => {
  const polygon = simplify(flatShapeOf(withHole) as FlatShape, project, 1);
  const line = simplify(flatShapeOf({ type: 'LineString', coordinates: [[0, 0], [1, 0]] }) as FlatShape, project, 1);

  it('hits inside a polygon, not inside its hole, and near its outline', () => {
    expect(shapeHit('polygon', polygon, 10, -10, 3)).toBe(true);
    expect(shapeHit('polygon', polygon, 50, -50, 3)).toBe(false);
    // 2 px outside the outer ring, and 2 px inside the hole from its edge.
    expect(shapeHit('polygon', polygon, -2, -50, 3)).toBe(true);
    expect(shapeHit('polygon', polygon, 27, -50, 3)).toBe(true);
    expect(shapeHit('polygon', polygon, -5, -50, 3)).toBe(false);
    expect(shapeHit('polygon', polygon, 150, -50, 3)).toBe(false);
  });

  it('hits a line within the tolerance only', () => {
    expect(shapeHit('line', line, 50, 3, 3.5)).toBe(true);
    expect(shapeHit('line', line, 50, 5, 3.5)).toBe(false);
    expect(shapeHit('line', line, 103, 0, 3.5)).toBe(true);
    // A line is not a ring: the point between its ends is no hit far from it.
    expect(shapeHit('line', simplify(flatShapeOf({ type: 'LineString', coordinates: [[0, 0], [1, 0], [1, 1]] }) as FlatShape, project, 1), 50, -50, 3)).toBe(false);
  });
});
