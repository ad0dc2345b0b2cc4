import { describe, expect, it, vi } from 'vitest';
import type { Polygon } from '../domain/geometry.js';
import { NotFoundError, ValidationError } from '../errors/errors.js';
import { createMemoryAdapters, sampleSeed } from '../memory/index.js';
import { planarArea } from '../topology/planar.js';
import { mergeGeometries } from '../topology/merge-geometries.js';
import { EditSession, mergeFeatures, reshapeWithNeighbours, splitFeature } from './index.js';
import { square } from '../../test/shapes.js';

// Split, merge and a shared vertex moved: each one user action (one undo step, one change), sent
// in one transaction through the conflict check, journaled like any edit.

const POLYGONS = 'store_33:polygon';
const CUT = { type: 'LineString' as const, coordinates: [[118.02, 23.9], [118.02, 24.1]] };

/** A session over the sample layer with two saved neighbours sharing the edge x = 118.05. */
async function neighbours() {
  const adapters = createMemoryAdapters(sampleSeed());
  const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, journal: adapters.journal });
  await session.load();
  session.add({ geometry: square(118, 24), properties: { name: '西镇', population: 100 } });
  session.add({ geometry: square(118.1, 24), properties: { name: '东镇', population: 200 } });
  expect((await session.save()).ok).toBe(true);
  const idOf = (name: string) => session.features().find((feature) => feature.properties.name === name)?.id as string;
  const rows = async () => (await adapters.features.getFeatures({ typeName: POLYGONS, maxFeatures: 1000 })).features;
  return { adapters, session, west: idOf('西镇'), east: idOf('东镇'), rows };
}

describe('splitFeature(session, …)', () => {
  it('keeps the largest piece under the feature id and adds the others with its properties, as one undo step', async () => {
    const { session, west } = await neighbours();
    const changes: string[] = [];
    session.on('change', ({ reason }) => changes.push(reason));

    const [kept, added] = splitFeature(session, west, CUT);

    expect(kept).toBe(west);
    expect(changes).toEqual(['batch']);
    const keptArea = planarArea(session.feature(west)?.geometry as Polygon);
    const addedArea = planarArea(session.feature(added as string)?.geometry as Polygon);
    expect(keptArea).toBeGreaterThan(addedArea);
    expect((keptArea + addedArea) / planarArea(square(118, 24))).toBeCloseTo(1, 9);
    expect(session.feature(added as string)?.properties).toEqual(session.feature(west)?.properties);
    expect(session.feature(added as string)?.properties).toMatchObject({ name: '西镇', population: 100 });
    expect(session.pending()).toMatchObject({ inserts: [{ handle: added }], updates: [{ id: west }], deletes: [] });

    expect(session.undo()).toBe(true);
    expect(session.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
    expect(session.feature(added as string)).toBeUndefined();
    expect(session.redo()).toBe(true);
    expect(session.pending().inserts).toHaveLength(1);
  });

  it('is saved in one transaction and read back as two features covering the original', async () => {
    const { adapters, session, west, rows } = await neighbours();
    const commit = vi.spyOn(adapters.transactions, 'commit');
    splitFeature(session, west, CUT);

    expect((await session.save()).ok).toBe(true);

    expect(commit).toHaveBeenCalledTimes(1);
    const pieces = (await rows()).filter((row) => row.properties.name === '西镇');
    expect(pieces).toHaveLength(2);
    const total = pieces.reduce((sum, piece) => sum + planarArea(piece.geometry as Polygon), 0);
    expect(total / planarArea(square(118, 24))).toBeCloseTo(1, 9);
  });

  it('refuses a cutter that does not cross the feature, and changes nothing', async () => {
    const { session, west } = await neighbours();
    const away = { type: 'LineString' as const, coordinates: [[119, 23], [119, 25]] };
    expect(() => splitFeature(session, west, away)).toThrow(ValidationError);
    expect(session.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
    expect(session.canUndo).toBe(false);
  });

  it('is journaled: a reload restores the cut feature and its new piece', async () => {
    const { adapters, session, west } = await neighbours();
    splitFeature(session, west, CUT);
    await session.flushJournal();
    const reloaded = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS, journal: adapters.journal });
    await reloaded.restore();
    expect(reloaded.pending()).toEqual(session.pending());
  });
});

