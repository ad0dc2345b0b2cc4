import { describe, expect, it } from 'vitest';
import { labelAnchor } from './label-anchor';

const square = (west: number, south: number, side: number) => [
  [west, south],
  [west + side, south],
  [west + side, south + side],
  [west, south + side],
  [west, south],
];

describe('labelAnchor', () => {
  it("centres a square's label on it, with the square's width as its room", () => {
    const anchor = labelAnchor({ type: 'Polygon', coordinates: [square(0, 0, 2)] });
    expect(anchor?.kind).toBe('area');
    expect(anchor?.at[0]).toBeCloseTo(1, 9);
    expect(anchor?.at[1]).toBeCloseTo(1, 6);
    expect(anchor?.span).toBeCloseTo(2, 9);
  });

  it('puts a C-shaped polygon\'s label inside it, where its centroid is not', () => {
    // A C open to the east: the bar on the west 1° wide, the arms 4° long; its middle row is the bar only.
    const c = [[0, 0], [4, 0], [4, 1], [1, 1], [1, 2], [4, 2], [4, 3], [0, 3], [0, 0]];
    const anchor = labelAnchor({ type: 'Polygon', coordinates: [c] });
    expect(anchor?.at[0]).toBeCloseTo(0.5, 9);
    expect(anchor?.span).toBeCloseTo(1, 9);
  });

  it('leaves a hole out: the widest stretch beside it', () => {
    const anchor = labelAnchor({ type: 'Polygon', coordinates: [square(0, 0, 10), square(2, 2, 6)] });
    // Inside at the middle row: 0–2 and 8–10; the first of the widest.
    expect(anchor?.at[0]).toBeCloseTo(1, 9);
    expect(anchor?.span).toBeCloseTo(2, 9);
  });

  it("labels a multipolygon's largest part, a multiline's longest line at its middle, a multipoint's first point", () => {
    expect(labelAnchor({ type: 'MultiPolygon', coordinates: [[square(0, 0, 1)], [square(10, 10, 3)]] })?.at[0]).toBeCloseTo(11.5, 9);
    const line = labelAnchor({ type: 'MultiLineString', coordinates: [[[0, 0], [1, 0]], [[0, 5], [4, 5], [4, 9]]] });
    expect(line).toEqual({ kind: 'line', at: [4, 5] });
    expect(labelAnchor({ type: 'MultiPoint', coordinates: [[3, 4], [5, 6]] })).toEqual({ kind: 'point', at: [3, 4] });
    expect(labelAnchor({ type: 'MultiPoint', coordinates: [] })).toBeUndefined();
  });
});
