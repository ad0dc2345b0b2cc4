import type { Position } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import type { CanvasFeature } from './types';
import { paintBatches, type PaintBatch } from './batches';
import { projectAt } from './project-at';
import { clipped, sameRect, subtract, union } from './screen-rect';
import { flatShapeOf, type FlatShape, type ScreenShape } from './flat-shape';
import L from 'leaflet';

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

  it('tells the same rectangle from a moved or resized one', () => {
    expect(sameRect(area, { ...area })).toBe(true);
    expect(sameRect(area, { ...area, left: 1 })).toBe(false);
    expect(sameRect(area, { ...area, height: 81 })).toBe(false);
  });

  it('leaves nothing when the snapshot covers the area, and a frame around a smaller one', () => {
    expect(subtract(area, { left: -10, top: -10, width: 200, height: 200 })).toEqual([]);
    const frame = subtract(area, { left: 10, top: 10, width: 20, height: 20 });
    expect(frame).toHaveLength(4);
    expect(size(frame)).toBe(100 * 80 - 20 * 20);
  });
});

describe('clipped', () => {
  const area = { left: 0, top: 0, width: 100, height: 80 };

  it('keeps the part of a rectangle inside the area, and the whole of one inside it', () => {
    expect(clipped({ left: -30, top: 50, width: 60, height: 60 }, area)).toEqual({ left: 0, top: 50, width: 30, height: 30 });
    expect(clipped({ left: 10, top: 20, width: 30, height: 40 }, area)).toEqual({ left: 10, top: 20, width: 30, height: 40 });
    expect(clipped({ left: -10, top: -10, width: 200, height: 200 }, area)).toEqual(area);
  });

  it('leaves an empty rectangle (a width or height of 0 or less) where the two do not meet', () => {
    expect(clipped({ left: 100, top: 0, width: 20, height: 20 }, area)).toEqual({ left: 100, top: 0, width: 0, height: 20 });
    expect(clipped({ left: 130, top: 90, width: 20, height: 20 }, area)).toEqual({ left: 130, top: 90, width: -30, height: -10 });
  });
});

describe('union', () => {
  it('gives the smallest rectangle holding both, whether they meet, lie apart or one holds the other', () => {
    expect(union({ left: 0, top: 0, width: 50, height: 40 }, { left: 30, top: 20, width: 50, height: 40 })).toEqual({ left: 0, top: 0, width: 80, height: 60 });
    expect(union({ left: 100, top: -20, width: 10, height: 10 }, { left: -5, top: 30, width: 5, height: 5 })).toEqual({ left: -5, top: -20, width: 115, height: 55 });
    expect(union({ left: 0, top: 0, width: 100, height: 80 }, { left: 10, top: 10, width: 20, height: 20 })).toEqual({ left: 0, top: 0, width: 100, height: 80 });
  });
});

describe('paintBatches', () => {
  const saved: L.PathOptions = { color: '#3388ff' };
  const unsaved: L.PathOptions = { color: '#d46b08' };
  /** A ring of `positions` positions, told apart by its first longitude. */
  const ring = (tag: number, positions: number): Position[] => Array.from({ length: positions }, (_, index) => [tag, index * 0.001]);
  const polygon = (tag: number, positions: number) => flatShapeOf({ type: 'Polygon', coordinates: [ring(tag, positions)] }) as FlatShape;
  const line = (tag: number, positions: number) => flatShapeOf({ type: 'LineString', coordinates: ring(tag, positions) }) as FlatShape;
  /** Each shape "simplified" to its own positions, tagged so the test can tell whose screen it is. */
  const screenOf = (shape: FlatShape): ScreenShape => {
    const points = new Float64Array(shape.positions * 2).fill(shape.rings[0]?.[0]?.[0] ?? NaN);
    return { points, rings: Uint32Array.of(0, shape.positions), bounds: [0, 0, 0, 0] };
  };
  const tags = (batch: PaintBatch) => batch.screens.map((screen) => screen.points[0]);

  it('paints style by style in the order styles appear, polygons before lines, and batches that grow from small', () => {
    const features: CanvasFeature[] = [
      { id: 'a', shape: polygon(1, 300), style: saved },
      { id: 'b', shape: line(2, 300), style: saved },
      { id: 'c', shape: polygon(3, 300), style: unsaved },
      ...Array.from({ length: 40 }, (_, index) => ({ id: `p${index}`, shape: polygon(10 + index, 300), style: saved })),
    ];
    const batches: PaintBatch[] = [];
    paintBatches(features, 1, screenOf, (batch) => batches.push(batch));
    const order = batches.flatMap(tags);
    expect(order).toEqual([1, ...Array.from({ length: 40 }, (_, index) => 10 + index), 2, 3]);
    expect(batches.map((batch) => [batch.style.color, batch.polygon])).toEqual([
      ...batches.filter((batch) => batch.style === saved && batch.polygon).map(() => ['#3388ff', true]),
      ['#3388ff', false],
      ['#d46b08', true],
    ]);
    // 300 positions a shape: the first batch closes at 512 positions (2 shapes), the next at 1024 (4), 2048 (7), then 4096 (14).
    expect(batches.filter((batch) => batch.style === saved && batch.polygon).map((batch) => batch.screens.length)).toEqual([2, 4, 7, 14, 14]);
    expect(batches.every((batch) => batch.part === 0)).toBe(true);
  });

  it('cuts the drawing order into parts of about as many positions, in order, so the layers drawn in turn paint what one pass paints', () => {
    const sizes = [500, 20, 900, 300, 300, 40, 700, 100, 250, 600, 50, 400];
    const features: CanvasFeature[] = sizes.map((positions, index) => ({
      id: String(index),
      shape: index % 4 === 3 ? line(index, positions) : polygon(index, positions),
      style: index % 5 === 4 ? unsaved : saved,
    }));
    const one: PaintBatch[] = [];
    paintBatches(features, 1, screenOf, (batch) => one.push(batch));
    const two: PaintBatch[] = [];
    paintBatches(features, 2, screenOf, (batch) => two.push(batch));
    const parts = two.map((batch) => batch.part);
    expect(parts).toEqual([...parts].sort());
    expect(new Set(parts)).toEqual(new Set([0, 1]));
    // The same shapes in the same order, with the same style and kind each.
    const painted = (batches: PaintBatch[]) => batches.flatMap((batch) => tags(batch).map((tag) => [tag, batch.style.color, batch.polygon]));
    expect(painted(two)).toEqual(painted(one));
    const positions = (part: number) => two.filter((batch) => batch.part === part).reduce((sum, batch) => sum + batch.screens.reduce((count, screen) => count + screen.points.length / 2, 0), 0);
    expect(Math.abs(positions(0) - positions(1))).toBeLessThanOrEqual(Math.max(...sizes));
  });

  it('keeps shapes with no positions in the first part', () => {
    const batches: PaintBatch[] = [];
    paintBatches([{ id: 'empty', shape: polygon(1, 0), style: saved }], 2, screenOf, (batch) => batches.push(batch));
    expect(batches.map((batch) => batch.part)).toEqual([0]);
  });
});
