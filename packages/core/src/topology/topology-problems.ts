import Flatbush from 'flatbush';
import { bboxIntersects, geometryBBox, type BBox, type MultiPolygon, type Polygon, type Position } from '../domain/geometry.js';
import { geometryProblem } from '../geometry/geometry-rules.js';
import { geodesicArea } from '../measure/geodesic-measure.js';
import { interiorsMayOverlap } from './overlap-filter.js';
import { RingEdges } from './ring-edges.js';
import { interiorFaces, type GraphEdge } from './face-walk.js';
import { nodeSegments, type Segment } from './segment-noding.js';
import { firstPosition, placeOfPoint, samePoint } from './planar.js';
import { intersectionOf, unionOf } from './polygon-algebra.js';
import { HOST_CLOCK } from '../util/timers.js';
import type { TopologyFeature } from './shared-vertices.js';

/** What {@link findTopologyProblems} reports. */
export type TopologyProblemKind = 'overlap' | 'gap' | 'duplicate' | 'invalid';

/** One problem of a set of features, with the ids involved and a position to zoom to (lon/lat). */
export interface TopologyProblem {
  kind: TopologyProblemKind;
  ids: string[];
  /** The overlap's or the gap's geodesic area, m². */
  area?: number;
  at: Position;
}

/** Options of {@link findTopologyProblems}. */
export interface TopologyCheckOptions {
  /** The largest hole in the union of neighbouring features reported as a gap, m². Default 10 000 (1 ha). */
  maxGapArea?: number;
}

const DEFAULTS: Required<TopologyCheckOptions> = { maxGapArea: 10_000 };

/** Options of {@link findTopologyProblemsInSlices}: the check's, and how it gives the host its turn. */
export interface SlicedTopologyCheckOptions extends TopologyCheckOptions {
  /** Resolves when the host has had its turn (a page: a task of its own, e.g. a `MessageChannel` message). Default: a `setTimeout` of 0. */
  pause?: () => Promise<void>;
  /** The longest the check works between pauses, ms (by `Date.now`). Default 8: half a frame. */
  sliceMs?: number;
  /** Stops the check (an `AbortSignal` is one): the promise rejects with its reason at the next pause. */
  signal?: { readonly aborted: boolean; readonly reason?: unknown };
}

/**
 * Overlaps smaller than this (m²) are the rounding of a crossing computed twice, not an overlap
 * anyone drew: a square centimetre.
 */
const OVERLAP_FLOOR = 1e-4;

type Polygonal = Polygon | MultiPolygon;

interface Candidate {
  id: string;
  geometry: Polygonal;
  box: BBox;
}

