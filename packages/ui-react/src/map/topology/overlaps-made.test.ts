import { EditSession, ValidationError, type Polygon } from '@gportal/core';
import { createMemoryAdapters, sampleSeed } from '@gportal/core/memory';
import { describe, expect, it } from 'vitest';
import { overlapsMade } from './overlaps-made';
import { topologyRefusal } from './refusal';

const POLYGONS = 'store_33:polygon';
const square = (lng: number, lat: number, half = 0.05): Polygon => ({
  type: 'Polygon',
  coordinates: [[[lng - half, lat - half], [lng + half, lat - half], [lng + half, lat + half], [lng - half, lat + half], [lng - half, lat - half]]],
});

/** A session over the sample's polygon layer with two saved towns that already overlap (west and east, 0.02° in common). */
async function overlapping() {
  const adapters = createMemoryAdapters(sampleSeed());
  const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS });
  await session.load();
  session.add({ geometry: square(110, 20), properties: { name: '西镇' } });
  session.add({ geometry: square(110.08, 20), properties: { name: '东镇' } });
  expect((await session.save()).ok).toBe(true);
  const idOf = (name: string) => session.features().find((feature) => feature.properties.name === name)?.id as string;
  return { session, west: idOf('西镇'), east: idOf('东镇') };
}

describe('overlapsMade', () => {
  it('finds nothing when no shape changed, even beside an overlap saved before: an attribute edit is never stopped', async () => {
    const { session, west } = await overlapping();
    await expect(overlapsMade(session)).resolves.toEqual([]);
    session.update(west, { properties: { name: '西镇二' } });
    await expect(overlapsMade(session)).resolves.toEqual([]);
  });

  it('finds the overlap a reshaped or new polygon makes, with the features involved', async () => {
    const { session, west, east } = await overlapping();
    session.update(west, { geometry: square(110.01, 20) });
    const reshaped = await overlapsMade(session);
    expect(reshaped.map((problem) => [problem.kind, [...problem.ids].sort()])).toEqual([['overlap', [west, east].sort()]]);
    expect(reshaped[0]?.area).toBeGreaterThan(0);

    session.undo();
    const drawn = session.add({ geometry: square(110.2, 20.5) });
    await expect(overlapsMade(session)).resolves.toEqual([]);
    session.update(drawn, { geometry: square(110.12, 20) });
    const made = await overlapsMade(session);
    // The drawing overlaps the east town; the old overlap between the towns is not the user's.
    expect(made.map((problem) => [...problem.ids].sort())).toEqual([[drawn, east].sort()]);
  });

  it('leaves out features marked for removal', async () => {
    const { session, west, east } = await overlapping();
    session.update(west, { geometry: square(110.01, 20) });
    session.remove(east);
    await expect(overlapsMade(session)).resolves.toEqual([]);
  });
});

describe('topologyRefusal', () => {
  it('words the core’s refusals of a split or merge and leaves any other error to the editor', () => {
    const refused = (field: string, rule: 'invalid' | 'unsupported', value?: string) => new ValidationError({ [field]: 'x' }, undefined, { [field]: { rule, ...(value ? { value } : {}) } });
    expect(topologyRefusal(refused('cutter', 'invalid', 'does-not-cross'))).toBe('map.split.notCrossing');
    expect(topologyRefusal(refused('cutter', 'invalid', 'only-touches'))).toBe('map.split.onlyTouches');
    expect(topologyRefusal(refused('ids', 'unsupported', 'MultiPolygon'))).toBe('map.merge.notTouching');
    expect(topologyRefusal(refused('ids', 'invalid'))).toBe('map.merge.tooFew');
    expect(topologyRefusal(refused('geometry', 'invalid'))).toBeUndefined();
    expect(topologyRefusal(new Error('offline'))).toBeUndefined();
  });
});
