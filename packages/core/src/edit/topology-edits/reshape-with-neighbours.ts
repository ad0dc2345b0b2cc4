import type { Geometry } from '../../domain/geometry.js';
import { NotFoundError } from '../../errors/errors.js';
import { followSharedEdits, type SharedEdit } from '../../topology/shared-edits.js';
import type { ShapeEditing } from './shape-editing.js';

/**
 * Topological editing of one shape: the feature `id` gets `geometry`, and every other loaded
 * feature sharing a vertex or an edge it changed follows (`followSharedEdits` replays `edits`, the
 * steps of the shape edit, on them), so no gap or overlap opens along a shared boundary. One undo
 * step of several updates. Returns the ids changed, the feature's first.
 */
export function reshapeWithNeighbours(session: ShapeEditing, id: string, geometry: Geometry, edits: readonly SharedEdit[], { tolerance = 0 }: { tolerance?: number } = {}): string[] {
  const feature = session.feature(id);
  if (!feature || feature.state === 'remove') throw new NotFoundError(`feature ${id}`);
  const neighbours = session.features().filter((other) => other.id !== id && other.state !== 'remove');
  const followed = followSharedEdits(neighbours, edits, { tolerance });
  return session.batch(() => {
    session.update(id, { geometry });
    for (const neighbour of followed) session.update(neighbour.id, { geometry: neighbour.geometry });
    return [id, ...followed.map((neighbour) => neighbour.id)];
  });
}
