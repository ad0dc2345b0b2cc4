/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { bench, describe } from 'vitest';
import type { Geometry } from '../domain/geometry.js';
import { geodesicArea, geodesicLength, type AreaGeometry, type LengthGeometry } from './geodesic-measure.js';

// The measurement runs on every mouse move while drawing; these are the fixture shapes of the unit tests.
const read = (path: string): Geometry[] =>
  (JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { features: Array<{ geometry: Geometry }> }).features.map(
    (feature) => feature.geometry,
  );
const polygons = read('./test/in/polygons.geojson') as AreaGeometry[];
const lines = read('./test/in/lines.geojson') as LengthGeometry[];
const ring = Array.from({ length: 500 }, (_, index) => {
  const angle = (2 * Math.PI * index) / 500;
  return [118 + 0.5 * Math.cos(angle), 24 + 0.5 * Math.sin(angle)];
});
const largePolygon: AreaGeometry = { type: 'Polygon', coordinates: [[...ring, ring[0] as number[]]] };

describe('geodesic measurement', () => {
  bench('geodesicArea, 13 fixture polygons', () => {
    for (const polygon of polygons) geodesicArea(polygon);
  });
  bench('geodesicArea, one 500-vertex ring', () => {
    geodesicArea(largePolygon);
  });
  bench('geodesicLength, 12 fixture lines', () => {
    for (const line of lines) geodesicLength(line);
  });
});
