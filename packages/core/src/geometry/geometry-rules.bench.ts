import { bench, describe } from 'vitest';
import type { Polygon } from '../domain/geometry.js';
import { geometryProblem } from './geometry-rules.js';

// Checked on every vertex drag while editing; the pairwise edge test grows with the square of the vertices.
const ring = (count: number) => {
  const open = Array.from({ length: count }, (_, index) => {
    const angle = (2 * Math.PI * index) / count;
    return [118 + 0.5 * Math.cos(angle), 24 + 0.5 * Math.sin(angle)];
  });
  return [...open, open[0] as number[]];
};
const drawn: Polygon = { type: 'Polygon', coordinates: [ring(20)] };
const detailed: Polygon = { type: 'Polygon', coordinates: [ring(300)] };

describe('geometry checks', () => {
  bench('geometryProblem, 20-vertex ring', () => {
    geometryProblem(drawn);
  });
  bench('geometryProblem, 300-vertex ring', () => {
    geometryProblem(detailed);
  });
});
