import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROPERTY_PARAMETERS, recordPropertyRuns } from '../contracts/property-runs.js';
import { forEachPosition, geoJsonGeometryProblem, isGeometry, openRing, POSITION_DEPTH, type Geometry, type GeometryKind, type Position } from './geometry.js';
import { validGeometry } from '../contracts/geometry-arbitraries.js';

const SUITE = 'core geometry check (geoJsonGeometryProblem)';
const ring = [[119, 26], [119.5, 26], [119.5, 26.5], [119, 26]];

describe('geoJsonGeometryProblem', () => {
  it.for<[string, unknown, string]>([
    ['NaN', { type: 'Point', coordinates: [Number.NaN, 1] }, 'coordinates must be finite numbers'],
    ['+Infinity', { type: 'LineString', coordinates: [[0, 0], [Infinity, 1]] }, 'coordinates must be finite numbers'],
    ['-Infinity', { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, -Infinity], [0, 0]]] }, 'coordinates must be finite numbers'],
    ['a string', { type: 'Point', coordinates: ['119', 26] }, 'coordinates must be finite numbers'],
    ['a hole in a position', { type: 'Point', coordinates: [1, , 2] }, 'coordinates must be finite numbers'], // eslint-disable-line no-sparse-arrays
    ['an empty ring', { type: 'Polygon', coordinates: [[]] }, 'a polygon ring needs at least 4 positions'],
    ['no rings', { type: 'Polygon', coordinates: [] }, 'no rings'],
    ['an open ring', { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1]]] }, 'a polygon ring must be closed'],
    ['a one-position line', { type: 'LineString', coordinates: [[0, 0]] }, 'a line needs at least 2 positions'],
    ['a 1D position', { type: 'Point', coordinates: [1] }, 'a position must be an array of 2 or 3 numbers'],
    ['a 4D position', { type: 'Point', coordinates: [1, 2, 3, 4] }, 'a position must be an array of 2 or 3 numbers'],
    ['a Point nested one deeper', { type: 'Point', coordinates: [[1, 2], [3, 4]] }, 'coordinates must be finite numbers'],
    ['a LineString nested one shallower', { type: 'LineString', coordinates: [1, 2] }, 'a position must be an array of 2 or 3 numbers'],
    ['a Polygon nested one shallower', { type: 'Polygon', coordinates: ring }, 'a polygon ring needs at least 4 positions'],
    ['a MultiPolygon nested one deeper', { type: 'MultiPolygon', coordinates: [[[ring]]] }, 'a polygon ring needs at least 4 positions'],
    ['an empty MultiPoint', { type: 'MultiPoint', coordinates: [] }, 'no points'],
    ['an empty MultiLineString', { type: 'MultiLineString', coordinates: [] }, 'no lines'],
    ['an empty MultiPolygon', { type: 'MultiPolygon', coordinates: [] }, 'no polygons'],
    ['an unknown kind', { type: 'Circle', coordinates: [0, 0] }, 'not a GeoJSON geometry'],
    ['an inherited kind', { type: 'toString', coordinates: [0, 0] }, 'not a GeoJSON geometry'],
    ['coordinates that are no array', { type: 'Point', coordinates: '0 0' }, 'not a GeoJSON geometry'],
    ['null', null, 'not a GeoJSON geometry'],
  ])('refuses %s', ([, value, problem]) => {
    expect(geoJsonGeometryProblem(value)).toBe(problem);
    expect(isGeometry(value)).toBe(false);
  });

  it('accepts every kind, 2D and 3D, holes and several parts', () => {
    const hole = [[119.1, 26.1], [119.1, 26.2], [119.2, 26.2], [119.1, 26.1]];
    const accepted: Geometry[] = [
      { type: 'Point', coordinates: [119, 26] },
      { type: 'Point', coordinates: [119, 26, 12.5] },
      { type: 'MultiPoint', coordinates: [[119, 26], [120, 27]] },
      { type: 'LineString', coordinates: [[119, 26], [120, 27]] },
      { type: 'MultiLineString', coordinates: [[[119, 26], [120, 27]], [[0, 0], [1, 1], [2, 0]]] },
      { type: 'Polygon', coordinates: [ring, hole] },
      { type: 'Polygon', coordinates: [ring.map(([x, y]) => [x as number, y as number, 3])] },
      { type: 'MultiPolygon', coordinates: [[ring], [ring, hole]] },
    ];
    for (const geometry of accepted) expect(geoJsonGeometryProblem(geometry)).toBeUndefined();
  });

  it('refuses a ring closed in x and y but not in z', () => {
    expect(geoJsonGeometryProblem({ type: 'Polygon', coordinates: [[[0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 0, 2]]] })).toBe('a polygon ring must be closed');
  });

  it('accepts every well-formed geometry', ({ task }) => {
    const property = fc.property(validGeometry, (geometry) => geoJsonGeometryProblem(geometry) === undefined);
    recordPropertyRuns(task, SUITE, 'well-formed geometries accepted', fc.check(property, PROPERTY_PARAMETERS));
  });

  it('refuses a well-formed geometry with one coordinate made hostile', ({ task }) => {
    const hostile = fc.constantFrom<unknown>(Number.NaN, Infinity, -Infinity, '1', null, undefined, [], {}, true, 1n);
    const property = fc.property(validGeometry, fc.nat(), hostile, (geometry, at, value) => {
      const positions: Position[] = [];
      forEachPosition(geometry, (position) => positions.push(position));
      const position = positions[at % positions.length] as unknown[];
      position[at % position.length] = value;
      return geoJsonGeometryProblem(geometry) === 'coordinates must be finite numbers';
    });
    recordPropertyRuns(task, SUITE, 'one NaN, ±Infinity or non-number coordinate refused', fc.check(property, PROPERTY_PARAMETERS));
  });

  it('refuses a well-formed geometry nested one level deeper or shallower than its kind', ({ task }) => {
    const property = fc.property(validGeometry, fc.boolean(), (geometry, deeper) => {
      const coordinates = geometry.coordinates as unknown[];
      if (!deeper && POSITION_DEPTH[geometry.type] === 0) return true; // a Point has nothing to unwrap
      const nested = deeper ? [coordinates] : coordinates[0];
      return geoJsonGeometryProblem({ type: geometry.type, coordinates: nested }) !== undefined;
    });
    recordPropertyRuns(task, SUITE, 'nesting off by one level refused', fc.check(property, PROPERTY_PARAMETERS));
  });

  it('answers any value with a reason or with acceptance, never an exception; what it accepts has only finite positions', ({ task }) => {
    const kind = fc.constantFrom<GeometryKind | string>(...(Object.keys(POSITION_DEPTH) as GeometryKind[]), 'GeometryCollection', '__proto__');
    const coordinates = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.double(), fc.integer(), fc.string(), fc.constant(null), fc.array(tie('value'), { maxLength: 6 })),
    })).value;
    const property = fc.property(fc.oneof(fc.anything(), fc.record({ type: kind, coordinates })), (value) => {
      const problem = geoJsonGeometryProblem(value);
      if (problem !== undefined) return typeof problem === 'string';
      let finite = true;
      forEachPosition(value as Geometry, (position) => (finite &&= position.every(Number.isFinite)));
      return finite;
    });
    recordPropertyRuns(task, SUITE, 'any value: a reason or a geometry of finite positions', fc.check(property, PROPERTY_PARAMETERS));
  });
});

describe('openRing', () => {
  it('drops the closing position of a ring written closed, and gives an open one back as it is', () => {
    const open: Position[] = [[0, 0], [1, 0], [1, 1]];
    expect(openRing([...open, [0, 0]])).toEqual(open);
    expect(openRing(open)).toBe(open);
    // Only an exact repeat closes it; one position is never a closed ring.
    expect(openRing([...open, [0, 1e-12]])).toHaveLength(4);
    expect(openRing([[5, 5]])).toEqual([[5, 5]]);
    expect(openRing([])).toEqual([]);
  });
});

