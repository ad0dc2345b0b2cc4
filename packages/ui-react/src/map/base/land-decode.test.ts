import { feature } from 'topojson-client';
import type * as TopoJSON from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import land110m from 'world-atlas/land-110m.json';
import { flatShapeOf } from '../canvas/flat-shape';
import { landSteps, landTransferables, packLand, unpackLand, type LandShape } from './land-decode';
import { cutLand } from './land-cells';

/** Natural Earth 1:110m land, shipped with world-atlas as the 1:50m the app draws: the same shape of file, smaller. */
const topology = land110m as unknown as TopoJSON.Topology;

const allShapes = (): LandShape[] => [...landSteps(topology, feature)].flat();

describe('the land decoded for the land canvas (landSteps)', () => {
  it('gives every polygon of the land object cut into pieces, fills as polygons and coastlines as lines', () => {
    const shapes = allShapes();
    // The same pieces as cutting each decoded polygon (land-cells.ts), in the same order.
    const decoded = feature(topology, topology.objects.land as TopoJSON.GeometryCollection);
    const expected = decoded.features.flatMap(({ geometry }) => {
      const polygons = geometry.type === 'MultiPolygon' ? geometry.coordinates : geometry.type === 'Polygon' ? [geometry.coordinates] : [];
      return polygons.flatMap((rings) => [...cutLand(rings as Array<[number, number]>[])].flat());
    });
    expect(shapes.map(({ kind }) => kind)).toEqual(expected.map(({ kind }) => kind));
    expect(shapes.map(({ shape }) => shape)).toEqual(expected.map(({ geometry }) => flatShapeOf(geometry)));
    expect(shapes.filter(({ kind }) => kind === 'fill').every(({ shape }) => shape.kind === 'polygon')).toBe(true);
    expect(shapes.filter(({ kind }) => kind === 'coast').every(({ shape }) => shape.kind === 'line')).toBe(true);
    expect(shapes.filter(({ kind }) => kind === 'coast').length).toBeGreaterThan(100);
  });

  it('fails at once, before any step, on a file without a land object', () => {
    expect(() => landSteps({ type: 'Topology', objects: {}, arcs: [] }, feature)).toThrow('world-atlas land-50m has no "land" object');
  });
});

describe('land shapes in transferable blocks (packLand, unpackLand)', () => {
  it('reads back every shape as it was packed: kind, rings, positions and box', () => {
    const shapes = allShapes();
    expect(unpackLand(packLand(shapes))).toEqual(shapes);
  });

  it('reads back blocks cut anywhere in the same order, and an empty block as no shapes', () => {
    const shapes = allShapes();
    const blocks = [shapes.slice(0, 7), shapes.slice(7, 8), shapes.slice(8)];
    expect(blocks.flatMap((block) => unpackLand(packLand(block)))).toEqual(shapes);
    expect(unpackLand(packLand([]))).toEqual([]);
  });

  it('holds the positions in one block of numbers, handed over without a copy', () => {
    const shapes = allShapes().slice(0, 20);
    const packed = packLand(shapes);
    const positions = shapes.reduce((sum, { shape }) => sum + shape.positions, 0);
    expect(packed.positions).toHaveLength(positions * 2);
    expect(packed.kinds).toHaveLength(20);
    expect(landTransferables(packed)).toEqual([packed.positions.buffer, packed.ringEnds.buffer, packed.shapeRings.buffer, packed.kinds.buffer, packed.boxes.buffer]);
  });
});
