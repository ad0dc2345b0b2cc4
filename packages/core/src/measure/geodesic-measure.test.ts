/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { area as turfArea } from '@turf/area';
import { describe, expect, it } from 'vitest';
import type { Geometry } from '../domain/geometry.js';
import { geodesicArea, geodesicLength, type AreaGeometry, type LengthGeometry } from './geodesic-measure.js';

/*
 * Fixtures: test/in/*.geojson are the shapes (10 m to 500 km, lat 20.5–28 N); test/out/*.json
 * hold reference values from an independent ellipsoidal implementation (PROJ via pyproj,
 * cross-checked with GeographicLib's Planimeter). Regenerate with
 * `python3 packages/core/src/measure/test/reference.py` (`--check` to verify without writing).
 */
interface Fixture {
  features: Array<{ properties: { name: string }; geometry: Geometry }>;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as T;

const polygons = readJson<Fixture>('./test/in/polygons.geojson').features;
const lines = readJson<Fixture>('./test/in/lines.geojson').features;
const areas = readJson<Record<string, { area: number }>>('./test/out/polygons.json');
const lengths = readJson<Record<string, { length: number }>>('./test/out/lines.json');

const RELATIVE_TOLERANCE = 1e-6;

function expectClose(actual: number, expected: number): void {
  expect(Math.abs(actual - expected) / expected).toBeLessThanOrEqual(RELATIVE_TOLERANCE);
}

describe('geodesicArea', () => {
  it('has a reference value for every fixture, from 100 m² to 500 km across', () => {
    expect(polygons.length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(areas).sort()).toEqual(polygons.map((feature) => feature.properties.name).sort());
    const values = Object.values(areas).map((entry) => entry.area);
    expect(Math.min(...values)).toBeLessThan(200);
    expect(Math.max(...values)).toBeGreaterThan(2e11);
  });

  it.each(polygons.map((feature) => [feature.properties.name, feature.geometry] as const))(
    '%s matches the ellipsoidal reference to 1e-6',
    (name, geometry) => {
      expectClose(geodesicArea(geometry as AreaGeometry), areas[name]?.area ?? NaN);
    },
  );

  it('is ellipsoidal: turf’s spherical area misses the reference by more than 0.1 %', () => {
    const square = polygons.find((feature) => feature.properties.name === 'square-100km')?.geometry as AreaGeometry;
    const reference = areas['square-100km']?.area ?? NaN;
    expect(Math.abs(turfArea(square) - reference) / reference).toBeGreaterThan(1e-3);
    expectClose(geodesicArea(square), reference);
  });

  it('does not depend on ring orientation or on the closing point', () => {
    const ring = [[118, 24], [118.1, 24], [118.1, 24.1], [118, 24.1], [118, 24]];
    const counterClockwise = geodesicArea({ type: 'Polygon', coordinates: [ring] });
    expect(geodesicArea({ type: 'Polygon', coordinates: [[...ring].reverse()] })).toBeCloseTo(counterClockwise, 6);
    expect(geodesicArea({ type: 'Polygon', coordinates: [ring.slice(0, -1)] })).toBeCloseTo(counterClockwise, 6);
  });

  it('subtracts holes and sums the parts of a multipolygon', () => {
    const outer = [[118, 24], [118.2, 24], [118.2, 24.2], [118, 24.2], [118, 24]];
    const hole = [[118.05, 24.05], [118.1, 24.05], [118.1, 24.1], [118.05, 24.1], [118.05, 24.05]];
    const whole = geodesicArea({ type: 'Polygon', coordinates: [outer] });
    const holeArea = geodesicArea({ type: 'Polygon', coordinates: [hole] });
    expect(geodesicArea({ type: 'Polygon', coordinates: [outer, hole] })).toBeCloseTo(whole - holeArea, 4);
    expect(geodesicArea({ type: 'MultiPolygon', coordinates: [[outer, hole], [hole]] })).toBeCloseTo(whole, 4);
  });

  it('is zero for empty and degenerate shapes', () => {
    expect(geodesicArea({ type: 'Polygon', coordinates: [] })).toBe(0);
    expect(geodesicArea({ type: 'MultiPolygon', coordinates: [] })).toBe(0);
    expect(geodesicArea({ type: 'Polygon', coordinates: [[[118, 24], [118.1, 24], [118, 24]]] })).toBe(0);
  });
});

describe('geodesicLength', () => {
  it('has a reference value for every fixture, from 10 m to 500 km', () => {
    expect(lines.length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(lengths).sort()).toEqual(lines.map((feature) => feature.properties.name).sort());
    const values = Object.values(lengths).map((entry) => entry.length);
    expect(Math.min(...values)).toBeLessThan(11);
    expect(Math.max(...values)).toBeGreaterThan(499_000);
  });

  it.each(lines.map((feature) => [feature.properties.name, feature.geometry] as const))(
    '%s matches the ellipsoidal reference to 1e-6',
    (name, geometry) => {
      expectClose(geodesicLength(geometry as LengthGeometry), lengths[name]?.length ?? NaN);
    },
  );

  it('is zero for a single point or no line at all', () => {
    expect(geodesicLength({ type: 'LineString', coordinates: [[118, 24]] })).toBe(0);
    expect(geodesicLength({ type: 'MultiLineString', coordinates: [] })).toBe(0);
  });
});
