import type { Geometry, Position } from '@gportal/core';
import type * as TopoJSON from 'topojson-specification';
import type { feature as topojsonFeature } from 'topojson-client';
import { flatShapeOf, type FlatShape } from '../canvas';
import { cutLand } from './land-cells';

/**
 * Decoding the offline base map's land (world-atlas TopoJSON) into the flat shapes the land's
 * canvas draws: each polygon decoded, cut into small pieces (`land-cells.ts`), and flattened.
 * Shared by the land worker (`land.worker.ts`), which does it off the main thread, and by the
 * main thread where there are no workers. Pieces cross from the worker in transferable blocks
 * (`packLand`, `unpackLand`): a structured clone of 130 000 position arrays would be read back on
 * the main thread in one task.
 */

/** The land file (world-atlas TopoJSON) at `url`, read within `timeoutMs`; an error naming the HTTP status when the server refuses it. */
export async function fetchLandTopology(url: string, timeoutMs: number): Promise<TopoJSON.Topology> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`Natural Earth land: HTTP ${response.status}`);
  return (await response.json()) as TopoJSON.Topology;
}

/** One piece of land, flattened: an opaque fill, or a stretch of coastline. */
export interface LandShape {
  kind: 'fill' | 'coast';
  shape: FlatShape;
}

/** Land polygons decoded at a time (then cut, step by step): decoding all 1 419 of land-50m at once takes 300 ms or more on a slow machine. */
const LAND_POLYGONS_PER_PIECE = 120;

/** An object of the land topology. */
type LandObject = TopoJSON.Topology['objects'][string];

/** The land object cut into pieces of at most `LAND_POLYGONS_PER_PIECE` polygons, decoded one at a time. */
function landPieces(land: LandObject): LandObject[] {
  const geometries = land.type === 'GeometryCollection' ? land.geometries : [land];
  return geometries.flatMap((geometry) => {
    if (geometry.type !== 'MultiPolygon') return [geometry];
    const pieces: LandObject[] = [];
    for (let start = 0; start < geometry.arcs.length; start += LAND_POLYGONS_PER_PIECE) pieces.push({ type: 'MultiPolygon', arcs: geometry.arcs.slice(start, start + LAND_POLYGONS_PER_PIECE) });
    return pieces;
  });
}

/**
 * The land of `topology`'s `land` object, step by step: each step (a clip, or a piece done)
 * yields the shapes it made, often none, so that a caller on the main thread can pause between
 * steps. Fills and coastlines come mixed; the canvas draws every fill under every coastline.
 */
export function landSteps(topology: TopoJSON.Topology, feature: typeof topojsonFeature): Generator<LandShape[]> {
  // Checked at once: a file without land fails before its steps are taken.
  const land = topology.objects.land;
  if (!land) throw new Error('world-atlas land-50m has no "land" object');
  return stepsOf(topology, land, feature);
}

function* stepsOf(topology: TopoJSON.Topology, land: LandObject, feature: typeof topojsonFeature): Generator<LandShape[]> {
  for (const piece of landPieces(land)) {
    const decoded = feature(topology, piece) as GeoJSON.Feature | GeoJSON.FeatureCollection;
    for (const { geometry } of decoded.type === 'FeatureCollection' ? decoded.features : [decoded]) {
      const polygons = geometry?.type === 'MultiPolygon' ? geometry.coordinates : geometry?.type === 'Polygon' ? [geometry.coordinates] : [];
      for (const rings of polygons) {
        for (const step of cutLand(rings as Array<[number, number]>[])) {
          const shapes: LandShape[] = [];
          for (const { kind, geometry: cut } of step) {
            const shape = flatShapeOf(cut as Geometry);
            if (shape) shapes.push({ kind, shape });
          }
          yield shapes;
        }
      }
    }
    yield [];
  }
}

