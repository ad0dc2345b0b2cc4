import type { MultiPolygon, Polygon, Position } from '../domain/geometry.js';
import { interiorFacesOfNumbered, type NumberedEdge } from './face-walk.js';
import { orientation, placeOfPoint, polygonPlanarArea, strictlyBetween } from './planar.js';
import { RingEdges } from './ring-edges.js';

/*
 * The union of polygons that meet only along edges whose vertices match, as a mosaic's
 * neighbours and a split's pieces do: every edge two of them share is dropped and the faces of
 * what is left are walked. No position is computed, so the union is exact and linear in the
 * vertices, where the general polygon algebra takes a large multiple of a frame on two
 * 5 000-vertex towns. Whenever the inputs are not such (two edges cross, a vertex lies on another
 * polygon's edge, an edge is shared the same way round, one lies inside another), it answers
 * nothing and the caller takes the general way.
 */


/** Whether segments a–b and c–d meet anywhere but at an end they share. */
function meetOtherwise(a: Position, b: Position, c: Position, d: Position): boolean {
  const sideOfC = orientation(a, b, c);
  const sideOfD = orientation(a, b, d);
  const sideOfA = orientation(c, d, a);
  const sideOfB = orientation(c, d, b);
  if (sideOfC * sideOfD < 0 && sideOfA * sideOfB < 0) return true;
  if (sideOfC === 0 && strictlyBetween(a, b, c)) return true;
  if (sideOfD === 0 && strictlyBetween(a, b, d)) return true;
  if (sideOfA === 0 && strictlyBetween(c, d, a)) return true;
  return sideOfB === 0 && strictlyBetween(c, d, b);
}

/** The union's polygons when the inputs meet only along matching edges, else undefined. */
export function dissolveSharedEdges(geometries: readonly (Polygon | MultiPolygon)[]): Position[][][] | undefined {
  const polygons = geometries.flatMap((geometry) => (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates));
  const edges = new RingEdges();
  polygons.forEach((rings, owner) => edges.add(rings, owner));
  const leaving = edges.leaving();
  const kept: NumberedEdge[] = [];
  // The edges to test for crossings: a shared edge once (its twin lies on it exactly).
  const tested: number[] = [];
  for (let edge = 0; edge < edges.count; edge += 1) {
    // The same edge twice the same way round: not a mosaic.
    if (edges.sameWay(edge, leaving) >= 0) return undefined;
    const twin = edges.twinOf(edge, leaving);
    const from = edges.fromId[edge] as number;
    const to = edges.toId[edge] as number;
    if (twin < 0) kept.push({ edge: { from: edges.from[edge] as Position, to: edges.to[edge] as Position, interiorLeft: true, interiorRight: false }, from, to });
    else if (edges.owner[twin] === edges.owner[edge]) return undefined;
    if (twin < 0 || from < to) tested.push(edge);
  }
  return noEdgesMeetOtherwise(edges, tested) ? facesOf(polygons, kept, edges.nodes.count) : undefined;
}

/**
 * Whether no two of the edges meet anywhere but at an end they share: a sweep along x over the
 * edges in order of their least x, each tested against those whose x range it overlaps (a
 * boundary has a few at any x), with the y ranges compared before the exact test.
 */
function noEdgesMeetOtherwise(edges: RingEdges, tested: readonly number[]): boolean {
  const count = tested.length;
  const minX = new Float64Array(count);
  const maxX = new Float64Array(count);
  const minY = new Float64Array(count);
  const maxY = new Float64Array(count);
  for (let at = 0; at < count; at += 1) {
    const edge = tested[at] as number;
    const [fromX, fromY] = edges.from[edge] as [number, number];
    const [toX, toY] = edges.to[edge] as [number, number];
    minX[at] = fromX < toX ? fromX : toX;
    maxX[at] = fromX < toX ? toX : fromX;
    minY[at] = fromY < toY ? fromY : toY;
    maxY[at] = fromY < toY ? toY : fromY;
  }
  const order = new Uint32Array(count);
  for (let at = 0; at < count; at += 1) order[at] = at;
  order.sort((a, b) => (minX[a] as number) - (minX[b] as number));
  for (let place = 0; place < count; place += 1) {
    const at = order[place] as number;
    const right = maxX[at] as number;
    const low = minY[at] as number;
    const high = maxY[at] as number;
    const edge = tested[at] as number;
    for (let next = place + 1; next < count; next += 1) {
      const other = order[next] as number;
      if ((minX[other] as number) > right) break;
      if ((minY[other] as number) > high || (maxY[other] as number) < low) continue;
      const otherEdge = tested[other] as number;
      if (meetOtherwise(edges.from[edge] as Position, edges.to[edge] as Position, edges.from[otherEdge] as Position, edges.to[otherEdge] as Position)) return false;
    }
  }
  return true;
}

/** The union's polygons from the edges left once shared ones are dropped, when the inputs cross nowhere; else undefined. */
function facesOf(polygons: readonly Position[][][], kept: readonly NumberedEdge[], nodeCount: number): Position[][][] | undefined {
  // No crossings: a polygon inside another shows by any vertex of it strictly inside the other.
  for (let owner = 0; owner < polygons.length; owner += 1) {
    const corner = polygons[owner]?.[0]?.[0];
    if (corner === undefined) continue;
    for (let other = 0; other < polygons.length; other += 1) if (other !== owner && placeOfPoint(corner, polygons[other] as Position[][]) === 'inside') return undefined;
  }
  const faces = interiorFacesOfNumbered(kept, nodeCount);
  const shells = faces.filter((face) => face.signedArea2 > 0).map((face) => [face.ring]);
  for (const hole of faces.filter((face) => face.signedArea2 < 0)) {
    const corner = hole.ring[0] as Position;
    const owner = shells.filter((shell) => placeOfPoint(corner, shell) === 'inside').sort((a, b) => polygonPlanarArea(a) - polygonPlanarArea(b))[0];
    if (owner === undefined) return undefined;
    owner.push(hole.ring);
  }
  // A last guard: disjoint interiors add up.
  const sum = polygons.reduce((area, rings) => area + polygonPlanarArea(rings), 0);
  const union = shells.reduce((area, rings) => area + polygonPlanarArea(rings), 0);
  return Math.abs(union - sum) <= 1e-12 * sum ? shells : undefined;
}
