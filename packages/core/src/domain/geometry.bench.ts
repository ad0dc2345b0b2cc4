import { bench, describe } from 'vitest';
import { geoJsonGeometryProblem, type MultiPolygon, type Position } from './geometry.js';

// A large drawn or loaded geometry: 100 polygons of 10 000 positions (a million in all).
function circle(x: number, y: number, count: number): Position[] {
  const positions = Array.from({ length: count }, (_, index): Position => {
    const angle = (2 * Math.PI * index) / count;
    return [x + Math.cos(angle), y + Math.sin(angle)];
  });
  return [...positions, [...(positions[0] as Position)]];
}
const large: MultiPolygon = { type: 'MultiPolygon', coordinates: Array.from({ length: 100 }, (_, index) => [circle(index * 3, 0, 9_999)]) };

// The check is one pass over the positions; `add` already copies the geometry once (structuredClone), the yardstick here.
describe('geoJsonGeometryProblem on a million positions', () => {
  bench('geoJsonGeometryProblem', () => {
    if (geoJsonGeometryProblem(large) !== undefined) throw new Error('refused a well-formed geometry');
  });
  bench('structuredClone (what EditSession.add does anyway)', () => {
    structuredClone(large);
  });
});
