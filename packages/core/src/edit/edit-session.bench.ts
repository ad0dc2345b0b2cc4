import { bench, describe } from 'vitest';
import type { Polygon } from '../domain/geometry.js';
import { createMemoryAdapters } from '../memory/index.js';
import { EditSession } from './index.js';

// The UI re-reads features() and pending() after every change; a full load is 2000 features.
function ring(lng: number, lat: number): Polygon {
  const positions = Array.from({ length: 40 }, (_, index) => {
    const angle = (2 * Math.PI * index) / 40;
    return [lng + 0.01 * Math.cos(angle), lat + 0.01 * Math.sin(angle)];
  });
  return { type: 'Polygon', coordinates: [[...positions, positions[0] as number[]]] };
}

const adapters = createMemoryAdapters({
  layers: [
    {
      schema: { typeName: 'bench:parcels', geometryField: 'geom', geometryKind: 'Polygon', properties: [{ name: 'name', type: 'string', nullable: true }] },
      features: Array.from({ length: 2000 }, (_, index) => ({ geometry: ring(116 + (index % 50) * 0.09, 21 + Math.floor(index / 50) * 0.15), properties: { name: `p${index}` } })),
    },
  ],
});
const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: 'bench:parcels' });
await session.load();
for (let index = 1; index <= 200; index += 1) session.update(`bench:parcels.${index}`, { properties: { name: `edited ${index}` } });
for (let index = 0; index < 50; index += 1) session.add({ geometry: ring(118, 24 + index * 0.02) });

describe('EditSession with 2000 features, 200 updates, 50 inserts', () => {
  bench('features()', () => {
    session.features();
  });
  bench('pending()', () => {
    session.pending();
  });
  bench('stateOf() of every feature', () => {
    for (let index = 1; index <= 2000; index += 1) session.stateOf(`bench:parcels.${index}`);
  });
});
