import geographiclib from 'geographiclib-geodesic';
import { openRing, type Position } from '../domain/geometry.js';
import { changedSpan } from '../geometry/changed-span.js';
import type { AreaGeometry } from './geodesic-measure.js';

const { Geodesic, Math: GeoMath } = geographiclib;
const WGS84 = Geodesic.WGS84;

interface AccumulatorLike {
  Add(y: number): void;
  Sum(y?: number): number;
  Negate(): void;
  Remainder(y: number): void;
}
// The package's types declare the class where its script has a namespace holding it.
const { Accumulator } = geographiclib.Accumulator as unknown as { Accumulator: new (y?: number | AccumulatorLike) => AccumulatorLike };
/** The ellipsoid's whole area, as `PolygonArea` holds it (not part of the typed API). */
const AREA0 = (WGS84.Polygon(false) as unknown as { _area0: number })._area0;
/** `PolygonArea`'s mask for a polygon. */
const MASK = Geodesic.LATITUDE | Geodesic.LONGITUDE | Geodesic.DISTANCE | Geodesic.AREA | Geodesic.LONG_UNROLL;

/** `PolygonArea`'s count of prime-meridian crossings of an edge (1, -1 or 0). */
function transit(lon1: number, lon2: number): number {
  const lon12 = GeoMath.AngDiff(lon1, lon2).d;
  const from = GeoMath.AngNormalize(lon1);
  const to = GeoMath.AngNormalize(lon2);
  if (lon12 > 0 && ((from < 0 && to >= 0) || (from > 0 && to === 0))) return 1;
  return lon12 < 0 && from >= 0 && to < 0 ? -1 : 0;
}

interface Edge {
  area: number;
  transit: number;
}

function edge([lon1 = NaN, lat1 = NaN]: Position, [lon2 = NaN, lat2 = NaN]: Position): Edge {
  return { area: WGS84.Inverse(lat1, lon1, lat2, lon2, MASK).S12 ?? NaN, transit: transit(lon1, lon2) };
}

/** A ring's vertices (without the closing point) and its edges, the last one closing the ring. */
interface RingEdges {
  vertices: readonly Position[];
  edges: Edge[];
}


function edgesOf(vertices: readonly Position[]): Edge[] {
  return vertices.map((vertex, index) => edge(vertex, vertices[(index + 1) % vertices.length] as Position));
}

/**
 * The edges of `vertices`, reusing those of `before` that join the same two vertices: a dragged
 * vertex costs two geodesic solutions, not one per edge.
 */
function updatedEdges(before: RingEdges, vertices: readonly Position[]): Edge[] {
  const old = before.vertices;
  const n = vertices.length;
  if (old.length < 2 || n < 2) return edgesOf(vertices);
  const span = changedSpan(old, vertices);
  // Edge i joins vertices i and i + 1 (the last one, vertex 0): kept when both are unchanged.
  const kept = (index: number) => index + 1 < span.start || (index >= span.afterEnd && index + 1 < n);
  const shift = old.length - n;
  const wrapsKept = span.start > 0 && span.afterEnd < n;
  return vertices.map((vertex, index) => {
    if (kept(index)) return (index < span.start ? before.edges[index] : before.edges[index + shift]) as Edge;
    if (index === n - 1 && wrapsKept) return before.edges[old.length - 1] as Edge;
    return edge(vertex, vertices[(index + 1) % n] as Position);
  });
}

/** `PolygonArea.Compute(false, true)` of a ring from its edges, to the bit. */
function ringArea({ vertices, edges }: RingEdges): number {
  if (vertices.length < 2) return 0;
  const sum = new Accumulator(0);
  let crossings = 0;
  for (const { area, transit: crossing } of edges) {
    sum.Add(area);
    crossings += crossing;
  }
  sum.Remainder(AREA0);
  if (crossings & 1) sum.Add((sum.Sum() < 0 ? 1 : -1) * (AREA0 / 2));
  sum.Negate();
  if (sum.Sum() > AREA0 / 2) sum.Add(-AREA0);
  else if (sum.Sum() <= -AREA0 / 2) sum.Add(+AREA0);
  return Math.abs(0 + sum.Sum());
}

/**
 * `geodesicArea` for a shape being edited, recomputing only the edges that changed since the
 * previous call (the same sums, so the same result to the bit): the live area read-out of a
 * 5000-vertex polygon costs two geodesic solutions per dragged step instead of 5000.
 */
export class IncrementalArea {
  private rings: RingEdges[] = [];

  /** The geodesic area of the shape in m², equal to {@link geodesicArea} of it. */
  area(geometry: AreaGeometry): number {
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    const rings = polygons.flat();
    const before = this.rings.length === rings.length ? this.rings : undefined;
    this.rings = rings.map((ring, index) => {
      const vertices = openRing(ring);
      const old = before?.[index];
      return { vertices, edges: old ? updatedEdges(old, vertices) : edgesOf(vertices) };
    });
    let ringIndex = 0;
    return polygons.reduce((total, polygon) => {
      const areas = polygon.map(() => ringArea(this.rings[ringIndex++] as RingEdges));
      const [outer = 0, ...holes] = areas;
      return total + holes.reduce((area, hole) => area - hole, outer);
    }, 0);
  }
}
