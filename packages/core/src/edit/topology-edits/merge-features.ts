import type { MultiPolygon, Polygon } from '../../domain/geometry.js';
import { NotFoundError, ValidationError } from '../../errors/errors.js';
import { geodesicLength } from '../../measure/geodesic-measure.js';
import { mergeGeometries, type MergeableGeometry } from '../../topology/merge-geometries.js';
import { planarArea } from '../../topology/planar.js';
import type { EditableFeature } from '../session-types.js';
import type { ShapeEditing } from './shape-editing.js';

function sizeOf(feature: EditableFeature): number {
  const { geometry } = feature;
  if (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') return planarArea(geometry as Polygon | MultiPolygon);
  return geometry.type === 'LineString' || geometry.type === 'MultiLineString' ? geodesicLength(geometry) : 0;
}

/** A layer of single polygons or lines cannot hold the multi-part union of features that do not touch. */
const SINGLE_OF_MULTI: Partial<Record<string, string>> = { MultiPolygon: 'Polygon', MultiLineString: 'LineString' };

/**
 * Merges features into one (see `mergeGeometries`): `keep` (by default the largest) gets the
 * union and keeps its properties (an update); the others are removed. One undo step. Returns the
 * kept feature's id.
 */
export function mergeFeatures(session: ShapeEditing, ids: readonly string[], { keep }: { keep?: string } = {}): string {
  const unique = [...new Set(ids)];
  if (unique.length < 2) throw new ValidationError({ ids: 'Merging takes two features or more.' }, undefined, { ids: { rule: 'invalid' } });
  const features = unique.map((id) => {
    const feature = session.feature(id);
    if (!feature || feature.state === 'remove') throw new NotFoundError(`feature ${id}`);
    return feature;
  });
  if (keep !== undefined && !unique.includes(keep)) throw new ValidationError({ keep: `The feature kept, ${keep}, is not one of those merged.` }, undefined, { keep: { rule: 'invalid', value: keep } });
  const union = mergeGeometries(features.map((feature) => feature.geometry as MergeableGeometry));
  const layerKind = session.schema?.geometryKind;
  if (layerKind !== undefined && SINGLE_OF_MULTI[union.type] === layerKind) {
    throw new ValidationError({ ids: `The features do not touch: together they make a ${union.type}, which this layer of ${layerKind}s cannot hold.` }, undefined, { ids: { rule: 'unsupported', value: union.type } });
  }
  const kept = keep ?? [...features].sort((a, b) => sizeOf(b) - sizeOf(a))[0]?.id ?? unique[0];
  session.batch(() => {
    session.update(kept as string, { geometry: union });
    for (const id of unique) if (id !== kept) session.remove(id);
  });
  return kept as string;
}
