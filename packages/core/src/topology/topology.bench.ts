import { bench, describe } from 'vitest';
import type { LineString, Polygon, Position } from '../domain/geometry.js';
import type { TopologyFeature } from './index.js';
import { findTopologyProblems, mergeGeometries, splitGeometry } from './index.js';

/*
 * Split and merge run while a user waits (one frame is 16 ms); the topology check over the
 * features a view loads (2 000, as the WFS reads' limit). Speed is measured here, never asserted.
 */

/**
 * Two neighbours of 5 000 vertices each around (118, 24): a half disc above and one below a
 * shared wavy boundary of 2 501 vertices, as a town boundary along a river is drawn.
 */
function neighbours(): [Polygon, Polygon] {
  const steps = 2_500;
  const shared: Position[] = Array.from({ length: steps + 1 }, (_, index) => [117.5 + index / steps, 24 + 0.01 * Math.sin(index * 0.7) + 0.003 * Math.cos(index * 1.3)]);
  const north: Position[] = [];
  const south: Position[] = [];
  for (let index = 1; index < steps; index += 1) {
    const angle = (Math.PI * index) / steps;
    north.push([118 + 0.5 * Math.cos(angle), 24.02 + 0.5 * Math.sin(angle)]);
    south.push([118 - 0.5 * Math.cos(angle), 23.98 - 0.5 * Math.sin(angle)]);
  }
  const first = shared[0] as Position;
  const last = shared[steps] as Position;
  return [
    { type: 'Polygon', coordinates: [[...shared, ...north, first]] },
    { type: 'Polygon', coordinates: [[...[...shared].reverse(), ...south, last]] },
  ];
}

/** A mosaic of 2 000 towns (50 × 40 cells of 0.1°, 20 vertices each, shared exactly), a few with a boundary moved. */
function mosaic(): TopologyFeature[] {
  const features: TopologyFeature[] = [];
  for (let column = 0; column < 50; column += 1) {
    for (let row = 0; row < 40; row += 1) {
      const at = (u: number, v: number): Position => [115 + (column * 5 + u) / 50, 20 + (row * 5 + v) / 50];
      const ring: Position[] = [];
      for (let step = 0; step < 5; step += 1) ring.push(at(step, 0));
      for (let step = 0; step < 5; step += 1) ring.push(at(5, step));
      for (let step = 0; step < 5; step += 1) ring.push(at(5 - step, 5));
      for (let step = 0; step < 5; step += 1) ring.push(at(0, 5 - step));
      ring.push(at(0, 0));
      // Every 97th town has a vertex pushed into its neighbour: an overlap on one side, a gap on none.
      if ((column * 40 + row) % 97 === 0) (ring[2] as Position)[1] = ((ring[2] as Position)[1] as number) - 0.0005;
      features.push({ id: `town.${column}.${row}`, geometry: { type: 'Polygon', coordinates: [ring] } });
    }
  }
  return features;
}

const [north, south] = neighbours();
const cutter: LineString = { type: 'LineString', coordinates: [[118.1, 23], [118.05, 24.3], [118.2, 25]] };
const [west, east] = splitGeometry(north, { type: 'LineString', coordinates: [[118, 23.9], [118.01, 24.6]] });
const towns = mosaic();

describe('topology', () => {
  bench('splitGeometry, a 5 000-vertex polygon', () => {
    splitGeometry(north, cutter);
  });
  bench('mergeGeometries, two 5 000-vertex neighbours sharing 2 501 vertices', () => {
    mergeGeometries([north, south]);
  });
  bench('mergeGeometries, the two pieces of a 5 000-vertex split', () => {
    mergeGeometries([west as Polygon, east as Polygon]);
  });
  bench('findTopologyProblems, 2 000 towns of 20 vertices', () => {
    findTopologyProblems(towns);
  });
});