function boxCentre(box: BBox): Position {
  return [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
}

function hasOnlyFinitePositions(geometry: TopologyFeature['geometry']): boolean {
  const box = geometryBBox(geometry);
  return box.every(Number.isFinite);
}

function ringsOf(geometry: Polygonal): Position[][] {
  return geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
}


/**
 * The topology problems of a layer's features, in the plane of their lon/lat coordinates, for a
 * check before saving or a list to work through:
 * - `invalid`: a geometry `geometryProblem` refuses (too few points, edges that cross) or with a
 *   non-finite position; it takes part in nothing else;
 * - `duplicate`: features with the same geometry (each group once, the first feature's id first);
 * - `overlap`: two polygonal features whose interiors overlap, with the overlap's area;
 * - `gap`: a hole in the union of the polygonal features smaller than `maxGapArea`, bounded by
 *   two or more of them (a feature's own hole is not a gap), with its area and the features
 *   along its outline.
 *
 * Candidate pairs come from a spatial index of the features' boxes (flatbush), so the work grows
 * with the neighbours each feature has, not with the square of the features.
 *
 * @param features - the features to check (any geometry kinds; only polygons can overlap or leave gaps).
 * @param options - {@link TopologyCheckOptions}.
 * @returns the problems: invalid ones first, then duplicates, overlaps and gaps.
 *
 * @example
 * ```ts
 * const problems = findTopologyProblems(session.features(), { maxGapArea: 5_000 });
 * problems.filter((problem) => problem.kind === 'overlap'); // [{ kind: 'overlap', ids: ['town.3', 'town.7'], area: 1520.4, at: [118.2, 24.1] }]
 * ```
 */
export function findTopologyProblems(features: readonly TopologyFeature[], options: TopologyCheckOptions = {}): TopologyProblem[] {
  const steps = checkSteps(features, options);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/**
 * {@link findTopologyProblems} in slices of a few milliseconds with a pause between them, so a
 * page stays free of long tasks while a large layer is checked (2 000 towns take over 100 ms on
 * a slow machine). The same problems, in the same order.
 *
 * @param features - the features to check.
 * @param options - {@link SlicedTopologyCheckOptions}.
 * @returns the problems, as {@link findTopologyProblems} answers them.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * const problems = await findTopologyProblemsInSlices(session.features(), { signal: controller.signal });
 * ```
 */
export async function findTopologyProblemsInSlices(features: readonly TopologyFeature[], options: SlicedTopologyCheckOptions = {}): Promise<TopologyProblem[]> {
  const { pause = () => HOST_CLOCK.sleep(0), sliceMs = 8, signal } = options;
  const steps = checkSteps(features, options);
  let sliceStart = HOST_CLOCK.now();
  for (;;) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the signal's own reason, as AbortSignal.throwIfAborted throws it
    if (signal?.aborted === true) throw signal.reason;
    const step = steps.next();
    if (step.done === true) return step.value;
    if (HOST_CLOCK.now() - sliceStart >= sliceMs) {
      await pause();
      sliceStart = HOST_CLOCK.now();
    }
  }
}

/** The check, yielding after each piece of work (a few hundred features, a pair's overlap, a gap's place). */
function* checkSteps(features: readonly TopologyFeature[], options: TopologyCheckOptions): Generator<void, TopologyProblem[]> {
  const { maxGapArea } = { ...DEFAULTS, ...options };
  const problems: TopologyProblem[] = [];
  const valid: TopologyFeature[] = [];
  for (const [at, feature] of features.entries()) {
    if (!hasOnlyFinitePositions(feature.geometry) || geometryProblem(feature.geometry) !== undefined) {
      problems.push({ kind: 'invalid', ids: [feature.id], at: firstPosition(feature.geometry) });
    } else valid.push(feature);
    if (at % 100 === 99) yield;
  }

  const byGeometry = new Map<string, TopologyFeature[]>();
  for (const [at, feature] of valid.entries()) {
    const key = JSON.stringify(feature.geometry);
    byGeometry.set(key, [...(byGeometry.get(key) ?? []), feature]);
    if (at % 100 === 99) yield;
  }
  const distinct: TopologyFeature[] = [];
  for (const group of byGeometry.values()) {
    const [first] = group;
    if (first === undefined) continue;
    distinct.push(first);
    if (group.length > 1) problems.push({ kind: 'duplicate', ids: group.map((feature) => feature.id), at: firstPosition(first.geometry) });
  }

  const candidates: Candidate[] = distinct
    .filter((feature): feature is TopologyFeature & { geometry: Polygonal } => feature.geometry.type === 'Polygon' || feature.geometry.type === 'MultiPolygon')
    .map((feature) => ({ id: feature.id, geometry: feature.geometry, box: geometryBBox(feature.geometry) }));
  if (candidates.length === 0) return problems;
  const index = new Flatbush(candidates.length);
  for (const { box } of candidates) index.add(box[0], box[1], box[2], box[3]);
  index.finish();
  yield;

  for (const [at, candidate] of candidates.entries()) {
    for (const other of index.search(...candidate.box)) {
      if (other <= at) continue;
      const neighbour = candidates[other] as Candidate;
      if (!interiorsMayOverlap(candidate.geometry, neighbour.geometry, candidate.box, neighbour.box)) continue;
      const overlap = intersectionOf(candidate.geometry, neighbour.geometry);
      if (overlap.length > 0) {
        const area = geodesicArea({ type: 'MultiPolygon', coordinates: overlap });
        if (area > OVERLAP_FLOOR) problems.push({ kind: 'overlap', ids: [candidate.id, neighbour.id], area, at: boxCentre(geometryBBox({ type: 'MultiPolygon', coordinates: overlap })) });
      }
      yield;
    }
    if (at % 10 === 9) yield;
  }

  problems.push(...(yield* gapSteps(candidates, index, maxGapArea)));
  return problems;
}

/**
 * The places a gap can be: faces of the edges no two features share. In a mosaic every inner
 * edge is shared, so what is left is the outline of the layer and the outlines of its holes;
 * only those small enough to be a gap are looked at closer.
 */
function* gapPlaces(candidates: readonly Candidate[], maxGapArea: number): Generator<void, BBox[]> {
  const edges = new RingEdges();
  for (const [at, { geometry }] of candidates.entries()) {
    for (const rings of geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) edges.add(rings, at);
    if (at % 200 === 199) yield;
  }
  const leaving = edges.leaving();
  const outline: Segment[] = [];
  for (let edge = 0; edge < edges.count; edge += 1) if (!edges.isShared(edge, leaving)) outline.push({ from: edges.from[edge] as Position, to: edges.to[edge] as Position });
  yield;
  // Unshared edges where boundaries do not match (a vertex moved off a neighbour's edge) overlap or
  // cross: noded, the parts that two features do share cancel too.
  const noded = new RingEdges();
  nodeSegments(outline).forEach(({ from, to }, at) => noded.addSegment(from, to, at));
  const nodedLeaving = noded.leaving();
  const free: GraphEdge[] = [];
  for (let edge = 0; edge < noded.count; edge += 1) {
    if (!noded.isShared(edge, nodedLeaving)) free.push({ from: noded.from[edge] as Position, to: noded.to[edge] as Position, interiorLeft: false, interiorRight: true });
  }
  yield;
  // The walk is asked for the faces on the features' outer side of these edges: a bounded one
  // (counter-clockwise) has features all round it, a gap or a hole; the outline's is unbounded.
  return interiorFaces(free)
    .filter((face) => face.signedArea2 > 0 && geodesicArea({ type: 'Polygon', coordinates: [face.ring] }) < 2 * maxGapArea)
    .map((face) => geometryBBox({ type: 'Polygon', coordinates: [face.ring] }));
}

/**
 * The holes of the union of neighbouring features smaller than `maxGapArea` that more than one
 * feature bounds. The union is taken around each place a gap can be, of the features there, not
 * of the whole layer at once.
 */
function* gapSteps(candidates: readonly Candidate[], index: Flatbush, maxGapArea: number): Generator<void, TopologyProblem[]> {
  const gaps: TopologyProblem[] = [];
  const reported = new Set<string>();
  const places = yield* gapPlaces(candidates, maxGapArea);
  for (const place of places) {
    yield;
    const local = index.search(...place);
    for (const [, ...holes] of unionOf(local.map((at) => (candidates[at] as Candidate).geometry))) {
      for (const hole of holes) {
        const area = geodesicArea({ type: 'Polygon', coordinates: [hole] });
        if (area >= maxGapArea) continue;
        const box = geometryBBox({ type: 'Polygon', coordinates: [hole] });
        const boxKey = box.join(',');
        // Only the hole at this place: one elsewhere in the local union may be filled by a feature not taken.
        if (reported.has(boxKey) || !bboxIntersects(box, place)) continue;
        // The features that bound it: an edge of the hole lies along their outline.
        // (Both ends on a feature's outline: a middle point, rounded, may miss a slanted edge.)
        const bounding = index.search(...box).filter((at) => {
          const rings = ringsOf((candidates[at] as Candidate).geometry);
          const onOutline = hole.map((position) => placeOfPoint(position, rings) === 'boundary');
          // (An edge of length zero, which the union's ring may hold, touches a corner only.)
          return onOutline.some((on, step) => step > 0 && on && onOutline[step - 1] === true && !samePoint(hole[step], hole[step - 1]));
        });
        // One feature alone around it: that feature's own hole, not a gap.
        if (bounding.length < 2) continue;
        reported.add(boxKey);
        const ids = bounding.map((at) => (candidates[at] as Candidate).id);
        gaps.push({ kind: 'gap', ids, area, at: boxCentre(box) });
      }
    }
  }
  return gaps;
}