describe('mergeFeatures(session, …)', () => {
  it('gives the largest the union and removes the others, one undo step, one transaction', async () => {
    const { adapters, session, west, east, rows } = await neighbours();
    const commit = vi.spyOn(adapters.transactions, 'commit');

    const kept = mergeFeatures(session, [west, east], { keep: east });

    expect(kept).toBe(east);
    expect(session.pending()).toMatchObject({ updates: [{ id: east }], deletes: [west] });
    const union = session.feature(east)?.geometry as Polygon;
    expect(union.type).toBe('Polygon');
    expect(planarArea(union) / (2 * planarArea(square(118, 24)))).toBeCloseTo(1, 9);
    expect(session.feature(east)?.properties.name).toBe('东镇');
    expect((await session.save()).ok).toBe(true);
    expect(commit).toHaveBeenCalledTimes(1);
    expect((await rows()).filter((row) => row.properties.name === '西镇' || row.properties.name === '东镇').map((row) => row.id)).toEqual([east]);
  });

  it('goes through the conflict check: another client changing one of the merged stops the save, nothing sent', async () => {
    const { adapters, session, west, east } = await neighbours();
    mergeFeatures(session, [west, east]);
    const other = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: POLYGONS });
    await other.load();
    other.update(east, { properties: { population: 201 } });
    expect((await other.save()).ok).toBe(true);
    const commit = vi.spyOn(adapters.transactions, 'commit');

    const outcome = await session.save();

    expect(outcome.ok || outcome.failure.kind).toBe('conflict');
    expect(commit).not.toHaveBeenCalled();
    expect(session.conflicts.map((conflict) => conflict.id)).toEqual([east]);
  });

  it('keeps the largest by default, and one undo brings both back', async () => {
    const { session, west, east } = await neighbours();
    // East made half as wide: west is the larger.
    session.update(east, { geometry: { type: 'Polygon', coordinates: [[[118.05, 23.95], [118.1, 23.95], [118.1, 24.05], [118.05, 24.05], [118.05, 23.95]]] } });
    expect(mergeFeatures(session, [west, east])).toBe(west);
    expect(session.stateOf(east)).toBe('remove');
    session.undo();
    expect(session.stateOf(east)).toBe('update');
    expect(session.stateOf(west)).toBe('exist');
  });

  it('refuses fewer than two features, a kept one not among them, and a multi-part union on a layer of single polygons', async () => {
    const { session, west, east } = await neighbours();
    expect(() => mergeFeatures(session, [west])).toThrow(ValidationError);
    expect(() => mergeFeatures(session, [west, east], { keep: 'store_33:polygon.1' })).toThrow(ValidationError);
    const far = session.features().find((feature) => feature.properties.name === '福州')?.id as string;
    expect(() => mergeFeatures(session, [west, far])).toThrow(/do not touch/);
    expect(session.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
  });
});

