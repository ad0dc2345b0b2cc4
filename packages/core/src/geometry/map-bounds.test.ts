import { describe, expect, it } from 'vitest';
import { geodesicLength } from '../measure/geodesic-measure.js';
import { boundsOfGeometries, fittableBounds, initialMapBounds, padBounds } from './map-bounds.js';

describe('initialMapBounds', () => {
  it('is the sample region of spec section 9 padded by 10 % of its size on every side', () => {
    const bounds = initialMapBounds();
    // 28.32 − 20.56 = 7.76° high, 120.72 − 115.85 = 4.87° wide.
    expect(bounds.south).toBeCloseTo(20.56 - 0.776, 10);
    expect(bounds.north).toBeCloseTo(28.32 + 0.776, 10);
    expect(bounds.west).toBeCloseTo(115.85 - 0.487, 10);
    expect(bounds.east).toBeCloseTo(120.72 + 0.487, 10);
  });
});

describe('padBounds', () => {
  it('grows each side by the ratio, and shrinks with a negative one', () => {
    expect(padBounds({ south: 0, west: 10, north: 2, east: 14 }, 0.5)).toEqual({ south: -1, west: 8, north: 3, east: 16 });
    expect(padBounds({ south: 0, west: 10, north: 2, east: 14 }, -0.25)).toEqual({ south: 0.5, west: 11, north: 1.5, east: 13 });
  });
});

describe('boundsOfGeometries', () => {
  it('covers every geometry', () => {
    expect(
      boundsOfGeometries([
        { type: 'Point', coordinates: [118, 24] },
        { type: 'LineString', coordinates: [[117, 25], [117.5, 26]] },
        { type: 'Polygon', coordinates: [[[119, 23], [119.5, 23], [119.5, 23.5], [119, 23]]] },
      ]),
    ).toEqual({ south: 23, west: 117, north: 26, east: 119.5 });
    expect(
      boundsOfGeometries([
        { type: 'MultiPoint', coordinates: [[110, 20], [111, 21]] },
        { type: 'MultiLineString', coordinates: [[[112, 19], [112.5, 19.5]]] },
        { type: 'MultiPolygon', coordinates: [[[[113, 22], [114, 22], [114, 23], [113, 22]]]] },
      ]),
    ).toEqual({ south: 19, west: 110, north: 23, east: 114 });
  });

  it('is undefined for nothing, and skips geometries without coordinates', () => {
    expect(boundsOfGeometries([])).toBeUndefined();
    expect(boundsOfGeometries([{ type: 'MultiPolygon', coordinates: [] }])).toBeUndefined();
    expect(boundsOfGeometries([{ type: 'MultiPolygon', coordinates: [] }, { type: 'Point', coordinates: [118, 24] }])).toEqual({
      south: 24,
      west: 118,
      north: 24,
      east: 118,
    });
  });
});

describe('fittableBounds', () => {
  it('widens bounds collapsed to a point into a 10 m box centred on it', () => {
    const box = fittableBounds({ south: 24.5, west: 118.1, north: 24.5, east: 118.1 });
    const height = geodesicLength({ type: 'LineString', coordinates: [[118.1, box.south], [118.1, box.north]] });
    const width = geodesicLength({ type: 'LineString', coordinates: [[box.west, 24.5], [box.east, 24.5]] });
    expect(height).toBeCloseTo(10, 6);
    expect(width).toBeCloseTo(10, 4);
    expect((box.south + box.north) / 2).toBeCloseTo(24.5, 9);
    expect((box.west + box.east) / 2).toBeCloseTo(118.1, 9);
  });

  it('takes another size, and leaves bounds with an extent alone', () => {
    const box = fittableBounds({ south: 20.6, west: 116, north: 20.6, east: 116 }, 100);
    expect(geodesicLength({ type: 'LineString', coordinates: [[116, box.south], [116, box.north]] })).toBeCloseTo(100, 5);
    const line = { south: 24, west: 118, north: 24, east: 118.5 };
    expect(fittableBounds(line)).toBe(line);
  });
});
