import type { LineString, MultiLineString, MultiPolygon, Polygon, Position } from '../domain/geometry.js';
import { ValidationError } from '../errors/errors.js';
import { interiorFaces, type GraphEdge } from './face-walk.js';
import { orientation, placeOfPoint, planarLength, polygonPlanarArea, ringSignedArea2, samePoint, strictlyBetween } from './planar.js';

/** The geometries {@link splitGeometry} cuts. */
export type SplittableGeometry = Polygon | MultiPolygon | LineString | MultiLineString;

/*
 * How a polygon is split, and why the areas add up exactly: the cutter and the rings are noded
 * first (every crossing becomes one position, computed once and put into both the ring and the
 * cutter), then the faces of the rings plus the parts of the cutter inside the polygon are
 * walked (`face-walk.ts`: polygonizing). Each face is bounded by original vertices
 * and those shared crossing points, so two neighbouring pieces walk the very same positions
 * along their common edge: the shoelace sums of the pieces add up to the noded polygon's, which
 * differs from the original's only by the rounding of a crossing onto its edge (far below
 * 1e-9 relative). A thin half-plane or a buffered cutter would leave a sliver instead.
 */

/** A position to put into a segment, at parameter `at` along it (0 at its start, 1 at its end). */
interface Insertion {
  at: number;
  position: Position;
}

function parameterAlong(start: Position, end: Position, point: Position): number {
  const dx = (end[0] as number) - (start[0] as number);
  const dy = (end[1] as number) - (start[1] as number);
  return (((point[0] as number) - (start[0] as number)) * dx + ((point[1] as number) - (start[1] as number)) * dy) / (dx * dx + dy * dy);
}

function boxesApart(a: Position, b: Position, c: Position, d: Position): boolean {
  const [ax = 0, ay = 0] = a;
  const [bx = 0, by = 0] = b;
  const [cx = 0, cy = 0] = c;
  const [dx = 0, dy = 0] = d;
  return Math.max(ax, bx) < Math.min(cx, dx) || Math.max(cx, dx) < Math.min(ax, bx) || Math.max(ay, by) < Math.min(cy, dy) || Math.max(cy, dy) < Math.min(ay, by);
}

/** The positions of a path with its insertions, in order, without repeated positions. */
function withInsertions(path: readonly Position[], insertions: readonly Insertion[][]): Position[] {
  const noded: Position[] = [];
  const push = (position: Position): void => {
    if (!samePoint(noded[noded.length - 1], position)) noded.push(position);
  };
  path.forEach((position, index) => {
    push(position);
    const along = insertions[index];
    if (along !== undefined) [...along].sort((a, b) => a.at - b.at).forEach((insertion) => push(insertion.position));
  });
  return noded;
}

/** What noding a set of paths against the cutter gave: the noded paths and cutter, and whether they met at all. */
interface Noding {
  paths: Position[][];
  cutter: Position[];
  met: boolean;
  /** Positions of the paths' interiors where the cutter meets them (crossings, and vertices on the other). */
  meetings: Position[][];
}

/**
 * Nodes `paths` (rings or lines) and the cutter against each other: proper crossings, a vertex
 * of either lying on a segment of the other. Exact orientation tests decide which case holds,
 * so near-collinear vertices are told apart from collinear ones.
 */
