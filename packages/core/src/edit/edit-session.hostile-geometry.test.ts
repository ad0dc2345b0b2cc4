import { describe, expect, it } from 'vitest';
import type { Geometry } from '../domain/geometry.js';
import { ValidationError } from '../errors/errors.js';
import { EditSession } from '../index.js';
import { createMemoryAdapters, sampleSeed } from '../memory/index.js';

const POLYGONS = 'store_33:polygon';
const SQUARE: Geometry = { type: 'Polygon', coordinates: [[[119, 26], [119.1, 26], [119.1, 26.1], [119, 26.1], [119, 26]]] };

/** Geometries a caller (a form, a script, a restored draft) could hand over that no server and no map can take. */
const HOSTILE: ReadonlyArray<[string, unknown]> = [
  ['a NaN coordinate', { type: 'Polygon', coordinates: [[[119, 26], [Number.NaN, 26], [119.1, 26.1], [119, 26]]] }],
  ['an Infinity coordinate', { type: 'LineString', coordinates: [[119, 26], [Infinity, 26]] }],
  ['a -Infinity coordinate', { type: 'Point', coordinates: [-Infinity, 26] }],
  ['a string coordinate', { type: 'Point', coordinates: ['119', 26] }],
  ['an empty ring', { type: 'Polygon', coordinates: [[]] }],
  ['a polygon nested one level deeper', { type: 'Polygon', coordinates: [SQUARE.coordinates] }],
  ['a polygon nested one level shallower', { type: 'Polygon', coordinates: (SQUARE.coordinates as unknown[])[0] }],
];

async function loadedSession() {
  const adapters = createMemoryAdapters(sampleSeed());
  const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, journal: adapters.journal, typeName: POLYGONS });
  await session.load();
  return session;
}

describe('EditSession refuses hostile geometries', () => {
  it.for(HOSTILE)('add refuses %s with a ValidationError and stages nothing', async ([, geometry]) => {
    const session = await loadedSession();
    expect(() => session.add({ geometry: geometry as Geometry })).toThrow(ValidationError);
    expect(session.pending().inserts).toEqual([]);
  });

  it.for(HOSTILE)('update refuses %s with a ValidationError and keeps the feature as it was', async ([, geometry]) => {
    const session = await loadedSession();
    const id = session.add({ geometry: SQUARE });
    expect(() => session.update(id, { geometry: geometry as Geometry })).toThrow(ValidationError);
    expect(session.feature(id)?.geometry).toEqual(SQUARE);
  });
});
