import Flatbush from 'flatbush';
import type { MultiPolygon, Polygon, Position } from '../domain/geometry.js';
import { interiorFaces, Nodes, type GraphEdge } from './face-walk.js';
import { orientation, placeOfPoint, polygonPlanarArea, ringSignedArea2, samePoint, strictlyBetween } from './planar.js';

/*
 * The union of polygons that meet only along edges whose vertices match, as a mosaic's
 * neighbours and a split's pieces do: every edge two of them share is dropped and the faces of
 * what is left are walked. No position is computed, so the union is exact and linear in the
 * vertices, where the general polygon algebra takes a large multiple of a frame on two
 * 5 000-vertex towns. Whenever the inputs are not such (two edges cross, a vertex lies on another
 * polygon's edge, an edge is shared the same way round, one lies inside another), it answers
 * nothing and the caller takes the general way.
 */

function turned(ring: readonly Position[], outer: boolean): readonly Position[] {
  return ringSignedArea2(ring) > 0 === outer ? ring : [...ring].reverse();
}

interface Owned extends GraphEdge {
  owner: number;
}

/** Whether two edges meet anywhere but at an end they share. */
function meetOtherwise(a: Owned, b: Owned): boolean {
  const sideOfC = orientation(a.from, a.to, b.from);
  const sideOfD = orientation(a.from, a.to, b.to);
  const sideOfA = orientation(b.from, b.to, a.from);
  const sideOfB = orientation(b.from, b.to, a.to);
  if (sideOfC * sideOfD < 0 && sideOfA * sideOfB < 0) return true;
  if (sideOfC === 0 && strictlyBetween(a.from, a.to, b.from)) return true;
  if (sideOfD === 0 && strictlyBetween(a.from, a.to, b.to)) return true;
  if (sideOfA === 0 && strictlyBetween(b.from, b.to, a.from)) return true;
  return sideOfB === 0 && strictlyBetween(b.from, b.to, a.to);
}

/** The union's polygons when the inputs meet only along matching edges, else undefined. */
export function dissolveSharedEdges(geometries: readonly (Polygon | MultiPolygon)[]): Position[][][] | undefined {
  const polygons = geometries.flatMap((geometry) => (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates));
  const edges: Owned[] = [];
  polygons.forEach((rings, owner) =>
    rings.forEach((ring, index) => {
      const ordered = turned(ring, index === 0);
      for (let at = 0; at + 1 < ordered.length; at += 1) {
        const from = ordered[at] as Position;
        const to = ordered[at + 1] as Position;
        if (!samePoint(from, to)) edges.push({ from, to, interiorLeft: true, interiorRight: false, owner });
      }
    }),
  );
  // Edges told by their ends' numbers (no text keys: this runs on every vertex).
  const nodes = new Nodes();
  const ends = edges.map((edge) => [nodes.idOf(edge.from), nodes.idOf(edge.to)] as const);
  const directedKey = (from: number, to: number): number => from * nodes.count + to;
  const directed = new Map<number, number>();
  for (let at = 0; at < edges.length; at += 1) {
    const [from, to] = ends[at] as readonly [number, number];
    const forward = directedKey(from, to);
    if (directed.has(forward)) return undefined;
    directed.set(forward, (edges[at] as Owned).owner);
  }
  const kept: Owned[] = [];
  // The edges to test for crossings: a shared edge once (its twin lies on it exactly).
  const tested: Owned[] = [];
  for (let at = 0; at < edges.length; at += 1) {
    const [from, to] = ends[at] as readonly [number, number];
    const edge = edges[at] as Owned;
    const other = directed.get(directedKey(to, from));
    if (other === undefined) kept.push(edge);
    else if (other === edge.owner) return undefined;
    if (other === undefined || from < to) tested.push(edge);
  }
  return noEdgesMeetOtherwise(tested) ? facesOf(polygons, kept) : undefined;
}

/** Whether no two of the edges meet anywhere but at an end they share (a spatial index of their boxes). */
function noEdgesMeetOtherwise(edges: readonly Owned[]): boolean {
  if (edges.length === 0) return true;
  const index = new Flatbush(edges.length);
  for (const { from, to } of edges) index.add(Math.min(from[0] as number, to[0] as number), Math.min(from[1] as number, to[1] as number), Math.max(from[0] as number, to[0] as number), Math.max(from[1] as number, to[1] as number));
  index.finish();
  let met = false;
  for (let at = 0; at < edges.length && !met; at += 1) {
    const edge = edges[at] as Owned;
    // The test runs in the index's filter, which keeps nothing: no list is made per edge.
    index.search(Math.min(edge.from[0] as number, edge.to[0] as number), Math.min(edge.from[1] as number, edge.to[1] as number), Math.max(edge.from[0] as number, edge.to[0] as number), Math.max(edge.from[1] as number, edge.to[1] as number), (other) => {
      if (!met && other > at && meetOtherwise(edge, edges[other] as Owned)) met = true;
      return false;
    });
  }
  return !met;
}

/** The union's polygons from the edges left once shared ones are dropped, when the inputs cross nowhere; else undefined. */
function facesOf(polygons: readonly Position[][][], kept: readonly Owned[]): Position[][][] | undefined {
  // No crossings: a polygon inside another shows by any vertex of it strictly inside the other.
  for (let owner = 0; owner < polygons.length; owner += 1) {
    const corner = polygons[owner]?.[0]?.[0];
    if (corner === undefined) continue;
    for (let other = 0; other < polygons.length; other += 1) if (other !== owner && placeOfPoint(corner, polygons[other] as Position[][]) === 'inside') return undefined;
  }
  const faces = interiorFaces(kept);
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
