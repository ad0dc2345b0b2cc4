import { formatLength, geodesicArea, geodesicLength, IncrementalArea, IncrementalLength } from '@gportal/core';
import { areaText, type AreaUnitChoice } from './area-units';
import type { Translate } from '../../i18n/i18n-provider';
import { lineOf, polygonOf, type ShapeParts } from './latlngs';

/**
 * The live read-out of a shape being drawn or edited: the core's ellipsoidal area or length,
 * formatted, areas in `areaUnit`. An edited shape passes its incremental meters, which give the
 * same figures at the cost of the edges that changed.
 */
export function measureText(parts: ShapeParts, t: Translate, meters?: { area: IncrementalArea; length: IncrementalLength }, areaUnit: AreaUnitChoice = 'auto'): string | undefined {
  if (parts.kind === 'polygon') {
    const polygons = parts.parts.filter((rings) => (rings[0]?.length ?? 0) >= 3);
    if (polygons.length === 0) return undefined;
    const area = meters
      ? meters.area.area({ type: 'MultiPolygon', coordinates: polygons.map((rings) => polygonOf(rings).coordinates) })
      : polygons.reduce((sum, rings) => sum + geodesicArea(polygonOf(rings)), 0);
    return t('map.measure.area', { value: areaText(area, areaUnit, t) });
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

/** Incremental meters for one edited shape's read-out (see `ShapeFeedback`). */
export function createMeters(): { area: IncrementalArea; length: IncrementalLength } {
  return { area: new IncrementalArea(), length: new IncrementalLength() };
}
