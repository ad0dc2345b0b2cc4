import type { Position } from '../domain/geometry.js';
import { Nodes } from './face-walk.js';
import { ringSignedArea2 } from './planar.js';

/** A ring turned counter-clockwise (outer) or clockwise (hole). */
function turned(ring: readonly Position[], outer: boolean): readonly Position[] {
  return ringSignedArea2(ring) > 0 === outer ? ring : [...ring].reverse();
}

/** The edges leaving each node: node `n`'s are `list[first[n]]` up to `list[first[n + 1]]`. */
export interface Leaving {
  first: Int32Array;
  list: Int32Array;
}

/**
 * The directed edges of the polygons' rings (outer rings counter-clockwise, holes clockwise), in
 * flat arrays: their ends as given and as numbered (each vertex numbered once), and their owner.
 */
export class RingEdges {
  readonly nodes = new Nodes();
  readonly from: Position[] = [];
  readonly to: Position[] = [];
  readonly fromId: number[] = [];
  readonly toId: number[] = [];
  readonly owner: number[] = [];
  /** Adds one directed segment as given, told by `owner`. */
  addSegment(from: Position, to: Position, owner: number): void {
    this.push(from, to, this.nodes.idOf(from), this.nodes.idOf(to), owner);
  }
  /** Adds the rings of one polygon (outer ring counter-clockwise, holes clockwise), told by `owner`. */
  add(rings: readonly Position[][], owner: number): void {
    rings.forEach((ring, index) => {
      const ordered = turned(ring, index === 0);
      let previous = ordered[0];
      if (previous === undefined) return;
      let previousId = this.nodes.idOf(previous);
      for (let at = 1; at < ordered.length; at += 1) {
        const next = ordered[at] as Position;
        const nextId = this.nodes.idOf(next);
        this.push(previous, next, previousId, nextId, owner);
        previous = next;
        previousId = nextId;
      }
    });
  }
  /** An edge of length zero is left out. */
  private push(from: Position, to: Position, fromId: number, toId: number, owner: number): void {
    if (fromId === toId) return;
    this.from.push(from);
    this.to.push(to);
    this.fromId.push(fromId);
    this.toId.push(toId);
    this.owner.push(owner);
  }
  get count(): number {
    return this.from.length;
  }
  /** The edges leaving each node, as offsets into one list (no map: a node has a few). */
  leaving(): Leaving {
    const first = new Int32Array(this.nodes.count + 1);
    for (const id of this.fromId) first[id + 1] = (first[id + 1] as number) + 1;
    for (let id = 0; id < this.nodes.count; id += 1) first[id + 1] = (first[id + 1] as number) + (first[id] as number);
    const fill = first.slice(0, this.nodes.count);
    const list = new Int32Array(this.count);
    for (let edge = 0; edge < this.count; edge += 1) {
      const id = this.fromId[edge] as number;
      list[fill[id] as number] = edge;
      fill[id] = (fill[id] as number) + 1;
    }
    return { first, list };
  }
  /** Another edge from this one's start to its end, or -1 (`leaving()`'s lists). */
  sameWay(edge: number, leaving: Leaving): number {
    return this.leavingTo(this.fromId[edge] as number, this.toId[edge] as number, leaving, edge);
  }
  /** An edge from this one's end back to its start, or -1. */
  twinOf(edge: number, leaving: Leaving): number {
    return this.leavingTo(this.toId[edge] as number, this.fromId[edge] as number, leaving, edge);
  }
  /** Whether another edge has the same two ends, either way round. */
  isShared(edge: number, leaving: Leaving): boolean {
    return this.sameWay(edge, leaving) >= 0 || this.twinOf(edge, leaving) >= 0;
  }
  /** An edge from node `from` to node `to` other than `except`, or -1. */
  private leavingTo(from: number, to: number, { first, list }: Leaving, except: number): number {
    for (let place = first[from] as number; place < (first[from + 1] as number); place += 1) {
      const other = list[place] as number;
      if (other !== except && this.toId[other] === to) return other;
    }
    return -1;
  }
}
