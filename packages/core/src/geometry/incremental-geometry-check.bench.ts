import { bench, describe } from 'vitest';
import type { Polygon, Position } from '../domain/geometry.js';
import { IncrementalArea } from '../measure/incremental-area.js';
import { geodesicArea } from '../measure/geodesic-measure.js';
import { geometryProblem } from './geometry-rules.js';
import { IncrementalGeometryCheck } from './incremental-geometry-check.js';

// One step of a vertex drag on a 5000-vertex polygon: the editor's checks of the new shape.
const COUNT = 5000;
const ring: Position[] = Array.from({ length: COUNT }, (_, index) => {
  const angle = (2 * Math.PI * index) / COUNT;
  return [118 + 0.5 * Math.cos(angle), 24 + 0.5 * Math.sin(angle)];
});
let step = 0;
function dragged(): Polygon {
  step += 1;
  const moved = [...ring];
  const index = (step * 37) % COUNT;
  const [lng = 0, lat = 0] = ring[index] as Position;
  moved[index] = [lng + (step % 2) * 0.0001, lat];
  return { type: 'Polygon', coordinates: [[...moved, moved[0] as Position]] };
}

describe('a drag step on a 5000-vertex polygon', () => {
  const check = new IncrementalGeometryCheck();
  const meter = new IncrementalArea();
  bench('IncrementalGeometryCheck.problem', () => {
    check.problem(dragged());
  });
  bench('geometryProblem (every pair of edges)', () => {
    geometryProblem(dragged());
  });
  bench('IncrementalArea.area', () => {
    meter.area(dragged());
  });
  bench('geodesicArea', () => {
    geodesicArea(dragged());
  });
});
