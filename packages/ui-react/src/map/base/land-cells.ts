import { bboxClip } from '@turf/bbox-clip';
import type { Geometry } from '@gportal/core';

/**
 * Cutting the offline base map's land into small pieces, so the canvas's index finds only the land
 * near a view. A continent is one polygon of tens of thousands of positions whose box meets
 * nearly every view: uncut, each repaint of a view at sea still simplified and painted all of it.
 */

/** Pieces are cut until they have at most this many positions… */
export const PIECE_POSITIONS = 256;
/** …or are no larger than this many degrees across. */
export const LAND_CELL_DEGREES = 2;

/**
 * How far, in degrees, a fill piece reaches past its cell: neighbouring pieces overlap, so no
 * anti-aliased seam shows where they meet (the fill is opaque, so the overlap does not show either).
 */
const FILL_OVERLAP_DEGREES = 0.5;

type Position = [number, number];
type Ring = Position[];
type Box = [number, number, number, number];

/** One piece of land to draw: an opaque fill without outline, or a stretch of coastline. */
export type LandPiece = { kind: 'fill'; geometry: Geometry } | { kind: 'coast'; geometry: Geometry };


function boxOf(rings: readonly Ring[]): Box {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const ring of rings) {
    for (const [lng, lat] of ring) {
      if (lng < west) west = lng;
      if (lng > east) east = lng;
      if (lat < south) south = lat;
      if (lat > north) north = lat;
    }
  }
  return [west, south, east, north];
}

/**
 * The ring without jumps across the antimeridian: world-atlas cuts no ring there (it is drawn on
 * the sphere), so a ring crossing it jumps 360° in one step, which a flat map draws as a sliver
 * around the world. Each position after such a jump is moved by 360°, so the ring stays whole,
 * drawn just past ±180°.
 */
function unwrapped(ring: Ring): Ring {
  let shift = 0;
  let previous: number | undefined;
  const whole = ring.map(([lng, lat]): Position => {
    if (previous !== undefined) {
      if (lng + shift - previous > 180) shift -= 360;
      else if (lng + shift - previous < -180) shift += 360;
    }
    previous = lng + shift;
    return [previous, lat];
  });
  // A ring that started on the far side of the line is moved back as a whole: its middle within ±180°.
  const [west, , east] = boxOf([whole]);
  const middle = (west + east) / 2;
  const back = middle < -180 ? 360 : middle > 180 ? -360 : 0;
  return back === 0 ? whole : whole.map(([lng, lat]) => [lng + back, lat]);
}

/** Latitudes from which an edge along them is the map's edge (Antarctica's ring closes along the pole), not coast. */
const POLE_LATITUDE = 89.9;

/** A ring as coastline: cut where it runs along the pole. */
function coastOf(ring: Ring): Ring[] {
  const lines: Ring[] = [];
  let line: Ring = [];
  ring.forEach((position, at) => {
    const before = ring[at - 1];
    if (before && Math.abs(before[1]) >= POLE_LATITUDE && Math.abs(position[1]) >= POLE_LATITUDE) {
      if (line.length >= 2) lines.push(line);
      line = [];
    }
    line.push(position);
  });
  if (line.length >= 2) lines.push(line);
  return lines;
}

/** A ring clipped to a box (Sutherland–Hodgman, through turf's `bboxClip`); `undefined` when no area is left. */
function clipRing(ring: Ring, box: Box): Ring | undefined {
  const [clipped] = (bboxClip({ type: 'Polygon', coordinates: [ring] }, box).geometry as GeoJSON.Polygon).coordinates;
  return clipped && clipped.length >= 4 ? (clipped as Ring) : undefined;
}

/** Positions of a set of rings or lines. */
function positionsOf(rings: readonly Ring[]): number {
  return rings.reduce((sum, ring) => sum + ring.length, 0);
}

/** The two halves of a box, across its longer side. */
function halves([west, south, east, north]: Box): [Box, Box] {
  if (east - west >= north - south) {
    const middle = (west + east) / 2;
    return [
      [west, south, middle, north],
      [middle, south, east, north],
    ];
  }
  const middle = (south + north) / 2;
  return [
    [west, south, east, middle],
    [west, middle, east, north],
  ];
}

/** Whether a piece is small enough to be drawn as it is: few positions, or a box no larger than a cell. */
function small(rings: readonly Ring[], [west, south, east, north]: Box): boolean {
  return positionsOf(rings) <= PIECE_POSITIONS || Math.max(east - west, north - south) <= LAND_CELL_DEGREES;
}

/**
 * Cuts a polygon (outer ring, then holes) in halves until each piece is small; each half's fill
 * reaches past it by the overlap. Yields the pieces of each step as it goes.
 */
function* cutFill(rings: readonly Ring[], box: Box): Generator<LandPiece[]> {
  if (small(rings, box)) {
    yield [{ kind: 'fill', geometry: { type: 'Polygon', coordinates: [...rings] } }];
    return;
  }
  const [outer, ...holes] = rings;
  if (!outer) return;
  for (const half of halves(box)) {
    const widened: Box = [half[0] - FILL_OVERLAP_DEGREES, half[1] - FILL_OVERLAP_DEGREES, half[2] + FILL_OVERLAP_DEGREES, half[3] + FILL_OVERLAP_DEGREES];
    // No outer ring in the half, no land there (holes lie inside the outer ring).
    const filled = clipRing(outer, widened);
    if (!filled) continue;
    const cut = holes.map((hole) => clipRing(hole, widened)).filter((hole): hole is Ring => hole !== undefined);
    yield [];
    yield* cutFill([filled, ...cut], half);
  }
}

/** Cuts coastlines in halves (exactly: the stretches meet end to end) until each piece is small, step by step. */
function* cutCoast(lines: readonly Ring[], box: Box): Generator<LandPiece[]> {
  if (lines.length === 0) return;
  if (small(lines, box)) {
    yield [{ kind: 'coast', geometry: { type: 'MultiLineString', coordinates: [...lines] } }];
    return;
  }
  for (const half of halves(box)) {
    // One stretch left comes back as a LineString, more as a MultiLineString.
    const clipped = bboxClip({ type: 'MultiLineString', coordinates: [...lines] }, half).geometry as GeoJSON.LineString | GeoJSON.MultiLineString;
    yield [];
    yield* cutCoast((clipped.type === 'LineString' ? [clipped.coordinates] : clipped.coordinates).filter((line) => line.length >= 2) as Ring[], half);
  }
}

/**
 * Cuts one land polygon (outer ring, then holes, lon/lat) into pieces of at most
 * `PIECE_POSITIONS` positions or `LAND_CELL_DEGREES` across: halved again and again, each half
 * clipped from the piece it halves (a continent costs its positions times the halvings, not
 * times its cells). Fills reach past their half by the overlap; the coastline is cut exactly.
 * Each step (a clip, or a piece done) yields what it made, so the caller can pause between steps.
 */
export function* cutLand(given: readonly Ring[]): Generator<LandPiece[]> {
  const rings = given.map(unwrapped);
  const [outer] = rings;
  if (!outer) return;
  yield* cutFill(rings, boxOf([outer]));
  const coastlines = rings.flatMap(coastOf);
  yield* cutCoast(coastlines, boxOf(coastlines));
}
