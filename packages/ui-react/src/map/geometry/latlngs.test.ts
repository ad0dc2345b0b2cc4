import type { Geometry } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { geometryOfParts, shapeKindOf, shapeParts } from './latlngs';

const ring = [
  [119.2, 25.98],
  [119.4, 25.98],
  [119.4, 26.18],
  [119.2, 26.18],
  [119.2, 25.98],
];

describe('geometry ↔ Leaflet parts', () => {
  it.each<Geometry>([
    { type: 'Polygon', coordinates: [ring] },
    { type: 'MultiPolygon', coordinates: [[ring], [ring.map(([x, y]) => [(x as number) + 1, y as number])]] },
    { type: 'LineString', coordinates: [[117, 25.2], [117.5, 25.6]] },
    { type: 'MultiLineString', coordinates: [[[117, 25.2], [117.5, 25.6]], [[118, 24], [118.1, 24.2]]] },
    { type: 'Point', coordinates: [119.3, 26.08] },
  ])('round-trips a $type without changing a coordinate', (geometry) => {
    expect(geometryOfParts(geometry.type, shapeParts(geometry))).toEqual(geometry);
  });

  it('opens rings for Leaflet and closes them again', () => {
    const parts = shapeParts({ type: 'Polygon', coordinates: [ring] });
    expect(parts.kind === 'polygon' && parts.parts[0]?.[0]).toHaveLength(4);
  });

  it('makes a drawn polygon a one-part multipolygon in a multipolygon layer', () => {
    const drawn = shapeParts({ type: 'Polygon', coordinates: [ring] });
    expect(geometryOfParts('MultiPolygon', drawn)).toEqual({ type: 'MultiPolygon', coordinates: [[ring]] });
  });

  it('makes a drawn point a point in a point layer and a one-part multipoint in a multipoint layer', () => {
    const drawn = shapeParts({ type: 'Point', coordinates: [118.5, 25.25] });
    expect(geometryOfParts('Point', drawn)).toEqual({ type: 'Point', coordinates: [118.5, 25.25] });
    expect(geometryOfParts('MultiPoint', drawn)).toEqual({ type: 'MultiPoint', coordinates: [[118.5, 25.25]] });
  });

  it('tells the drawing tool of each geometry kind', () => {
    expect(['Polygon', 'MultiPolygon', 'LineString', 'MultiLineString', 'Point', 'MultiPoint'].map((kind) => shapeKindOf(kind as Geometry['type']))).toEqual([
      'polygon',
      'polygon',
      'line',
      'line',
      'point',
      'point',
    ]);
  });
});
