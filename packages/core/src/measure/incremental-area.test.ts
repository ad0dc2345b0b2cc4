import { describe, expect, it } from 'vitest';
import type { MultiLineString, MultiPolygon, Polygon, Position } from '../domain/geometry.js';
import { geodesicArea, geodesicLength } from './geodesic-measure.js';
import { IncrementalArea } from './incremental-area.js';
import { IncrementalLength } from './incremental-length.js';
import { seededRandom as random } from '../../test/seeded-random.js';

const close = (ring: Position[]): Position[] => [...ring, [...(ring[0] as Position)]];

describe('IncrementalArea', () => {
  it('gives geodesicArea to the bit after every drag, insertion and removal, across the antimeridian too', () => {
    const next = random(5);
    for (const [lng, lat] of [[118, 24], [179.8, -10], [-0.2, 51.5]] as const) {
      let rings: Position[][] = [0, 1, 2].map(() => Array.from({ length: 4 + Math.floor(next() * 20) }, (): Position => [lng + next() * 0.4, lat + next() * 0.4]));
      const meter = new IncrementalArea();
      for (let step = 0; step < 60; step += 1) {
        const geometry: MultiPolygon = { type: 'MultiPolygon', coordinates: [[close(rings[0] as Position[]), close(rings[1] as Position[])], [close(rings[2] as Position[])]] };
        expect(meter.area(geometry)).toBe(geodesicArea(geometry));
        rings = rings.map((ring) => [...ring]);
        const ring = rings[Math.floor(next() * 3)] as Position[];
        const index = Math.floor(next() * ring.length);
        const action = next();
        if (action < 0.7) ring[index] = [lng + next() * 0.4, lat + next() * 0.4];
        else if (action < 0.85) ring.splice(index, 0, [lng + next() * 0.4, lat + next() * 0.4]);
        else if (ring.length > 3) ring.splice(index, 1);
      }
    }
  });

  it('measures a polygon with fewer rings, or a degenerate one, as geodesicArea does', () => {
    const meter = new IncrementalArea();
    const shapes: Polygon[] = [
      { type: 'Polygon', coordinates: [close([[118, 24], [118.1, 24], [118.1, 24.1]]), close([[118.05, 24.01], [118.08, 24.01], [118.08, 24.04]])] },
      { type: 'Polygon', coordinates: [close([[118, 24], [118.1, 24], [118.1, 24.1]])] },
      { type: 'Polygon', coordinates: [[[118, 24]]] },
      { type: 'Polygon', coordinates: [] },
    ];
    for (const shape of shapes) expect(meter.area(shape)).toBe(geodesicArea(shape));
  });
});

describe('IncrementalLength', () => {
  it('gives geodesicLength to the bit after every drag, insertion and removal', () => {
    const next = random(9);
    let lines: Position[][] = [0, 1].map(() => Array.from({ length: 2 + Math.floor(next() * 20) }, (): Position => [118 + next(), 24 + next()]));
    const meter = new IncrementalLength();
    for (let step = 0; step < 80; step += 1) {
      const geometry: MultiLineString = { type: 'MultiLineString', coordinates: lines };
      expect(meter.length(geometry)).toBe(geodesicLength(geometry));
      lines = lines.map((line) => [...line]);
      const line = lines[Math.floor(next() * 2)] as Position[];
      const index = Math.floor(next() * line.length);
      const action = next();
      if (action < 0.7) line[index] = [118 + next(), 24 + next()];
      else if (action < 0.85) line.splice(index, 0, [118 + next(), 24 + next()]);
      else if (line.length > 2) line.splice(index, 1);
    }
    expect(meter.length({ type: 'LineString', coordinates: [[118, 24]] })).toBe(0);
  });
});
