import { describe, expect, it } from 'vitest';
import { shapeParts } from '../geometry/latlngs';
import { canRemove, HANDLE, handleAt, pathsOf, showsMidpoint, type ProjectedPath } from './vertex-handles';

const projectedOf = (points: Array<[number, number]>): ProjectedPath => ({ xs: Float64Array.from(points.map(([x]) => x)), ys: Float64Array.from(points.map(([, y]) => y)) });

describe('pathsOf', () => {
  it('lists every ring of every polygon, holes included, sharing the shape arrays', () => {
    const shape = shapeParts({
      type: 'MultiPolygon',
      coordinates: [
        [[[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]], [[1, 1], [2, 1], [2, 2], [1, 1]]],
        [[[10, 0], [12, 0], [12, 2], [10, 0]]],
      ],
    });
    const paths = pathsOf(shape);
    expect(paths.map((path) => [path.part, path.latlngs.length, path.closed])).toEqual([[0, 4, true], [0, 3, true], [1, 3, true]]);
    paths[1]?.latlngs.splice(0, 1);
    expect(shape.kind === 'polygon' && shape.parts[0]?.[1]?.length).toBe(2);
  });

  it('lists the lines of a line shape as open paths, and nothing for points', () => {
    expect(pathsOf(shapeParts({ type: 'MultiLineString', coordinates: [[[0, 0], [1, 1]], [[2, 2], [3, 3], [4, 4]]] })).map((path) => [path.part, path.latlngs.length, path.closed])).toEqual([[0, 2, false], [1, 3, false]]);
    expect(pathsOf(shapeParts({ type: 'MultiPoint', coordinates: [[0, 0]] }))).toEqual([]);
  });
});

describe('handleAt', () => {
  const square = pathsOf(shapeParts({ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] }));
  const line = pathsOf(shapeParts({ type: 'LineString', coordinates: [[0, 0], [1, 0], [2, 0]] }));
  const big = [projectedOf([[100, 100], [200, 100], [200, 200], [100, 200]])];

  it('takes the nearest vertex within reach, else the nearest midpoint, else nothing', () => {
    expect(handleAt(square, big, 104, 97, HANDLE.reach.mouse)).toEqual({ path: 0, index: 0, midpoint: false });
    expect(handleAt(square, big, 150, 103, HANDLE.reach.mouse)).toEqual({ path: 0, index: 0, midpoint: true });
    // The closing edge of a ring, from the last vertex back to the first.
    expect(handleAt(square, big, 100, 150, HANDLE.reach.mouse)).toEqual({ path: 0, index: 3, midpoint: true });
    expect(handleAt(square, big, 150, 150, HANDLE.reach.mouse)).toBeUndefined();
    expect(handleAt(square, big, 112, 100, HANDLE.reach.mouse)).toBeUndefined();
    expect(handleAt(square, big, 112, 100, HANDLE.reach.touch)).toEqual({ path: 0, index: 0, midpoint: false });
  });

  it('shows no midpoint on a short edge, and none after the last vertex of a line', () => {
    const small = [projectedOf([[100, 100], [110, 100], [110, 110], [100, 110]])];
    expect(showsMidpoint(small[0] as ProjectedPath, 0)).toBe(false);
    expect(handleAt(square, small, 105, 100, HANDLE.reach.mouse)).toMatchObject({ midpoint: false });
    const lineProjected = [projectedOf([[0, 0], [100, 0], [200, 0]])];
    expect(handleAt(line, lineProjected, 150, 0, HANDLE.reach.mouse)).toEqual({ path: 0, index: 1, midpoint: true });
    expect(handleAt(line, lineProjected, 100, 60, 100)).toEqual({ path: 0, index: 1, midpoint: false });
  });
});

describe('canRemove', () => {
  it('keeps 3 vertices in a ring and 2 in a line', () => {
    const [ring] = pathsOf(shapeParts({ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] }));
    expect(canRemove(ring!)).toBe(true);
    ring!.latlngs.pop();
    expect(canRemove(ring!)).toBe(false);
    const [line] = pathsOf(shapeParts({ type: 'LineString', coordinates: [[0, 0], [1, 0], [2, 0]] }));
    expect(canRemove(line!)).toBe(true);
    line!.latlngs.pop();
    expect(canRemove(line!)).toBe(false);
  });
});
