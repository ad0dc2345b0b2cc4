import { EditSession, mergeFeatures, mergeGeometries, planarArea, reshapeWithNeighbours, splitFeature, type Polygon } from '@gportal/core';
import { createWfsAdapters } from '@gportal/adapters-geoserver';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { wfsServer } from './wfs-server.js';

// Split, merge and a shared vertex moved, saved on QGIS Server + PostGIS and read back by a fresh
// client. Corners on the project's 8 decimals, so what is stored is exactly what was sent.

const url = inject('wfsUrl');

function rectangle(west: number, south: number, east: number, north: number): Polygon {
  return { type: 'Polygon', coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]] };
}

async function stored(): Promise<Map<string, { geometry: Polygon; name: unknown }>> {
  const { features } = await createWfsAdapters({ url }).source.getFeatures({ typeName: 'towns' });
  return new Map(features.map((feature) => [feature.id, { geometry: feature.geometry as Polygon, name: feature.properties.name }]));
}

/** A session on `towns` with two new neighbours saved, sharing the edge lng 117.5. */
async function neighbours() {
  const session = new EditSession({ ...createWfsAdapters({ url }), typeName: 'towns' });
  await session.load();
  session.add({ geometry: rectangle(117.3, 22.3, 117.5, 22.4), properties: { name: 'West' } });
  session.add({ geometry: rectangle(117.5, 22.3, 117.7, 22.4), properties: { name: 'East' } });
  expect((await session.save()).ok).toBe(true);
  const idOf = (name: string) => session.features().find((feature) => feature.properties.name === name)?.id as string;
  return { session, west: idOf('West'), east: idOf('East') };
}

describe('topology edits on QGIS Server + PostGIS', () => {
  beforeEach(() => wfsServer('reset'));

  it('a split is saved as the cut feature and a new one, covering the original exactly', async () => {
    const { session, west } = await neighbours();
    const [, piece] = splitFeature(session, west, { type: 'LineString', coordinates: [[117.35, 22.2], [117.35, 22.5]] });
    expect((await session.save()).ok).toBe(true);

    const rows = [...(await stored()).values()].filter((row) => row.name === 'West');
    expect(rows).toHaveLength(2);
    const total = rows.reduce((sum, row) => sum + planarArea(row.geometry), 0);
    expect(Math.abs(total / planarArea(rectangle(117.3, 22.3, 117.5, 22.4)) - 1)).toBeLessThanOrEqual(1e-9);
    expect(session.stateOf(piece as string)).toBeUndefined();
  });

  it('a merge is saved as the union on the kept feature and the other deleted', async () => {
    const { session, west, east } = await neighbours();
    mergeFeatures(session, [west, east], { keep: west });
    expect((await session.save()).ok).toBe(true);

    const rows = await stored();
    expect(rows.has(east)).toBe(false);
    const union = rows.get(west)?.geometry as Polygon;
    expect(union.coordinates).toHaveLength(1);
    expect(Math.abs(planarArea(union) / planarArea(rectangle(117.3, 22.3, 117.7, 22.4)) - 1)).toBeLessThanOrEqual(1e-9);
  });

  it('two neighbours whose shared vertex moved together still share it exactly: no hole, no overlap', async () => {
    const { session, west, east } = await neighbours();
    session.moveSharedVertex([117.5, 22.4], [117.52, 22.43]);
    expect((await session.save()).ok).toBe(true);

    const rows = await stored();
    const both = [rows.get(west)?.geometry as Polygon, rows.get(east)?.geometry as Polygon];
    for (const polygon of both) expect(polygon.coordinates[0]).toContainEqual([117.52, 22.43]);
    const union = mergeGeometries(both) as Polygon;
    expect(union.type).toBe('Polygon');
    expect(union.coordinates).toHaveLength(1);
    const sum = planarArea(both[0] as Polygon) + planarArea(both[1] as Polygon);
    expect(Math.abs(planarArea(union) / sum - 1)).toBeLessThanOrEqual(1e-9);
  });

  it('a shape edit with 拓扑编辑 (a shared corner dragged, a vertex inserted on the shared edge and dragged) is saved with the neighbour following it exactly', async () => {
    const { session, west, east } = await neighbours();
    const reshaped = { type: 'Polygon' as const, coordinates: [[[117.3, 22.3], [117.5, 22.3], [117.48, 22.35], [117.53, 22.42], [117.3, 22.4], [117.3, 22.3]]] };
    reshapeWithNeighbours(session, west, reshaped, [
      { kind: 'insert', between: [[117.5, 22.3], [117.5, 22.4]], at: [117.5, 22.35] },
      { kind: 'move', from: [117.5, 22.35], to: [117.48, 22.35] },
      { kind: 'move', from: [117.5, 22.4], to: [117.53, 22.42] },
    ]);
    expect((await session.save()).ok).toBe(true);

    const rows = await stored();
    const both = [rows.get(west)?.geometry as Polygon, rows.get(east)?.geometry as Polygon];
    for (const polygon of both) {
      expect(polygon.coordinates[0]).toContainEqual([117.48, 22.35]);
      expect(polygon.coordinates[0]).toContainEqual([117.53, 22.42]);
    }
    const union = mergeGeometries(both) as Polygon;
    expect(union.type).toBe('Polygon');
    expect(union.coordinates).toHaveLength(1);
    const sum = planarArea(both[0] as Polygon) + planarArea(both[1] as Polygon);
    expect(Math.abs(planarArea(union) / sum - 1)).toBeLessThanOrEqual(1e-9);
  });
});
