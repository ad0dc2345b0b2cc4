import { describe, expect, it } from 'vitest';
import { LAND_CELL_DEGREES, landWork, type LandPiece } from './land-cells';

type Ring = Array<[number, number]>;

const piecesOf = (rings: Ring[]): LandPiece[] => landWork(rings).flatMap((work) => work());
const fills = (pieces: LandPiece[]) => pieces.filter((piece) => piece.kind === 'fill').map((piece) => (piece.geometry as GeoJSON.Polygon).coordinates as Ring[]);
const coasts = (pieces: LandPiece[]) => pieces.filter((piece) => piece.kind === 'coast').flatMap((piece) => (piece.geometry as GeoJSON.MultiLineString).coordinates as Ring[]);

function length(line: Ring): number {
  let sum = 0;
  for (let at = 1; at < line.length; at += 1) sum += Math.hypot((line[at] as number[])[0]! - (line[at - 1] as number[])[0]!, (line[at] as number[])[1]! - (line[at - 1] as number[])[1]!);
  return sum;
}

function shoelace(ring: Ring): number {
  let sum = 0;
  for (let at = 1; at < ring.length; at += 1) sum += (ring[at - 1]![0] * ring[at]![1] - ring[at]![0] * ring[at - 1]![1]) / 2;
  return Math.abs(sum);
}

function box(rings: Ring[]): [number, number, number, number] {
  const all = rings.flat();
  return [Math.min(...all.map((p) => p[0])), Math.min(...all.map((p) => p[1])), Math.max(...all.map((p) => p[0])), Math.max(...all.map((p) => p[1]))];
}

describe('landWork', () => {
  it('keeps a polygon within one cell whole: one fill, its rings as coastline', () => {
    const island: Ring = [
      [1, 1],
      [4, 1],
      [4, 3],
      [1, 1],
    ];
    const pieces = piecesOf([island]);
    expect(fills(pieces)).toEqual([[island]]);
    expect(coasts(pieces)).toEqual([island]);
  });

  it('cuts a polygon spanning cells into fills within each (overlapping a little) and coastline cut at the cells themselves', () => {
    // 25° × 5°: three cells wide.
    const wide: Ring = [
      [2, 2],
      [27, 2],
      [27, 7],
      [2, 7],
      [2, 2],
    ];
    const pieces = piecesOf([wide]);
    const cut = fills(pieces);
    expect(cut).toHaveLength(3);
    for (const rings of cut) {
      const [west, , east] = box(rings);
      // Within one cell, widened by under a degree.
      expect(east - west).toBeLessThanOrEqual(LAND_CELL_DEGREES + 1);
    }
    // The fills cover the polygon (their overlaps add a little), and never more than the overlaps.
    const covered = cut.reduce((sum, rings) => sum + shoelace(rings[0]!), 0);
    expect(covered).toBeGreaterThanOrEqual(shoelace(wide));
    expect(covered).toBeLessThanOrEqual(shoelace(wide) + 2 * 2 * 0.5 * 5);
    // The coastline is cut, not changed: its stretches add up to the ring's length.
    const coastline = coasts(pieces);
    expect(coastline.length).toBeGreaterThan(1);
    expect(coastline.reduce((sum, line) => sum + length(line), 0)).toBeCloseTo(length(wide), 9);
  });

  it('keeps the holes of a cut polygon, in the cells they lie in', () => {
    const outer: Ring = [
      [0, 0],
      [20, 0],
      [20, 8],
      [0, 8],
      [0, 0],
    ];
    const hole: Ring = [
      [12, 2],
      [12, 6],
      [16, 6],
      [16, 2],
      [12, 2],
    ];
    const cut = fills(piecesOf([outer, hole]));
    expect(cut.map((rings) => rings.length).sort()).toEqual([1, 2]);
    const withHole = cut.find((rings) => rings.length === 2) as Ring[];
    expect(box([withHole[1]!])).toEqual([12, 2, 16, 6]);
  });

  it('joins a ring across the antimeridian instead of drawing a sliver around the world', () => {
    // An island from 178° E to 178° W, as world-atlas stores it (a jump of 356° in one step).
    const fiji: Ring = [
      [178, -16],
      [-178, -16],
      [-178, -17],
      [178, -17],
      [178, -16],
    ];
    const pieces = piecesOf([fiji]);
    for (const line of coasts(pieces)) for (let at = 1; at < line.length; at += 1) expect(Math.abs(line[at]![0] - line[at - 1]![0])).toBeLessThanOrEqual(LAND_CELL_DEGREES);
    const [west, , east] = box(fills(pieces).flat());
    expect(east - west).toBeCloseTo(4, 9);
  });

  it('moves a ring that starts past the antimeridian back as a whole', () => {
    // Starts at 179° W, then runs across to the east: its middle lies east of 0°.
    const ring: Ring = [
      [-179, 60],
      [170, 60],
      [100, 60],
      [100, 70],
      [170, 70],
      [-179, 70],
      [-179, 60],
    ];
    const [west, , east] = box(fills(piecesOf([ring])).flat());
    expect(west).toBeCloseTo(100, 9);
    expect(east).toBeCloseTo(181, 9);
  });

  it('leaves out the edge a ring runs along the pole: the map’s edge, not coast', () => {
    const antarctica: Ring = [
      [-170, -70],
      [-160, -72],
      [-160, -89.999],
      [-170, -89.999],
      [-170, -70],
    ];
    const coastline = coasts(piecesOf([antarctica]));
    for (const line of coastline) for (let at = 1; at < line.length; at += 1) expect(line[at]![1] <= -89.9 && line[at - 1]![1] <= -89.9).toBe(false);
    expect(coastline.reduce((sum, line) => sum + length(line), 0)).toBeCloseTo(length(antarctica) - 10, 9);
  });
});
