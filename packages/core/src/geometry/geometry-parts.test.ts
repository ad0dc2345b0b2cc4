import { describe, expect, it } from 'vitest';
import type { MultiLineString, MultiPoint, MultiPolygon, Polygon, Position } from '../domain/geometry.js';
import { geodesicArea } from '../measure/geodesic-measure.js';
import { addHole, addPart, partCount, polygonPartAt, removePart } from './geometry-parts.js';

const box = (x: number, y: number, size: number): Position[] => [[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]];
const outer = box(118, 24, 0.1);
const polygon: Polygon = { type: 'Polygon', coordinates: [outer] };
const twoParts: MultiPolygon = { type: 'MultiPolygon', coordinates: [[outer], [box(118.2, 24, 0.1)]] };

describe('addHole', () => {
  it('appends a closed hole to the polygon that holds it, and the area drops by the hole', () => {
    const result = addHole(polygon, box(118.02, 24.02, 0.02).slice(0, -1));
    expect(result).toEqual({ ok: true, geometry: { type: 'Polygon', coordinates: [outer, box(118.02, 24.02, 0.02)] } });
    if (!result.ok) return;
    const hole = geodesicArea({ type: 'Polygon', coordinates: [box(118.02, 24.02, 0.02)] });
    expect(geodesicArea(result.geometry)).toBeCloseTo(geodesicArea(polygon) - hole, 3);
  });

  it('cuts into the multipolygon part that holds the hole, leaving the others', () => {
    const result = addHole(twoParts, box(118.22, 24.02, 0.02));
    expect(result.ok && result.geometry.coordinates.map((rings) => rings.length)).toEqual([1, 2]);
  });

  it.each<[string, Position[]]>([
    ['crosses its ring', box(118.05, 24.05, 0.1)],
    ['lies outside the polygon', box(119, 25, 0.02)],
    ['holds the whole polygon', box(117.9, 23.9, 0.3)],
  ])('refuses a hole that %s as crossing edges', (_, ring) => {
    expect(addHole(polygon, ring)).toEqual({ ok: false, problem: 'self-intersection' });
  });

  it('refuses a hole crossing, inside or around another hole', () => {
    const holed = addHole(polygon, box(118.02, 24.02, 0.04));
    if (!holed.ok) throw new Error('setup');
    expect(addHole(holed.geometry, box(118.05, 24.05, 0.02))).toEqual({ ok: false, problem: 'self-intersection' });
    expect(addHole(holed.geometry, box(118.03, 24.03, 0.01))).toEqual({ ok: false, problem: 'self-intersection' });
    expect(addHole(holed.geometry, box(118.01, 24.01, 0.07))).toEqual({ ok: false, problem: 'self-intersection' });
    expect(addHole(holed.geometry, box(118.07, 24.07, 0.02)).ok).toBe(true);
  });

  it('refuses a concave ring whose vertices are inside but an edge leaves the polygon', () => {
    const notch: Polygon = { type: 'Polygon', coordinates: [[[0, 0], [4, 0], [4, 4], [2, 1], [0, 4], [0, 0]]] };
    expect(addHole(notch, [[1, 2], [3, 2], [3, 2.5], [1, 2.5]])).toEqual({ ok: false, problem: 'self-intersection' });
  });

  it('refuses a hole of fewer than 3 distinct points', () => {
    expect(addHole(polygon, [[118.02, 24.02], [118.03, 24.03]])).toEqual({ ok: false, problem: 'too-few-points' });
  });
});

describe('addPart', () => {
  it('adds a closed polygon part beside the others', () => {
    expect(addPart(twoParts, box(118.4, 24, 0.1).slice(0, -1))).toEqual({ ok: true, geometry: { type: 'MultiPolygon', coordinates: [...twoParts.coordinates, [box(118.4, 24, 0.1)]] } });
  });

  it.each<[string, Position[]]>([
    ['crosses a part', box(118.05, 24.05, 0.1)],
    ['lies inside a part', box(118.02, 24.02, 0.02)],
    ['holds a part', box(117.9, 23.9, 0.3)],
  ])('refuses a polygon part that %s', (_, ring) => {
    expect(addPart(twoParts, ring)).toEqual({ ok: false, problem: 'self-intersection' });
  });

  it('adds a line part, and refuses one crossing a line', () => {
    const lines: MultiLineString = { type: 'MultiLineString', coordinates: [[[0, 0], [1, 1]]] };
    expect(addPart(lines, [[2, 0], [3, 1]])).toEqual({ ok: true, geometry: { type: 'MultiLineString', coordinates: [[[0, 0], [1, 1]], [[2, 0], [3, 1]]] } });
    expect(addPart(lines, [[0, 1], [1, 0]])).toEqual({ ok: false, problem: 'self-intersection' });
  });
});