function node(paths: readonly (readonly Position[])[], cutter: readonly Position[]): Noding {
  const cutterInsertions: Insertion[][] = [];
  const meetings: Position[][] = paths.map(() => []);
  let met = false;
  const insertInto = (insertions: Insertion[][], index: number, insertion: Insertion): void => {
    (insertions[index] ??= []).push(insertion);
  };
  const noded = paths.map((path, pathIndex) => {
    const pathInsertions: Insertion[][] = [];
    for (let edge = 0; edge + 1 < path.length; edge += 1) {
      const p = path[edge] as Position;
      const q = path[edge + 1] as Position;
      for (let segment = 0; segment + 1 < cutter.length; segment += 1) {
        const a = cutter[segment] as Position;
        const b = cutter[segment + 1] as Position;
        if (boxesApart(p, q, a, b)) continue;
        const sideOfP = orientation(a, b, p);
        const sideOfQ = orientation(a, b, q);
        const sideOfA = orientation(p, q, a);
        const sideOfB = orientation(p, q, b);
        if (sideOfP * sideOfQ < 0 && sideOfA * sideOfB < 0) {
          const [px = 0, py = 0] = p;
          const [qx = 0, qy = 0] = q;
          const [ax = 0, ay = 0] = a;
          const [bx = 0, by = 0] = b;
          const along = ((ax - px) * (by - ay) - (ay - py) * (bx - ax)) / ((qx - px) * (by - ay) - (qy - py) * (bx - ax));
          const crossing = [px + along * (qx - px), py + along * (qy - py)];
          insertInto(pathInsertions, edge, { at: along, position: crossing });
          insertInto(cutterInsertions, segment, { at: parameterAlong(a, b, crossing), position: crossing });
          meetings[pathIndex]?.push(crossing);
          met = true;
          continue;
        }
        if (sideOfP === 0 && (strictlyBetween(a, b, p) || samePoint(a, p) || samePoint(b, p))) {
          met = true;
          meetings[pathIndex]?.push(p);
          if (strictlyBetween(a, b, p)) insertInto(cutterInsertions, segment, { at: parameterAlong(a, b, p), position: p });
        }
        if (edge + 2 === path.length && sideOfQ === 0 && (strictlyBetween(a, b, q) || samePoint(a, q) || samePoint(b, q))) {
          met = true;
          meetings[pathIndex]?.push(q);
          if (strictlyBetween(a, b, q)) insertInto(cutterInsertions, segment, { at: parameterAlong(a, b, q), position: q });
        }
        if (sideOfA === 0 && strictlyBetween(p, q, a)) {
          met = true;
          meetings[pathIndex]?.push(a);
          insertInto(pathInsertions, edge, { at: parameterAlong(p, q, a), position: a });
        }
        if (segment + 2 === cutter.length && sideOfB === 0 && strictlyBetween(p, q, b)) {
          met = true;
          meetings[pathIndex]?.push(b);
          insertInto(pathInsertions, edge, { at: parameterAlong(p, q, b), position: b });
        }
      }
    }
    return withInsertions(path, pathInsertions);
  });
  return { paths: noded, cutter: withInsertions(cutter, cutterInsertions), met, meetings };
}

const key = (position: Position): string => `${position[0]},${position[1]}`;

function refuse(what: string, reason: 'does-not-cross' | 'only-touches'): never {
  const sentence =
    reason === 'does-not-cross'
      ? `The cutting line does not cross the ${what}: draw it from one side of the ${what} to the other.`
      : `The cutting line only touches the ${what}: it must cross it from one side to the other.`;
  throw new ValidationError({ cutter: sentence }, undefined, { cutter: { rule: 'invalid', value: reason } });
}

/** A ring closed and turned the way RFC 7946 wants it: outer rings counter-clockwise, holes clockwise. */
function oriented(ring: Position[], outer: boolean): Position[] {
  const counterClockwise = ringSignedArea2(ring) > 0;
  return counterClockwise === outer ? ring : [...ring].reverse();
}

type SplitOutcome = { pieces: Position[][][] } | { refused: 'does-not-cross' | 'only-touches' };

/** The pieces of one polygon (its rings) cut by the cutter, or why it is not cut. */
function splitPolygon(rings: readonly Position[][], cutter: readonly Position[]): SplitOutcome {
  const turned = rings.map((ring, index) => oriented(ring, index === 0));
  const noding = node(turned, cutter);
  if (!noding.met) return { refused: 'does-not-cross' };
  const edges: GraphEdge[] = [];
  for (const ring of noding.paths) {
    for (let index = 0; index + 1 < ring.length; index += 1) {
      edges.push({ from: ring[index] as Position, to: ring[index + 1] as Position, interiorLeft: true, interiorRight: false });
    }
  }
  let chords = 0;
  for (let index = 0; index + 1 < noding.cutter.length; index += 1) {
    const a = noding.cutter[index] as Position;
    const b = noding.cutter[index + 1] as Position;
    const middle = [((a[0] as number) + (b[0] as number)) / 2, ((a[1] as number) + (b[1] as number)) / 2];
    // Between two nodes a cutter segment is wholly inside, outside or along the boundary; its middle says which.
    if (placeOfPoint(middle, noding.paths) !== 'inside') continue;
    edges.push({ from: a, to: b, interiorLeft: true, interiorRight: true });
    chords += 1;
  }
  if (chords === 0) return { refused: 'only-touches' };
  const faces = interiorFaces(edges);
  const shells = faces.filter((face) => face.signedArea2 > 0);
  // Inside but not through (a cutter that ends inside): its chords were dangles, no face is cut off.
  if (shells.length < 2) return { refused: 'does-not-cross' };
  const pieces = shells.map((face) => [face.ring]);
  for (const hole of faces.filter((face) => face.signedArea2 < 0)) {
    // A hole the cutter leaves whole lies inside exactly one piece.
    const corner = hole.ring[0] as Position;
    pieces.find((piece) => placeOfPoint(corner, piece) === 'inside')?.push(hole.ring);
  }
  return { pieces };
}

