import { bboxClip } from '@turf/bbox-clip';
import type { Geometry } from '@gportal/core';

/**
 * Cutting the offline base map's land into grid cells, so the canvas's index finds only the land
 * near a view. A continent is one polygon of tens of thousands of positions whose box meets
 * nearly every view: uncut, each repaint of a view at sea still simplified and painted all of it.
 */

/** Cells of this many degrees: most islands fit in one, a continent spans a few hundred. */
export const LAND_CELL_DEGREES = 10;

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

/** A unit of cutting work: one call gives the pieces of one polygon, or of one of its cells. */
export type LandWork = () => LandPiece[];

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

/** The cells (west, south corners) a box meets. */
function cellsOf([west, south, east, north]: Box): Array<[number, number]> {
  const cells: Array<[number, number]> = [];
  for (let x = Math.floor(west / LAND_CELL_DEGREES) * LAND_CELL_DEGREES; x < east; x += LAND_CELL_DEGREES) {
    for (let y = Math.floor(south / LAND_CELL_DEGREES) * LAND_CELL_DEGREES; y < north; y += LAND_CELL_DEGREES) cells.push([x, y]);
  }
  return cells;
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

/**
 * The work of cutting one land polygon (outer ring, then holes, lon/lat): a polygon within one
 * cell is one fill and its rings as coastline; a larger one gives, cell by cell, the fill clipped
 * to the cell (widened by the overlap) and the coastline clipped to the cell itself.
 */
export function landWork(given: readonly Ring[]): LandWork[] {
  const rings = given.map(unwrapped);
  const [outer, ...holes] = rings;
  if (!outer) return [];
  const cells = cellsOf(boxOf([outer]));
  const coastlines = rings.flatMap(coastOf);
  if (cells.length <= 1) {
    return [() => [{ kind: 'fill', geometry: { type: 'Polygon', coordinates: [...rings] } }, { kind: 'coast', geometry: { type: 'MultiLineString', coordinates: coastlines } }]];
  }
  const coast: GeoJSON.MultiLineString = { type: 'MultiLineString', coordinates: coastlines };
  return cells.map(([x, y]) => () => {
    const pieces: LandPiece[] = [];
    const widened: Box = [x - FILL_OVERLAP_DEGREES, y - FILL_OVERLAP_DEGREES, x + LAND_CELL_DEGREES + FILL_OVERLAP_DEGREES, y + LAND_CELL_DEGREES + FILL_OVERLAP_DEGREES];
    // No outer ring in the cell, no land there (holes lie inside the outer ring).
    const filled = clipRing(outer, widened);
    if (filled) {
      const cut = holes.map((hole) => clipRing(hole, widened)).filter((hole): hole is Ring => hole !== undefined);
      pieces.push({ kind: 'fill', geometry: { type: 'Polygon', coordinates: [filled, ...cut] } });
    }
    // One stretch left comes back as a LineString, more as a MultiLineString.
    const clipped = bboxClip(coast, [x, y, x + LAND_CELL_DEGREES, y + LAND_CELL_DEGREES]).geometry as GeoJSON.LineString | GeoJSON.MultiLineString;
    const lines = (clipped.type === 'LineString' ? [clipped.coordinates] : clipped.coordinates).filter((line) => line.length >= 2);
    if (lines.length > 0) pieces.push({ kind: 'coast', geometry: { type: 'MultiLineString', coordinates: lines } });
    return pieces;
  });
}