describe('removePart and polygonPartAt', () => {
  const holed: MultiPolygon = { type: 'MultiPolygon', coordinates: [[outer, box(118.02, 24.02, 0.02)], [box(118.2, 24, 0.1)]] };

  it('finds the hole before its polygon, the other part, and nothing outside', () => {
    expect(polygonPartAt(holed, [118.03, 24.03])).toEqual({ part: 0, ring: 1 });
    expect(polygonPartAt(holed, [118.08, 24.08])).toEqual({ part: 0, ring: 0 });
    expect(polygonPartAt(holed, [118.25, 24.05])).toEqual({ part: 1, ring: 0 });
    expect(polygonPartAt(holed, [119, 25])).toBeUndefined();
  });

  it('removes a hole, then a part, and keeps the last part', () => {
    const noHole = removePart(holed, { part: 0, ring: 1 });
    expect(noHole).toEqual({ ok: true, geometry: { type: 'MultiPolygon', coordinates: [[outer], [box(118.2, 24, 0.1)]] } });
    if (!noHole.ok) return;
    const one = removePart(noHole.geometry, { part: 0, ring: 0 });
    expect(one).toEqual({ ok: true, geometry: { type: 'MultiPolygon', coordinates: [[box(118.2, 24, 0.1)]] } });
    if (!one.ok) return;
    expect(partCount(one.geometry)).toBe(1);
    expect(removePart(one.geometry, { part: 0, ring: 0 })).toEqual({ ok: false, problem: 'last-part' });
  });

  it('removes a hole of a polygon but never its outer ring, and keeps the last line', () => {
    const holedPolygon: Polygon = { type: 'Polygon', coordinates: [outer, box(118.02, 24.02, 0.02)] };
    expect(removePart(holedPolygon, { part: 0, ring: 1 })).toEqual({ ok: true, geometry: polygon });
    expect(removePart(polygon, { part: 0, ring: 0 })).toEqual({ ok: false, problem: 'last-part' });
    const lines: MultiLineString = { type: 'MultiLineString', coordinates: [[[0, 0], [1, 1]], [[2, 0], [3, 1]]] };
    expect(removePart(lines, { part: 0, ring: 0 })).toEqual({ ok: true, geometry: { type: 'MultiLineString', coordinates: [[[2, 0], [3, 1]]] } });
    expect(removePart({ type: 'MultiLineString', coordinates: [[[2, 0], [3, 1]]] }, { part: 0, ring: 0 })).toEqual({ ok: false, problem: 'last-part' });
  });
});

describe('points of a multipoint', () => {
  const points: MultiPoint = { type: 'MultiPoint', coordinates: [[118, 24]] };

  it('adds each drawn point as a part and refuses an empty drawing', () => {
    expect(addPart(points, [[118.5, 24.5]])).toEqual({ ok: true, geometry: { type: 'MultiPoint', coordinates: [[118, 24], [118.5, 24.5]] } });
    expect(addPart(points, [])).toEqual({ ok: false, problem: 'too-few-points' });
    expect(points.coordinates).toEqual([[118, 24]]);
  });

  it('removes the point asked for and keeps the last one', () => {
    const three: MultiPoint = { type: 'MultiPoint', coordinates: [[118, 24], [118.5, 24.5], [119, 25]] };
    expect(removePart(three, { part: 1, ring: 0 })).toEqual({ ok: true, geometry: { type: 'MultiPoint', coordinates: [[118, 24], [119, 25]] } });
    expect(partCount(three)).toBe(3);
    expect(removePart(points, { part: 0, ring: 0 })).toEqual({ ok: false, problem: 'last-part' });
  });
});
