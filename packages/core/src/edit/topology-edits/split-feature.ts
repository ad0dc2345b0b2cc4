import { NotFoundError } from '../../errors/errors.js';
import type { LineString, MultiLineString, MultiPolygon, Polygon } from '../../domain/geometry.js';
import type { Properties } from '../../domain/feature.js';
import { geodesicLength } from '../../measure/geodesic-measure.js';
import { planarArea } from '../../topology/planar.js';
import { splitGeometry, type SplittableGeometry } from '../../topology/split-geometry.js';
import type { ShapeEditing } from './shape-editing.js';

/** How big a piece is, to find the largest: planar area for polygons, length for lines. */
function sizeOf(piece: SplittableGeometry): number {
  return piece.type === 'Polygon' || piece.type === 'MultiPolygon' ? planarArea(piece as Polygon | MultiPolygon) : geodesicLength(piece as LineString | MultiLineString);
}

/** The properties a new piece takes from the feature it was cut from: all but those the server fills (its key). */
export function copiedProperties(properties: Readonly<Properties>, readOnly: readonly string[] = []): Properties {
  // `fromEntries` defines own properties: a field named `__proto__` stays a field.
  return Object.fromEntries(Object.entries(properties).filter(([name]) => !readOnly.includes(name)));
}

/**
 * Cuts a feature by a line (see `splitGeometry`): the feature keeps its id and the largest piece
 * (an update), each other piece is a new feature with a copy of its properties. One undo step.
 * Returns the ids, the original's first, then the new pieces' local ids.
 */
export function splitFeature(session: ShapeEditing, id: string, cutter: LineString): string[] {
  const feature = session.feature(id);
  if (!feature || feature.state === 'remove') throw new NotFoundError(`feature ${id}`);
  const pieces = splitGeometry(feature.geometry as SplittableGeometry, cutter)
    .map((piece, index) => ({ piece, index, size: sizeOf(piece) }))
    .sort((a, b) => b.size - a.size || a.index - b.index);
  const properties = copiedProperties(feature.properties, session.schema?.readOnly);
  return session.batch(() => {
    const [largest, ...others] = pieces;
    if (largest) session.update(id, { geometry: largest.piece });
    return [id, ...others.map(({ piece }) => session.add({ geometry: piece, properties }))];
  });
}
