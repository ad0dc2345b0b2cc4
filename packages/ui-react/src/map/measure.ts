import { formatArea, formatLength, geodesicArea, geodesicLength, type IncrementalArea, type IncrementalLength } from '@gportal/core';
import type { Translate } from '../i18n/i18n-provider';
import { lineOf, polygonOf, type ShapeParts } from './geometry-latlngs';
import type { L } from './leaflet';

/**
 * The live read-out of a shape being drawn or edited: the core's ellipsoidal area or length,
 * formatted. An edited shape passes its incremental meters, which give the same figures at the
 * cost of the edges that changed.
 */
export function measureText(parts: ShapeParts, t: Translate, meters?: { area: IncrementalArea; length: IncrementalLength }): string | undefined {
  if (parts.kind === 'polygon') {
    const polygons = parts.parts.filter((rings) => (rings[0]?.length ?? 0) >= 3);
    if (polygons.length === 0) return undefined;
    const area = meters
      ? meters.area.area({ type: 'MultiPolygon', coordinates: polygons.map((rings) => polygonOf(rings).coordinates) })
      : polygons.reduce((sum, rings) => sum + geodesicArea(polygonOf(rings)), 0);
    return t('map.measure.area', { value: formatArea(area) });
  }
  if (parts.kind === 'line') {
    const lines = parts.parts.filter((line) => line.length >= 2);
    if (lines.length === 0) return undefined;
    const length = meters
      ? meters.length.length({ type: 'MultiLineString', coordinates: lines.map((line) => lineOf(line).coordinates) })
      : lines.reduce((sum, line) => sum + geodesicLength(lineOf(line)), 0);
    return t('map.measure.length', { value: formatLength(length) });
  }
  return undefined;
}

/** The vertices placed so far (and the cursor, when given) as shape parts of one polygon or line. */
export function drawingParts(kind: 'polygon' | 'line', vertices: readonly L.LatLng[]): ShapeParts {
  return kind === 'polygon' ? { kind, parts: [[[...vertices]]] } : { kind, parts: [[...vertices]] };
}