type LineOutcome = { pieces: Position[][] } | { refused: 'does-not-cross' };

/** The pieces of one line cut where the cutter crosses or touches it away from its ends. */
function splitLine(line: readonly Position[], cutter: readonly Position[]): LineOutcome {
  const noding = node([line], cutter);
  const [noded = []] = noding.paths;
  const cuts = new Set((noding.meetings[0] ?? []).map(key));
  const pieces: Position[][] = [];
  let piece: Position[] = [];
  noded.forEach((position, index) => {
    piece.push(position);
    if (index > 0 && index < noded.length - 1 && cuts.has(key(position))) {
      pieces.push(piece);
      piece = [position];
    }
  });
  pieces.push(piece);
  return pieces.length < 2 ? { refused: 'does-not-cross' } : { pieces };
}

function largestFirst<T>(pieces: T[], size: (piece: T) => number): T[] {
  return pieces
    .map((piece) => ({ piece, size: size(piece) }))
    .sort((a, b) => b.size - a.size)
    .map(({ piece }) => piece);
}

/**
 * Cuts a geometry along a line, in the plane of its lon/lat coordinates.
 *
 * - A polygon or multipolygon is cut by the parts of the cutter that cross it, holes respected;
 *   the pieces cover it exactly (their planar areas add up to its own, none overlaps another,
 *   every vertex of the original is in some piece; a crossing lies on the straight lon/lat
 *   segment).
 * - A line or multiline is cut where the cutter crosses or touches it away from its ends.
 *
 * The pieces have the input's type (a multipolygon's pieces are multipolygons), largest first
 * (planar area, or length for lines). The parts of a multi geometry the cutter does not cross go
 * with the first piece. Positions are kept as given (a z included); crossings have x and y only.
 *
 * @param geometry - what to cut.
 * @param cutter - the cutting line; its ends may lie anywhere outside or inside.
 * @returns two or more pieces.
 * @throws {@link ValidationError} (field `cutter`) when the cutter does not cross the geometry,
 *   or only touches it (`problems.cutter.value` is `does-not-cross` or `only-touches`).
 *
 * @example
 * ```ts
 * const square: Polygon = { type: 'Polygon', coordinates: [[[0, 0], [2, 0], [2, 2], [0, 2], [0, 0]]] };
 * const [left, right] = splitGeometry(square, { type: 'LineString', coordinates: [[1, -1], [1, 3]] });
 * ```
 */
export function splitGeometry<G extends SplittableGeometry>(geometry: G, cutter: LineString): G[] {
  const line = cutter.coordinates;
  switch (geometry.type) {
    case 'Polygon': {
      const outcome = splitPolygon(geometry.coordinates, line);
      if ('refused' in outcome) refuse('polygon', outcome.refused);
      return largestFirst(outcome.pieces, polygonPlanarArea).map((coordinates) => ({ type: 'Polygon', coordinates }) as G);
    }
    case 'MultiPolygon': {
      const cut: Position[][][] = [];
      const untouched: Position[][][] = [];
      let touched = false;
      for (const polygon of geometry.coordinates) {
        const outcome = splitPolygon(polygon, line);
        if ('pieces' in outcome) cut.push(...outcome.pieces);
        else {
          touched ||= outcome.refused === 'only-touches';
          untouched.push(polygon);
        }
      }
      if (cut.length === 0) refuse('polygon', touched ? 'only-touches' : 'does-not-cross');
      const [first = [], ...rest] = largestFirst(cut, polygonPlanarArea);
      return [[first, ...untouched], ...rest.map((piece) => [piece])].map((coordinates) => ({ type: 'MultiPolygon', coordinates }) as G);
    }
    case 'LineString': {
      const outcome = splitLine(geometry.coordinates, line);
      if ('refused' in outcome) refuse('line', outcome.refused);
      return largestFirst(outcome.pieces, planarLength).map((coordinates) => ({ type: 'LineString', coordinates }) as G);
    }
    case 'MultiLineString': {
      const cut: Position[][] = [];
      const untouched: Position[][] = [];
      for (const part of geometry.coordinates) {
        const outcome = splitLine(part, line);
        if ('pieces' in outcome) cut.push(...outcome.pieces);
        else untouched.push(part);
      }
      if (cut.length === 0) refuse('line', 'does-not-cross');
      const [first = [], ...rest] = largestFirst(cut, planarLength);
      return [[first, ...untouched], ...rest.map((piece) => [piece])].map((coordinates) => ({ type: 'MultiLineString', coordinates }) as G);
    }
    default:
      throw new ValidationError({ geometry: `A ${(geometry as { type: string }).type} cannot be split: only polygons and lines can.` });
  }
}