/**
 * Land shapes in one transferable block: every ring's positions one after the other in
 * `positions` (lon, lat, lon, lat …); ring `r` ends at `ringEnds[r]` (in positions); shape `i`'s
 * rings are `shapeRings[i]` up to `shapeRings[i + 1]`, its kind is `kinds[i]` (0: a fill, a polygon; 1: a coastline, lines) and
 * its box `boxes[4i … 4i + 3]`.
 */
export interface PackedLand {
  positions: Float64Array;
  ringEnds: Uint32Array;
  shapeRings: Uint32Array;
  kinds: Uint8Array;
  boxes: Float64Array;
}

/** A piece's kind in a block: fills are polygons, coastlines lines (`cutLand`). */
const FILL = 0;
const COAST = 1;

/** Packs land shapes into one block (`PackedLand`). */
export function packLand(shapes: readonly LandShape[]): PackedLand {
  let positionCount = 0;
  let ringCount = 0;
  for (const { shape } of shapes) {
    positionCount += shape.positions;
    ringCount += shape.rings.length;
  }
  const positions = new Float64Array(positionCount * 2);
  const ringEnds = new Uint32Array(ringCount);
  const shapeRings = new Uint32Array(shapes.length + 1);
  const kinds = new Uint8Array(shapes.length);
  const boxes = new Float64Array(shapes.length * 4);
  let at = 0;
  let ringAt = 0;
  shapes.forEach((land, index) => {
    shapeRings[index] = ringAt;
    kinds[index] = land.kind === 'fill' ? FILL : COAST;
    boxes.set(land.shape.bbox, index * 4);
    for (const ring of land.shape.rings) {
      for (const position of ring) {
        positions[at * 2] = position[0] as number;
        positions[at * 2 + 1] = position[1] as number;
        at += 1;
      }
      ringEnds[ringAt++] = at;
    }
  });
  shapeRings[shapes.length] = ringAt;
  return { positions, ringEnds, shapeRings, kinds, boxes };
}

/** The shapes of a packed block, as they were packed. */
export function unpackLand({ positions, ringEnds, shapeRings, kinds, boxes }: PackedLand): LandShape[] {
  const shapes: LandShape[] = [];
  let start = 0;
  for (let index = 0; index < kinds.length; index += 1) {
    const rings: Position[][] = [];
    for (let ring = shapeRings[index] as number; ring < (shapeRings[index + 1] as number); ring += 1) {
      const end = ringEnds[ring] as number;
      const positionsOfRing: Position[] = new Array(end - start);
      for (let at = start; at < end; at += 1) positionsOfRing[at - start] = [positions[at * 2] as number, positions[at * 2 + 1] as number];
      rings.push(positionsOfRing);
      start = end;
    }
    const fill = kinds[index] === FILL;
    const bbox: FlatShape['bbox'] = [boxes[index * 4] as number, boxes[index * 4 + 1] as number, boxes[index * 4 + 2] as number, boxes[index * 4 + 3] as number];
    shapes.push({ kind: fill ? 'fill' : 'coast', shape: { kind: fill ? 'polygon' : 'line', rings, positions: rings.reduce((sum, ring) => sum + ring.length, 0), bbox } });
  }
  return shapes;
}

/** The buffers a packed block hands over. */
export function landTransferables({ positions, ringEnds, shapeRings, kinds, boxes }: PackedLand): Transferable[] {
  return [positions.buffer, ringEnds.buffer, shapeRings.buffer, kinds.buffer, boxes.buffer];
}

/**
 * The messages of the land worker. The page sends `{ url }` (the land file, absolute); the worker
 * answers `loaded` once the file is read, then `shapes` blocks of a few thousand positions each
 * (each read back on the main thread in a short task), then `done`; or `failed`, with the reason,
 * at any point.
 */
export interface LandRequest {
  url: string;
  timeoutMs: number;
}
export type LandReply = { kind: 'loaded' } | ({ kind: 'shapes' } & PackedLand) | { kind: 'done' } | { kind: 'failed'; message: string };

/** Positions per `shapes` block: reading one back on the main thread takes a few milliseconds. */
export const LAND_BLOCK_POSITIONS = 16_000;
