import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type * as TopoJSON from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { flatShapeOf } from './flat-shape';
import { cutLand } from './land-cells';
import { landSteps, landTransferables, packLand, unpackLand, type LandShape, type PackedLand } from './land-shapes';

/** The land the app ships (world-atlas's 1:50m topology), read as the land worker reads it. */
const LAND_50M = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('world-atlas/land-50m.json'), 'utf8')) as TopoJSON.Topology;

/** A topology of two squares, one of 600 positions along its edges (so it is cut) and one small with a hole, as one land MultiPolygon. */
function twoSquares(): TopoJSON.Topology {
  const big: Array<[number, number]> = [];
  for (let step = 0; step < 150; step += 1) big.push([step / 10, 0]);
  for (let step = 0; step < 150; step += 1) big.push([15, step / 10]);
  for (let step = 0; step < 150; step += 1) big.push([15 - step / 10, 15]);
  for (let step = 0; step < 150; step += 1) big.push([0, 15 - step / 10]);
  big.push([0, 0]);
  const small: Array<[number, number]> = [[20, 0], [21, 0], [21, 1], [20, 1], [20, 0]];
  const hole: Array<[number, number]> = [[20.2, 0.2], [20.2, 0.8], [20.8, 0.8], [20.8, 0.2], [20.2, 0.2]];
  return {
    type: 'Topology',
    arcs: [big, small, hole],
    objects: { land: { type: 'GeometryCollection', geometries: [{ type: 'MultiPolygon', arcs: [[[0]], [[1], [2]]] }] } },
  };
}

/** What the canvas drew before the land worker: each polygon cut by `cutLand`, each piece flattened. */
function cutDirectly(polygons: Array<Array<Array<[number, number]>>>): LandShape[] {
  return polygons.flatMap((rings) =>
    [...cutLand(rings)].flat().flatMap(({ kind, geometry }) => {
      const shape = flatShapeOf(geometry as never);
      return shape ? [{ kind, shape }] : [];
    }),
  );
}

describe('the land shapes (the land worker and the main thread make the same)', () => {
  it('decodes the land object and cuts each polygon as cutLand does, holes included', () => {
    const topology = twoSquares();
    const shapes = [...landSteps(topology, feature)].flat();
    const decoded = feature(topology, topology.objects.land as TopoJSON.GeometryCollection) as GeoJSON.FeatureCollection<GeoJSON.MultiPolygon>;
    const polygons = decoded.features.flatMap((item) => item.geometry.coordinates) as Array<Array<Array<[number, number]>>>;
    expect(shapes).toEqual(cutDirectly(polygons));
    // The big square is cut (more than one fill), the small one is not, and its hole is kept.
    expect(shapes.filter((shape) => shape.kind === 'fill').length).toBeGreaterThan(2);
    expect(shapes.some((shape) => shape.kind === 'fill' && shape.shape.rings.length === 2 && shape.shape.bbox[0] === 20)).toBe(true);
    expect(shapes.some((shape) => shape.kind === 'coast')).toBe(true);
  });

  it('pauses between steps: no step decodes or cuts more than one group of polygons or one clip', () => {
    const steps = [...landSteps(LAND_50M, feature)];
    expect(steps.length).toBeGreaterThan(100);
    expect(Math.max(...steps.map((step) => step.length))).toBeLessThan(300);
  });

  it('refuses a topology without land', () => {
    expect(() => [...landSteps({ type: 'Topology', arcs: [], objects: {} }, feature)]).toThrow('no "land" object');
  });

  it('packs the shipped land into typed arrays and unpacks it to equal shapes, in steps', () => {
    const shapes = [...landSteps(LAND_50M, feature)].flat();
    const packed = packLand(shapes);
    expect(packed.kinds.length).toBe(shapes.length);
    expect(packed.coordinates.length).toBe(shapes.reduce((sum, { shape }) => sum + shape.positions, 0) * 2);
    expect(landTransferables(packed).every((buffer) => buffer instanceof ArrayBuffer)).toBe(true);
    const steps = [...unpackLand(packed, 100)];
    expect(steps.slice(0, -1).every((step) => step.length === 100)).toBe(true);
    expect(steps.flat()).toEqual(shapes);
    // Fills (polygons) and coastlines (lines) both cross.
    expect(new Set(steps.flat().map(({ kind, shape }) => `${kind} ${shape.kind}`))).toEqual(new Set(['fill polygon', 'coast line']));
  });

  it('refuses a packing whose lengths do not fit, rather than reading past its arrays', () => {
    const packed = packLand(cutDirectly([[[[0, 0], [1, 0], [1, 1], [0, 0]]]]));
    const cut = (change: Partial<PackedLand>) => () => [...unpackLand({ ...packed, ...change })];
    expect(cut({ ringCounts: new Uint32Array(0) })).toThrow('a ring count per shape is missing');
    expect(cut({ ringLengths: new Uint32Array(0) })).toThrow('fewer rings than the shapes have');
    expect(cut({ coordinates: packed.coordinates.subarray(0, 2) })).toThrow('fewer positions than the rings have');
    expect(cut({})).not.toThrow();
  });
});
