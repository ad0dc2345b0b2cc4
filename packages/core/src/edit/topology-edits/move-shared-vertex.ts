import type { Geometry, Position } from '../../domain/geometry.js';
import { ValidationError } from '../../errors/errors.js';
import { findSharedVertices } from '../../topology/shared-vertices.js';
import type { ShapeEditing } from './shape-editing.js';

/** The geometry with the vertex at `path` (see `SharedVertex.path`) moved to `to`, its other ordinates (a height) kept. */
function moved(geometry: Geometry, paths: readonly number[][], to: Position): Geometry {
  const copy = structuredClone(geometry);
  for (const path of paths) {
    if (copy.type === 'Point') {
      copy.coordinates = [...to.slice(0, 2), ...copy.coordinates.slice(2)];
      continue;
    }
    let positions: unknown = copy.coordinates;
    for (const index of path.slice(0, -1)) positions = (positions as unknown[])[index];
    const list = positions as Position[];
    const last = path.at(-1) as number;
    list[last] = [...to.slice(0, 2), ...(list[last] as Position).slice(2)];
  }
  return copy;
}

/**
 * Topological editing: every feature with a vertex at `at` (within `tolerance` degrees) gets it
 * moved to `to`, a ring's closing copy with it, so neighbours keep sharing their boundary. One undo
 * step of several updates. Returns the ids of the features moved.
 */
export function moveSharedVertex(session: ShapeEditing, at: Position, to: Position, { tolerance = 0 }: { tolerance?: number } = {}): string[] {
  const features = session.features().filter((feature) => feature.state !== 'remove');
  const vertices = findSharedVertices(features, at, tolerance);
  if (vertices.length === 0) throw new ValidationError({ at: `No feature has a vertex at ${at.join(', ')}.` }, undefined, { at: { rule: 'invalid', value: at.join(',') } });
  const paths = new Map<string, number[][]>();
  for (const vertex of vertices) paths.set(vertex.id, [...(paths.get(vertex.id) ?? []), vertex.path]);
  session.batch(() => {
    for (const [id, found] of paths) {
      const feature = features.find((candidate) => candidate.id === id);
      if (feature) session.update(id, { geometry: moved(feature.geometry, found, to) });
    }
  });
  return [...paths.keys()];
}
