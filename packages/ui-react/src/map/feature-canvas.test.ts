import { describe, expect, it } from 'vitest';
import { projectAt, subtract } from './feature-canvas';
import { L } from './leaflet';

describe('projectAt', () => {
  it.each([
    ['EPSG3857', L.CRS.EPSG3857],
    ['EPSG4326', L.CRS.EPSG4326],
    ['EPSG3395', L.CRS.EPSG3395],
  ] as const)("writes the world pixels Leaflet's %s gives, at whole and fractional zooms", (_, crs) => {
    const into = { x: 0, y: 0 };
    for (const zoom of [0, 7, 9.25, 18]) {
      const project = projectAt(crs, zoom);
      for (const [lng, lat] of [
        [119.3, 26.08],
        [-70.5, -33.4],
        [0, 0],
      ] as const) {
        project(lng, lat, into);
        const expected = crs.latLngToPoint(L.latLng(lat, lng), zoom);
        expect(into.x).toBeCloseTo(expected.x, 6);
        expect(into.y).toBeCloseTo(expected.y, 6);
      }
    }
  });
});

describe('subtract', () => {
  const area = { left: 0, top: 0, width: 100, height: 80 };
  const size = (rects: ReturnType<typeof subtract>) => rects.reduce((sum, rect) => sum + rect.width * rect.height, 0);

  it('leaves the strips a pan uncovers', () => {
    // The view moved 30 px right and 20 px down: what was drawn is 30 px left and 20 px up of it.
    const strips = subtract(area, { left: -30, top: -20, width: 100, height: 80 });
    expect(strips).toEqual([
      { left: 0, top: 60, width: 100, height: 20 },
      { left: 70, top: 0, width: 30, height: 60 },
    ]);
    expect(size(strips)).toBe(100 * 80 - 70 * 60);
  });

  it('leaves nothing when the snapshot covers the area, and a frame around a smaller one', () => {
    expect(subtract(area, { left: -10, top: -10, width: 200, height: 200 })).toEqual([]);
    const frame = subtract(area, { left: 10, top: 10, width: 20, height: 20 });
    expect(frame).toHaveLength(4);
    expect(size(frame)).toBe(100 * 80 - 20 * 20);
  });
});
