import type { Geometry, LineString, MultiLineString, MultiPolygon, Polygon, Position } from '../domain/geometry.js';
import { ValidationError } from '../errors/errors.js';
import { samePoint } from './planar.js';
import { dissolveSharedEdges } from './edge-dissolve.js';
import { polygonal, unionOf } from './polygon-algebra.js';

/** The geometries {@link mergeGeometries} joins: all polygonal or all linear. */
export type MergeableGeometry = Polygon | MultiPolygon | LineString | MultiLineString;

function isPolygonal(geometry: Geometry): geometry is Polygon | MultiPolygon {
  return geometry.type === 'Polygon' || geometry.type === 'MultiPolygon';
}

function isLinear(geometry: Geometry): geometry is LineString | MultiLineString {
  return geometry.type === 'LineString' || geometry.type === 'MultiLineString';
}

/** `line` followed by `next` when an end of one is an end of the other, else undefined. */
function joined(line: Position[], next: Position[]): Position[] | undefined {
  const start = line[0];
  const end = line[line.length - 1];
  if (samePoint(end, next[0])) return [...line, ...next.slice(1)];
  if (samePoint(end, next[next.length - 1])) return [...line, ...[...next].reverse().slice(1)];
  if (samePoint(start, next[next.length - 1])) return [...next, ...line.slice(1)];
  if (samePoint(start, next[0])) return [...[...next].reverse(), ...line.slice(1)];
  return undefined;
}

/** Lines joined end to end wherever an end of one is an end of another, until none can be. */
function joinLines(lines: Position[][]): Position[][] {
  const pending = lines.filter((line) => line.length > 0);
  const done: Position[][] = [];
  while (pending.length > 0) {
    let line = pending.shift() as Position[];
    let grown = true;
    while (grown) {
      grown = false;
      for (let index = 0; index < pending.length; index += 1) {
        const longer = joined(line, pending[index] as Position[]);
        if (longer !== undefined) {
          line = longer;
          pending.splice(index, 1);
          grown = true;
          break;
        }
      }
    }
    done.push(line);
  }
  return done;
}

/**
 * The union of geometries of one family, in the plane of their lon/lat coordinates.
 *
 * Polygons that share an edge become one polygon (no sliver along the edge when their vertices
 * match; the union's outer rings are counter-clockwise, holes clockwise); disjoint ones a
 * MultiPolygon. Polygons that meet only along edges whose vertices match (a mosaic's
 * neighbours, a split's pieces) are joined by dropping the shared edges, which keeps their
 * positions as they are (a z included) and is linear in the vertices; any others go through the
 * polygon algebra (polyclip-ts, x and y only). Lines are joined end to end where an end of one is an end of another;
 * lines that stay apart make a MultiLineString.
 *
 * @param geometries - two or more polygons / multipolygons, or lines / multilines.
 * @returns a Polygon or MultiPolygon, or a LineString or MultiLineString.
 * @throws {@link ValidationError} (field `geometries`) when there is nothing to merge or the
 *   geometries mix polygons with lines or points.
 *
 * @example
 * ```ts
 * const west: Polygon = { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] };
 * const east: Polygon = { type: 'Polygon', coordinates: [[[1, 0], [2, 0], [2, 1], [1, 1], [1, 0]]] };
 * mergeGeometries([west, east]); // one Polygon, 0,0 to 2,1
 * ```
 */
export function mergeGeometries(geometries: readonly MergeableGeometry[]): Polygon | MultiPolygon | LineString | MultiLineString {
  if (geometries.length === 0) throw new ValidationError({ geometries: 'There is nothing to merge: give one geometry or more.' }, undefined, { geometries: { rule: 'required' } });
  if (geometries.every(isPolygonal)) return polygonal(dissolveSharedEdges(geometries) ?? unionOf(geometries));
  if (geometries.every(isLinear)) {
    const lines = joinLines(geometries.flatMap((geometry) => (geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates)));
    const [only] = lines;
    return lines.length === 1 && only !== undefined ? { type: 'LineString', coordinates: only } : { type: 'MultiLineString', coordinates: lines };
  }
  throw new ValidationError({ geometries: 'Only polygons with polygons, or lines with lines, can be merged.' }, undefined, { geometries: { rule: 'invalid' } });
}