describe('session.moveSharedVertex', () => {
  it('moves the vertex in every feature that has it: the neighbours still share it exactly, one undo step', async () => {
    const { adapters, session, west, east, rows } = await neighbours();
    const commit = vi.spyOn(adapters.transactions, 'commit');

    const moved = session.moveSharedVertex([118.05, 24.05], [118.06, 24.07], { tolerance: 1e-9 });

    expect(moved.sort()).toEqual([east, west].sort());
    const ring = (id: string) => (session.feature(id)?.geometry as Polygon).coordinates[0] as number[][];
    expect(ring(west)).toContainEqual([118.06, 24.07]);
    expect(ring(east)).toContainEqual([118.06, 24.07]);
    // The east square's moved vertex is its ring's first, so the closing copy moved too.
    expect(ring(east).at(-1)).toEqual(ring(east)[0]);
    expect((await session.save()).ok).toBe(true);
    expect(commit).toHaveBeenCalledTimes(1);
    const stored = (await rows()).filter((row) => row.id === west || row.id === east);
    for (const row of stored) expect((row.geometry as Polygon).coordinates[0]).toContainEqual([118.06, 24.07]);
  });

  it('undoes in one step, and refuses a position no feature has a vertex at', async () => {
    const { session } = await neighbours();
    session.moveSharedVertex([118.05, 23.95], [118.05, 23.9]);
    expect(session.pending().updates).toHaveLength(2);
    session.undo();
    expect(session.pending().updates).toHaveLength(0);
    expect(() => session.moveSharedVertex([0, 0], [1, 1])).toThrow(ValidationError);
  });
});

describe('reshapeWithNeighbours(session, …)', () => {
  it('gives the feature its new shape and the neighbour the same moved and inserted vertices: one undo step, one transaction, still shared', async () => {
    const { adapters, session, west, east, rows } = await neighbours();
    const commit = vi.spyOn(adapters.transactions, 'commit');
    const changes: string[] = [];
    session.on('change', ({ reason }) => changes.push(reason));
    // The west square (117.95–118.05) reshaped: its north-east corner dragged east, a vertex
    // inserted on the shared edge x = 118.05 and dragged west.
    const reshaped: Polygon = { type: 'Polygon', coordinates: [[[117.95, 23.95], [118.05, 23.95], [118.04, 24], [118.07, 24.06], [117.95, 24.05], [117.95, 23.95]]] };
    const ids = reshapeWithNeighbours(session, west, reshaped, [
      { kind: 'insert', between: [[118.05, 23.95], [118.05, 24.05]], at: [118.05, 24] },
      { kind: 'move', from: [118.05, 24], to: [118.04, 24] },
      { kind: 'move', from: [118.05, 24.05], to: [118.07, 24.06] },
    ]);

    expect(ids).toEqual([west, east]);
    expect(changes).toEqual(['batch']);
    const ring = (id: string) => (session.feature(id)?.geometry as Polygon).coordinates[0] as number[][];
    expect(ring(east)).toContainEqual([118.04, 24]);
    expect(ring(east)).toContainEqual([118.07, 24.06]);
    expect(ring(east)).not.toContainEqual([118.05, 24.05]);
    // No gap and no overlap along the boundary: the two merge into one polygon of their summed area.
    const union = mergeGeometries([session.feature(west)?.geometry as Polygon, session.feature(east)?.geometry as Polygon]);
    expect(union.type).toBe('Polygon');
    expect((union as Polygon).coordinates).toHaveLength(1);
    const sum = planarArea(session.feature(west)?.geometry as Polygon) + planarArea(session.feature(east)?.geometry as Polygon);
    expect(Math.abs(planarArea(union as Polygon) - sum) / sum).toBeLessThanOrEqual(1e-9);

    session.undo();
    expect(session.pending().updates).toHaveLength(0);
    session.redo();
    expect((await session.save()).ok).toBe(true);
    expect(commit).toHaveBeenCalledTimes(1);
    const stored = (await rows()).find((row) => row.id === east);
    expect((stored?.geometry as Polygon).coordinates[0]).toContainEqual([118.07, 24.06]);
  });

  it('changes only the feature when nothing it shares moved, and refuses a feature it does not hold', async () => {
    const { session, west, east } = await neighbours();
    const before = structuredClone(session.feature(east)?.geometry);
    expect(reshapeWithNeighbours(session, west, square(117.9, 24), [{ kind: 'move', from: [117.95, 23.95], to: [117.85, 23.95] }])).toEqual([west]);
    expect(session.feature(east)?.geometry).toEqual(before);
    expect(() => reshapeWithNeighbours(session, 'nowhere', square(0, 0), [])).toThrow(NotFoundError);
  });
});
