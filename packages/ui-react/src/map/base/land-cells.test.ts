import { describe, expect, it } from 'vitest';
import { cutLand, LAND_CELL_DEGREES, PIECE_POSITIONS, type LandPiece } from './land-cells';

type Ring = Array<[number, number]>;

const piecesOf = (rings: Ring[]): LandPiece[] => [...cutLand(rings)].flat();
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

/** The ring with a position every hundredth of a degree along its edges. */
function dense(ring: Ring): Ring {
  const out: Ring = [];
  for (let at = 1; at < ring.length; at += 1) {
    const [x0, y0] = ring[at - 1]!;
    const [x1, y1] = ring[at]!;
    const steps = Math.max(1, Math.round(Math.hypot(x1 - x0, y1 - y0) * 100));
    for (let step = 0; step < steps; step += 1) out.push([x0 + ((x1 - x0) * step) / steps, y0 + ((y1 - y0) * step) / steps]);
  }
  out.push(ring[ring.length - 1]!);
  return out;
}

function box(rings: Ring[]): [number, number, number, number] {
  const all = rings.flat();
  return [Math.min(...all.map((p) => p[0])), Math.min(...all.map((p) => p[1])), Math.max(...all.map((p) => p[0])), Math.max(...all.map((p) => p[1]))];
}

describe('landWork', () => {
  it('keeps a small polygon whole: one fill, its rings as coastline', () => {
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

  it('cuts a large polygon into small pieces: fills overlapping a little, coastline cut end to end', () => {
    // Ten cells wide, with positions every hundredth of a degree: far more than a piece holds.
    const c = LAND_CELL_DEGREES;
    const wide = dense([
      [0.2 * c, 0.2 * c],
      [10.2 * c, 0.2 * c],
      [10.2 * c, 0.7 * c],
      [0.2 * c, 0.7 * c],
      [0.2 * c, 0.2 * c],
    ]);
    expect(wide.length).toBeGreaterThan(4 * PIECE_POSITIONS);
    const pieces = piecesOf([wide]);
    const cut = fills(pieces);
    expect(cut.length).toBeGreaterThan(4);
    for (const rings of cut) {
      const [west, south, east, north] = box(rings);
      expect(rings.flat().length <= PIECE_POSITIONS || Math.max(east - west, north - south) <= c + 1).toBe(true);
    }
    // The fills cover the polygon; they overlap where they meet, by about a degree each time.
    const covered = cut.reduce((sum, rings) => sum + shoelace(rings[0]!), 0);
    expect(covered).toBeGreaterThanOrEqual(shoelace(wide) - 1e-6);
    expect(covered).toBeLessThanOrEqual(shoelace(wide) + (cut.length - 1) * 1 * 0.5 * c + 1e-6);
    // The coastline is cut, not changed: its stretches add up to the ring's length.
    const coastline = coasts(pieces);
    expect(coastline.length).toBeGreaterThan(1);
    for (const piece of pieces.filter((each) => each.kind === 'coast')) {
      const lines = (piece.geometry as GeoJSON.MultiLineString).coordinates as Ring[];
      const [west, south, east, north] = box(lines);
      expect(lines.flat().length <= PIECE_POSITIONS || Math.max(east - west, north - south) <= c).toBe(true);
    }
    expect(coastline.reduce((sum, line) => sum + length(line), 0)).toBeCloseTo(length(wide), 6);
  });

  it('keeps the holes of a cut polygon, in the pieces they lie in', () => {
    const c = LAND_CELL_DEGREES;
    const outer = dense([
      [0, 0],
      [8 * c, 0],
      [8 * c, 0.8 * c],
      [0, 0.8 * c],
      [0, 0],
    ]);
    const hole: Ring = [
      [5.2 * c, 0.2 * c],
      [5.2 * c, 0.6 * c],
      [5.6 * c, 0.6 * c],
      [5.6 * c, 0.2 * c],
      [5.2 * c, 0.2 * c],
    ];
    const cut = fills(piecesOf([outer, hole]));
    // The hole may straddle a cut: its parts, together, are the hole.
    const holes = cut.flatMap((rings) => rings.slice(1));
    expect(holes.length).toBeGreaterThan(0);
    expect(box(holes)).toEqual([5.2 * c, 0.2 * c, 5.6 * c, 0.6 * c]);
    expect(cut.length).toBeGreaterThan(1);
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
    for (const line of coasts(pieces)) for (let at = 1; at < line.length; at += 1) expect(Math.abs(line[at]![0] - line[at - 1]![0])).toBeLessThanOrEqual(4);
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
