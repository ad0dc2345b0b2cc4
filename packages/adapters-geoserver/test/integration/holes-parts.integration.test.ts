import { addHole, addPart, removePart, type ChangeSet, type Geometry, type MultiLineString, type MultiPoint, type MultiPolygon, type Polygon, type Position } from '@gportal/core';
import { createWfsAdapters } from '@gportal/adapters-geoserver';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { wfsServer } from './wfs-server.js';

const url = inject('wfsUrl');

/** A counter-clockwise box, closed; coordinates within QGIS Server's 8 decimals. */
const box = (west: number, south: number, east: number, north: number): Position[] => [[west, south], [east, south], [east, north], [west, north], [west, south]];
/** The same box drawn the other way round, as a user may draw a hole. */
const clockwise = (ring: Position[]): Position[] => [...ring].reverse();

function edited<G extends Geometry>(result: { ok: true; geometry: G } | { ok: false }): G {
  if (!result.ok) throw new Error('the core refused a valid edit');
  return result.geometry;
}

function change(typeName: string, parts: Partial<Omit<ChangeSet, 'typeName'>>): ChangeSet {
  return { typeName, inserts: [], updates: [], deletes: [], ...parts };
}

/**
 * Holes and parts made by the core's `addHole`, `addPart` and `removePart` (what 挖洞, 添加部分 and
 * 删除部分 hand to the session) come back from QGIS Server + PostGIS exactly as sent: every ring,
 * its order and its orientation.
 */
describe('holes and parts on QGIS Server', () => {
  const { source, transactions } = createWfsAdapters({ url });
  const geometryOf = async (typeName: string, id: string) => (await source.getFeatures({ typeName, featureIds: [id] })).features[0]?.geometry;

  beforeEach(() => wfsServer('reset'));

  it('inserts a polygon with holes drawn either way round and reads it back unchanged', async () => {
    const outer: Polygon = { type: 'Polygon', coordinates: [box(118, 25, 118.2, 25.2)] };
    const holed = edited(addHole(edited(addHole(outer, clockwise(box(118.02, 25.02, 118.06, 25.06)))), box(118.1, 25.1, 118.15, 25.15).slice(0, -1)));
    expect(holed.coordinates).toHaveLength(3);
    const result = await transactions.commit(change('towns', { inserts: [{ handle: 'holed', geometry: holed, properties: { name: 'Holed' } }] }));
    expect(result.failures).toEqual([]);
    expect(await geometryOf('towns', result.inserted[0]?.id as string)).toEqual(holed);
  });

  it('updates a multipolygon with a new part, a hole in it and a part removed, and a multi-line with a part added then one removed', async () => {
    const start: MultiPolygon = { type: 'MultiPolygon', coordinates: [[box(117, 24, 117.2, 24.2)], [box(117.5, 24.5, 117.6, 24.6)]] };
    const multiline: MultiLineString = { type: 'MultiLineString', coordinates: [[[118, 25], [118.5, 25.2]]] };
    const inserted = await transactions.commit(change('districts', { inserts: [{ handle: 'parts', geometry: start, properties: { name: 'Parts' } }] }));
    const rivers = await transactions.commit(change('rivers', { inserts: [{ handle: 'lines', geometry: multiline, properties: { name: 'Lines' } }] }));
    const id = inserted.inserted[0]?.id as string;
    const river = rivers.inserted[0]?.id as string;
    expect(await geometryOf('districts', id)).toEqual(start);

    const withPart = edited(addPart(start, box(118, 24, 118.3, 24.3)));
    const holed = edited(addHole(withPart, clockwise(box(118.1, 24.1, 118.2, 24.2))));
    const changed = edited(removePart(holed, { part: 1, ring: 0 }));
    expect(changed.coordinates.map((rings) => rings.length)).toEqual([1, 2]);
    const lines = edited(removePart(edited(addPart(multiline, [[118, 25.5], [118.3, 25.6], [118.6, 25.5]])), { part: 0, ring: 0 }));

    const result = await transactions.commit(change('districts', { updates: [{ id, geometry: changed }] }));
    const lineResult = await transactions.commit(change('rivers', { updates: [{ id: river, geometry: lines }] }));
    expect([...result.failures, ...lineResult.failures]).toEqual([]);
    expect(await geometryOf('districts', id)).toEqual(changed);
    expect(await geometryOf('rivers', river)).toEqual(lines);
  });

  it('updates a multi-point with a point added (画点 or 添加部分 on a multi-point layer) and one removed, and inserts one', async () => {
    const stations: MultiPoint = { type: 'MultiPoint', coordinates: [[119.32, 26.11], [119.28, 26.02]] };
    const inserted = await transactions.commit(change('stations', { inserts: [{ handle: 'points', geometry: stations, properties: { name: 'Points', platforms: 4 } }] }));
    expect(inserted.failures).toEqual([]);
    const id = inserted.inserted[0]?.id as string;
    expect(await geometryOf('stations', id)).toEqual(stations);

    const changed = edited(removePart(edited(addPart(stations, [[119.35, 26.05]])), { part: 0, ring: 0 }));
    expect(changed.coordinates).toEqual([[119.28, 26.02], [119.35, 26.05]]);
    const result = await transactions.commit(change('stations', { updates: [{ id, geometry: changed }] }));
    expect(result.failures).toEqual([]);
    expect(await geometryOf('stations', id)).toEqual(changed);
    // The last point is never removed: a feature keeps a part.
    expect(removePart({ type: 'MultiPoint', coordinates: [[119.28, 26.02]] }, { part: 0, ring: 0 }).ok).toBe(false);
  });
});
