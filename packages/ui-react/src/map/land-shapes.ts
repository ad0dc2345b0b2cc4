import type * as TopoJSON from 'topojson-specification';
import type { Geometry, Position } from '@gportal/core';
import { flatShapeOf, type FlatShape } from './flat-shape';
import { cutLand } from './land-cells';

/**
 * The offline base map's land as the canvas draws it: Natural Earth's topology decoded, each
 * polygon cut into small pieces (`land-cells.ts`) and flattened. Pure (no DOM, no Leaflet), so
 * the land worker (`land.worker.ts`) and the main thread, where no worker runs, make the same
 * shapes; and packed into typed arrays, which cross from the worker without a copy.
 */

/** A piece of land: an opaque fill without outline, or a stretch of coastline. */
export interface LandShape {
  kind: 'fill' | 'coast';
  shape: FlatShape;
}

/** topojson-client's `feature`: what decodes an object of the topology. */
export type DecodeFeature = (topology: TopoJSON.Topology, object: TopoJSON.Topology['objects'][string]) => GeoJSON.Feature | GeoJSON.FeatureCollection;

/** Land polygons decoded at a time (then cut, step by step): decoding all 1 419 of land-50m at once is a task of 300 ms or more on a slow machine. */
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
 * The land of a world-atlas topology (its `land` object), step by step: each step (a group of
 * polygons decoded, a clip, a piece done) yields the shapes it made, so a caller on the main
 * thread can pause between steps. Fills and coastlines come in the order they are cut; the canvas
 * draws the fills first (`landFeatures`).
 */
export function* landSteps(topology: TopoJSON.Topology, decode: DecodeFeature): Generator<LandShape[]> {
  const land = topology.objects.land;
  if (!land) throw new Error('world-atlas land-50m has no "land" object');
  for (const piece of landPieces(land)) {
    const decoded = decode(topology, piece);
    yield [];
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
  }
}

/** Land shapes in typed arrays: what crosses from the land worker, transferred. */
export interface PackedLand {
  /** Per shape: 0 a fill, 1 a coastline. */
  kinds: Uint8Array;
  /** Per shape: how many rings (or lines) it has. */
  ringCounts: Uint32Array;
  /** Per ring, shape after shape: how many positions it has. */
  ringLengths: Uint32Array;
  /** lon, lat, lon, lat … of every ring, one after the other. */
  coordinates: Float64Array;
}

/** Packs land shapes into typed arrays. */
export function packLand(shapes: readonly LandShape[]): PackedLand {
  let rings = 0;
  let positions = 0;
  for (const { shape } of shapes) {
    rings += shape.rings.length;
    positions += shape.positions;
  }
  const packed: PackedLand = { kinds: new Uint8Array(shapes.length), ringCounts: new Uint32Array(shapes.length), ringLengths: new Uint32Array(rings), coordinates: new Float64Array(positions * 2) };
  let ring = 0;
  let at = 0;
  shapes.forEach(({ kind, shape }, index) => {
    packed.kinds[index] = kind === 'fill' ? 0 : 1;
    packed.ringCounts[index] = shape.rings.length;
    for (const positionsOfRing of shape.rings) {
      packed.ringLengths[ring++] = positionsOfRing.length;
      for (const position of positionsOfRing) {
        packed.coordinates[at++] = position[0] as number;
        packed.coordinates[at++] = position[1] as number;
      }
    }
  });
  return packed;
}

/** The typed arrays of packed land, to transfer. */
export function landTransferables({ kinds, ringCounts, ringLengths, coordinates }: PackedLand): ArrayBuffer[] {
  return [kinds.buffer, ringCounts.buffer, ringLengths.buffer, coordinates.buffer] as ArrayBuffer[];
}

/**
 * The shapes of packed land, step by step (`shapesPerStep` at a time), as `packLand` was given
 * them: fills as polygons, coastlines as lines. Wrong lengths (a packing this module did not make)
 * throw rather than read past the arrays.
 */
export function* unpackLand({ kinds, ringCounts, ringLengths, coordinates }: PackedLand, shapesPerStep = 256): Generator<LandShape[]> {
  if (ringCounts.length !== kinds.length) throw new Error('packed land: a ring count per shape is missing');
  let ring = 0;
  let at = 0;
  let step: LandShape[] = [];
  for (let index = 0; index < kinds.length; index += 1) {
    const count = ringCounts[index] as number;
    if (ring + count > ringLengths.length) throw new Error('packed land: fewer rings than the shapes have');
    const rings: Position[][] = [];
    for (let end = ring + count; ring < end; ring += 1) {
      const length = ringLengths[ring] as number;
      if (at + length * 2 > coordinates.length) throw new Error('packed land: fewer positions than the rings have');
      const positions: Position[] = new Array<Position>(length);
      for (let position = 0; position < length; position += 1, at += 2) positions[position] = [coordinates[at] as number, coordinates[at + 1] as number];
      rings.push(positions);
    }
    const kind = kinds[index] === 0 ? 'fill' : 'coast';
    const shape = flatShapeOf(kind === 'fill' ? { type: 'Polygon', coordinates: rings } : { type: 'MultiLineString', coordinates: rings });
    if (shape) step.push({ kind, shape });
    if (step.length >= shapesPerStep) {
      yield step;
      step = [];
    }
  }
  yield step;
}
