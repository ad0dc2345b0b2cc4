import type { Geometry, Position } from '../domain/geometry.js';
import type { TopologyFeature } from './shared-vertices.js';

/**
 * One step of a shape edit, as topological editing replays it on the neighbours: a vertex moved
 * from one position to another, a vertex inserted on the edge between two positions, or the
 * vertex at a position removed. The positions are those of the moment: a list of steps is
 * replayed in order.
 */
export type SharedEdit = { kind: 'move'; from: Position; to: Position } | { kind: 'insert'; between: readonly [Position, Position]; at: Position } | { kind: 'remove'; at: Position };

const same = (a: Position, b: Position, tolerance: number): boolean => Math.abs((a[0] as number) - (b[0] as number)) <= tolerance && Math.abs((a[1] as number) - (b[1] as number)) <= tolerance;

/** A position at `to`'s x and y, its other ordinates (a height) kept. */
const placed = (position: Position, to: Position): Position => [to[0] as number, to[1] as number, ...position.slice(2)];

/**
 * Removes the vertices at `at` from a ring (closed: its last position repeats its first) or a
 * line, unless it would be left with too few (a ring 3 distinct positions, a line 2): then it is
 * left whole. Whether it changed.
 */
function removeFromPath(path: Position[], at: Position, closed: boolean, tolerance: number): boolean {
  const open = closed ? path.slice(0, -1) : path;
  const kept = open.filter((position) => !same(position, at, tolerance));
  if (kept.length === open.length || kept.length < (closed ? 3 : 2)) return false;
  path.splice(0, path.length, ...kept, ...(closed ? [[...(kept[0] as Position)]] : []));
  return true;
}

/** Replays the steps on one ring or line; whether it changed. */
function replayOnPath(path: Position[], closed: boolean, edits: readonly SharedEdit[], tolerance: number): boolean {
  let changed = false;
  for (const edit of edits) {
    if (edit.kind === 'remove') {
      changed = removeFromPath(path, edit.at, closed, tolerance) || changed;
      continue;
    }
    if (edit.kind === 'move') {
      for (let index = 0; index < path.length; index += 1) {
        if (same(path[index] as Position, edit.from, tolerance)) {
          path[index] = placed(path[index] as Position, edit.to);
          changed = true;
        }
      }
      continue;
    }
    const [a, b] = edit.between;
    for (let index = 0; index + 1 < path.length; index += 1) {
      const p = path[index] as Position;
      const q = path[index + 1] as Position;
      if ((same(p, a, tolerance) && same(q, b, tolerance)) || (same(p, b, tolerance) && same(q, a, tolerance))) {
        path.splice(index + 1, 0, [edit.at[0] as number, edit.at[1] as number]);
        changed = true;
        index += 1;
      }
    }
  }
  return changed;
}

/** Every ring or line of a geometry, as the arrays to change in place, and whether they are rings. */
function pathsOf(geometry: Geometry): { paths: Position[][]; closed: boolean } {
  switch (geometry.type) {
    case 'LineString':
      return { paths: [geometry.coordinates], closed: false };
    case 'MultiLineString':
      return { paths: geometry.coordinates, closed: false };
    case 'Polygon':
      return { paths: geometry.coordinates, closed: true };
    case 'MultiPolygon':
      return { paths: geometry.coordinates.flat(), closed: true };
    default:
      return { paths: [], closed: false };
  }
}

/**
 * Topological editing: the steps of one feature's shape edit replayed on the others, so a
 * boundary they share stays shared. A vertex moved is moved in every feature with a vertex at
 * its old position (within `tolerance` degrees; a ring's closing copy with it); a vertex inserted
 * on an edge is inserted in every feature with that edge (either way round); a vertex removed is
 * removed from every feature with a vertex there, unless its ring or line would be left with too
 * few (3 distinct positions, 2 for a line). Points are left as they are. The features given are
 * not changed.
 *
 * @returns the features whose shape changed, with their new geometries.
 *
 * @example
 * ```ts
 * // The edited town's corner at (118.05, 24.05) dragged to (118.06, 24.05): its neighbour follows.
 * followSharedEdits(neighbours, [{ kind: 'move', from: [118.05, 24.05], to: [118.06, 24.05] }]);
 * ```
 */
export function followSharedEdits(features: readonly TopologyFeature[], edits: readonly SharedEdit[], { tolerance = 0 }: { tolerance?: number } = {}): Array<{ id: string; geometry: Geometry }> {
  if (edits.length === 0) return [];
  const changed: Array<{ id: string; geometry: Geometry }> = [];
  for (const feature of features) {
    if (feature.geometry.type === 'Point' || feature.geometry.type === 'MultiPoint') continue;
    const copy = structuredClone(feature.geometry);
    let touched = false;
    const { paths, closed } = pathsOf(copy);
    for (const path of paths) touched = replayOnPath(path, closed, edits, tolerance) || touched;
    if (touched) changed.push({ id: feature.id, geometry: copy });
  }
  return changed;
}
