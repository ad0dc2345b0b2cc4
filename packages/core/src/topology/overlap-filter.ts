import type { MultiPolygon, Polygon, Position } from '../domain/geometry.js';
import { orientation, placeOfPoint, strictlyBetween } from './planar.js';

/*
 * Whether two valid polygonal geometries' interiors can overlap, decided with exact orientation
 * tests before the (costly) polygon algebra is asked for the overlap's area: neighbours in a
 * mosaic share edges and vertices and never overlap, and most pairs of a layer's index are such.
 *
 * Without a proper crossing of two edges, each edge of one geometry split at the other's vertices
 * lies wholly inside, outside or along the other's boundary, so its middle tells which. Interiors
 * overlap only if some such piece lies inside the other, or if every piece of one lies along the
 * other's boundary (the same outline).
 */

type Polygonal = Polygon | MultiPolygon;

function ringsOf(geometry: Polygonal): Position[][] {
  return geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
}

function segmentBoxesMeet(a: Position, b: Position, c: Position, d: Position): boolean {
  return (
    Math.max(a[0] as number, b[0] as number) >= Math.min(c[0] as number, d[0] as number) &&
    Math.max(c[0] as number, d[0] as number) >= Math.min(a[0] as number, b[0] as number) &&
    Math.max(a[1] as number, b[1] as number) >= Math.min(c[1] as number, d[1] as number) &&
    Math.max(c[1] as number, d[1] as number) >= Math.min(a[1] as number, b[1] as number)
  );
}

/** The edges of `rings` that meet the box `[minx, miny, maxx, maxy]`. */
function edgesNear(rings: readonly Position[][], box: readonly number[]): Array<[Position, Position]> {
  const [minX = 0, minY = 0, maxX = 0, maxY = 0] = box;
  const near: Array<[Position, Position]> = [];
  for (const ring of rings) {
    for (let index = 0; index + 1 < ring.length; index += 1) {
      const a = ring[index] as Position;
      const b = ring[index + 1] as Position;
      if (Math.max(a[0] as number, b[0] as number) < minX || Math.min(a[0] as number, b[0] as number) > maxX) continue;
      if (Math.max(a[1] as number, b[1] as number) < minY || Math.min(a[1] as number, b[1] as number) > maxY) continue;
      near.push([a, b]);
    }
  }
  return near;
}

/** 'inside' when a piece of one of `edges` (split at the other's vertices) lies inside `other`; 'boundary' when all lie along its boundary. */
function piecesAgainst(edges: ReadonlyArray<[Position, Position]>, otherEdges: ReadonlyArray<[Position, Position]>, other: readonly Position[][]): 'inside' | 'boundary' | 'apart' {
  let allBoundary = true;
  for (const [a, b] of edges) {
    const cuts = [0, 1];
    const [ax = 0, ay = 0] = a;
    const dx = (b[0] as number) - ax;
    const dy = (b[1] as number) - ay;
    for (const [c] of otherEdges) {
      if (orientation(a, b, c) === 0 && strictlyBetween(a, b, c)) cuts.push((((c[0] as number) - ax) * dx + ((c[1] as number) - ay) * dy) / (dx * dx + dy * dy));
    }
    cuts.sort((x, y) => x - y);
    for (let index = 0; index + 1 < cuts.length; index += 1) {
      const middle = ((cuts[index] as number) + (cuts[index + 1] as number)) / 2;
      const place = placeOfPoint([ax + middle * dx, ay + middle * dy], other);
      if (place === 'inside') return 'inside';
      if (place === 'outside') allBoundary = false;
    }
  }
  return allBoundary ? 'boundary' : 'apart';
}

/** Whether the interiors of `a` and `b` (valid polygons or multipolygons) may overlap: false only when they provably do not. */
export function interiorsMayOverlap(a: Polygonal, b: Polygonal, boxA: readonly number[], boxB: readonly number[]): boolean {
  const ringsA = ringsOf(a);
  const ringsB = ringsOf(b);
  const common = [Math.max(boxA[0] as number, boxB[0] as number), Math.max(boxA[1] as number, boxB[1] as number), Math.min(boxA[2] as number, boxB[2] as number), Math.min(boxA[3] as number, boxB[3] as number)];
  const nearA = edgesNear(ringsA, common);
  const nearB = edgesNear(ringsB, common);
  for (const [p, q] of nearA) {
    for (const [c, d] of nearB) {
      if (!segmentBoxesMeet(p, q, c, d)) continue;
      if (orientation(p, q, c) * orientation(p, q, d) < 0 && orientation(c, d, p) * orientation(c, d, q) < 0) return true;
    }
  }
  const ofA = piecesAgainst(nearA, nearB, ringsB);
  if (ofA === 'inside') return true;
  const ofB = piecesAgainst(nearB, nearA, ringsA);
  if (ofB === 'inside') return true;
  // Whole geometries lying in the other's box with no edge near it cannot be told by pieces: a vertex can.
  const anyA = ringsA[0]?.[0];
  const anyB = ringsB[0]?.[0];
  if (nearA.length === 0 || nearB.length === 0) {
    return (anyA !== undefined && placeOfPoint(anyA, ringsB) === 'inside') || (anyB !== undefined && placeOfPoint(anyB, ringsA) === 'inside');
  }
  // Edges away from the common box lie outside the other: the same outline needs every edge near it.
  const edgeCount = (rings: readonly Position[][]): number => rings.reduce((count, ring) => count + Math.max(ring.length - 1, 0), 0);
  return ofA === 'boundary' && ofB === 'boundary' && nearA.length === edgeCount(ringsA) && nearB.length === edgeCount(ringsB);
}
