import { bboxIntersects, geometryBBox, type EditSession, type TopologyProblem } from '@gportal/core';
import { nextTask } from '../../ui/stages';
import { loadTopologyEdits } from './load-topology';

const POLYGONAL = new Set(['Polygon', 'MultiPolygon']);

/**
 * The overlaps the pending changes make: between a polygon drawn or reshaped since the last save
 * and a loaded neighbour (or another changed one). An attribute edit changes no shape and is not
 * checked, so a save is never stopped for an overlap the user did not make. Only the changed
 * features and the neighbours whose boxes meet theirs are checked; nothing is fetched when no
 * polygon's shape changed.
 */
export async function overlapsMade(session: EditSession): Promise<TopologyProblem[]> {
  const pending = session.pending();
  const changed = new Set([...pending.inserts.map((insert) => insert.handle), ...pending.updates.filter((update) => update.geometry).map((update) => update.id)]);
  const live = session.features().filter((feature) => feature.state !== 'remove' && POLYGONAL.has(feature.geometry.type));
  const changedBoxes = live.filter((feature) => changed.has(feature.id)).map((feature) => geometryBBox(feature.geometry));
  if (changedBoxes.length === 0) return [];
  const near = live.filter((feature) => {
    if (changed.has(feature.id)) return true;
    const box = geometryBBox(feature.geometry);
    return changedBoxes.some((other) => bboxIntersects(box, other));
  });
  const { findTopologyProblemsInSlices } = await loadTopologyEdits();
  // In slices: a batch that moved every town checks them all, which must not hold the page.
  return (await findTopologyProblemsInSlices(near, { pause: nextTask })).filter((problem) => problem.kind === 'overlap' && problem.ids.some((id) => changed.has(id)));
}
