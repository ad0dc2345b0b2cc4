import type { Position } from '../domain/geometry.js';
import { ringSignedArea2 } from './planar.js';

/*
 * The faces of a planar graph of noded edges (a polygon's rings and the chords a cutter makes
 * inside it). Polygonizing is what @turf/polygonize does too, but it takes a third of a second on
 * one 5 000-vertex ring; here only the few nodes where chords meet the rings have more than two
 * edges, so the walk is linear in the vertices. No position is computed: the faces are made of
 * the nodes as given, which is what keeps the pieces' areas exact.
 */

/** A directed edge; `left` says whether the polygon's interior lies on its left. */
interface HalfEdge {
  from: Position;
  to: Position;
  left: boolean;
  twin: HalfEdge;
  /** The next half-edge of the face on this one's left. */
  next?: HalfEdge;
  /** Angle of the edge as it leaves `from`, to order a node's edges. */
  angle: number;
  /** The face walked along this half-edge, -1 before. */
  face: number;
  edge: GraphEdge;
}

/** An undirected edge to walk: its ends, and which of its sides the polygon's interior is on. */
export interface GraphEdge {
  from: Position;
  to: Position;
  /** The interior lies left of `from → to` (a ring edge, rings turned outer CCW / holes CW). */
  interiorLeft: boolean;
  /** The interior lies right of `from → to` (true for chords inside the polygon, with `interiorLeft`). */
  interiorRight: boolean;
}

/** A face: its closed ring, signed area (positive counter-clockwise) and whether the interior is on all its sides. */
export interface Face {
  ring: Position[];
  signedArea2: number;
  inside: boolean;
}

/** Equal as a map's keys are (SameValueZero): 0 and -0 alike, NaN with NaN. */
const sameNumber = (a: number, b: number): boolean => a === b || (a !== a && b !== b);

/**
 * Numbers the distinct positions (by x and y). An x seen with one y only (nearly every x of a
 * drawn boundary) maps straight to its number; a map of its y values is made only when a second y
 * comes. No text keys and no map per vertex: this runs on every vertex.
 */
export class Nodes {
  private readonly byX = new Map<number, number | Map<number, number>>();
  private readonly ys: number[] = [];
  count = 0;
  idOf(position: Position): number {
    const x = position[0] as number;
    const y = position[1] as number;
    const found = this.byX.get(x);
    if (found === undefined) {
      this.byX.set(x, this.count);
      return this.added(y);
    }
    if (typeof found === 'number') {
      if (sameNumber(this.ys[found] as number, y)) return found;
      const byY = new Map<number, number>([[this.ys[found] as number, found]]);
      this.byX.set(x, byY);
      byY.set(y, this.count);
      return this.added(y);
    }
    const id = found.get(y);
    if (id !== undefined) return id;
    found.set(y, this.count);
    return this.added(y);
  }
  private added(y: number): number {
    this.ys.push(y);
    this.count += 1;
    return this.count - 1;
  }
}

/** An edge with its ends' numbers from one `Nodes`. */
export interface NumberedEdge {
  edge: GraphEdge;
  from: number;
  to: number;
}

function halfEdges(edge: GraphEdge): [HalfEdge, HalfEdge] {
  const [fx = 0, fy = 0] = edge.from;
  const [tx = 0, ty = 0] = edge.to;
  const forward = { from: edge.from, to: edge.to, left: edge.interiorLeft, angle: Math.atan2(ty - fy, tx - fx), face: -1, edge } as HalfEdge;
  const backward = { from: edge.to, to: edge.from, left: edge.interiorRight, angle: Math.atan2(fy - ty, fx - tx), face: -1, edge } as HalfEdge;
  forward.twin = backward;
  backward.twin = forward;
  return [forward, backward];
}

/**
 * Removes dangling edges (an end no other edge meets) until none is left: a cutter that ends
 * inside the polygon cuts nothing off.
 */
function withoutDangles(edges: readonly NumberedEdge[], nodeCount: number): NumberedEdge[] {
  let kept = [...edges];
  for (;;) {
    const degree = new Int32Array(nodeCount);
    for (const { from, to } of kept) {
      degree[from] = (degree[from] as number) + 1;
      degree[to] = (degree[to] as number) + 1;
    }
    const next = kept.filter(({ from, to }) => (degree[from] as number) > 1 && (degree[to] as number) > 1);
    if (next.length === kept.length) return kept;
    kept = next;
  }
}

function walk(edges: readonly NumberedEdge[], nodeCount: number): { faces: Face[]; bridges: Set<GraphEdge> } {
  const outgoing: HalfEdge[][] = Array.from({ length: nodeCount }, () => []);
  const halves: HalfEdge[] = [];
  for (const { edge, from, to } of edges) {
    const [forward, backward] = halfEdges(edge);
    (outgoing[from] as HalfEdge[]).push(forward);
    (outgoing[to] as HalfEdge[]).push(backward);
    halves.push(forward, backward);
  }
  for (const list of outgoing) {
    if (list.length > 2) list.sort((a, b) => a.angle - b.angle);
    // Arriving along h at a node, the face on h's left goes on by the edge next clockwise from h's twin.
    list.forEach((half, index) => {
      half.twin.next = list[(index - 1 + list.length) % list.length];
    });
  }
  const faces: Face[] = [];
  const bridges = new Set<GraphEdge>();
  for (const start of halves) {
    if (start.face >= 0) continue;
    const face = faces.length;
    const ring: Position[] = [];
    let inside = true;
    let half: HalfEdge | undefined = start;
    while (half !== undefined && half.face < 0) {
      half.face = face;
      ring.push(half.from);
      inside &&= half.left;
      // Both sides of an edge in one face: it separates nothing.
      if (half.twin.face === face) bridges.add(half.edge);
      half = half.next;
    }
    ring.push(start.from);
    faces.push({ ring, signedArea2: ringSignedArea2(ring), inside });
  }
  return { faces, bridges };
}

/**
 * The faces of the graph on the interior's side of every one of their edges: counter-clockwise
 * ones are pieces, clockwise ones holes left whole. Chords that are bridges (the same face on
 * both sides, as one from the outer ring to a hole and no further) separate nothing and go.
 */
export function interiorFaces(edges: readonly GraphEdge[]): Face[] {
  const nodes = new Nodes();
  const numbered = edges.map((edge) => ({ edge, from: nodes.idOf(edge.from), to: nodes.idOf(edge.to) }));
  return interiorFacesOfNumbered(numbered, nodes.count);
}

/** `interiorFaces` of edges whose ends are numbered already (`nodeCount` numbers in all). */
export function interiorFacesOfNumbered(numbered: readonly NumberedEdge[], nodeCount: number): Face[] {
  let kept = withoutDangles(numbered, nodeCount);
  for (;;) {
    const { faces, bridges } = walk(kept, nodeCount);
    const chordBridges = new Set([...bridges].filter((edge) => edge.interiorLeft && edge.interiorRight));
    if (chordBridges.size === 0) return faces.filter((face) => face.inside);
    kept = withoutDangles(
      kept.filter(({ edge }) => !chordBridges.has(edge)),
      nodeCount,
    );
  }
}
