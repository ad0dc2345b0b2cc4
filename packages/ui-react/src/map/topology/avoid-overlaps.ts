import { bboxIntersects, geometryBBox, type EditSession, type Geometry, type MultiPolygon, type Polygon } from '@gportal/core';
import type { MessageKey } from '../../i18n/messages';
import { loadTopologyEdits } from './load-topology';

/** What 避免重叠 made of a shape: the shape clipped (or as it was), or the sentence of why none is left to keep. */
export type ClipOutcome = { geometry: Geometry } | { refused: MessageKey };

/**
 * 避免重叠 (QGIS's "avoid overlap"): a polygon drawn or reshaped, less what of it overlaps the
 * layer's other loaded polygons (`self`, the feature reshaped, left out), before it becomes
 * pending. A line or point is given back as it is. Covered by its neighbours whole, or fallen
 * apart into pieces a layer of single polygons cannot hold, it is refused with a sentence.
 */
export async function avoidOverlaps(session: EditSession, geometry: Geometry, self?: string): Promise<ClipOutcome> {
  if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') return { geometry };
  const box = geometryBBox(geometry);
  const neighbours = session
    .features()
    .filter((feature) => feature.id !== self && feature.state !== 'remove' && (feature.geometry.type === 'Polygon' || feature.geometry.type === 'MultiPolygon') && bboxIntersects(box, geometryBBox(feature.geometry)))
    .map((feature) => feature.geometry);
  if (neighbours.length === 0) return { geometry };
  const { clipToNeighbours } = await loadTopologyEdits();
  const clipped = clipToNeighbours(geometry as Polygon | MultiPolygon, neighbours);
  if (!clipped) return { refused: 'map.avoid.covered' };
  if (clipped.type === 'MultiPolygon' && session.schema?.geometryKind === 'Polygon') return { refused: 'map.avoid.fallsApart' };
  return { geometry: clipped };
}
