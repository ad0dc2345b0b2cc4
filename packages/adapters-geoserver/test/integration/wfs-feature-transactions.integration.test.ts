import { ValidationError, type ChangeSet, type MapFeature } from '@gportal/core';
import { featureTransactionsContract } from '@gportal/core/contracts';
import { createWfsAdapters } from '@gportal/adapters-geoserver';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { wfsServer } from './wfs-server.js';

const url = inject('wfsUrl');

function change(typeName: string, parts: Partial<Omit<ChangeSet, 'typeName'>>): ChangeSet {
  return { typeName, inserts: [], updates: [], deletes: [], ...parts };
}

/** QGIS Server writes coordinates with 8 decimals (the project's precision). */
const round = (value: number): number => Number(value.toFixed(8));

function square(lng: number, lat: number, size = 0.1): number[][][] {
  const [east, north] = [round(lng + size), round(lat + size)];
  return [[[lng, lat], [east, lat], [east, north], [lng, north], [lng, lat]]];
}

describe('commit() on QGIS Server', () => {
  const { source, transactions } = createWfsAdapters({ url });
  const one = async (typeName: string, id: string): Promise<MapFeature | undefined> =>
    (await source.getFeatures({ typeName, featureIds: [id] })).features[0];

  beforeEach(() => wfsServer('reset'));

  it('matches the ids QGIS answers in reverse order to the inserts by their handles', async () => {
    const result = await transactions.commit(
      change('towns', {
        inserts: ['Putian', 'Longyan', 'Ningde'].map((name, index) => ({
          handle: name.toLowerCase(),
          geometry: { type: 'Polygon', coordinates: square(118 + index, 25) },
          properties: { name, population: 1000 + index, area_km2: 10.5 + index, is_capital: index === 0, founded: new Date(Date.UTC(1983, 8, 9 + index)) },
        })),
      }),
    );
    expect(result.failures).toEqual([]);
    expect(result.totals).toEqual({ inserted: 3, updated: 0, deleted: 0 });
    // QGIS executes the Inserts last to first: the first one gets the highest id.
    expect(Object.fromEntries(result.inserted.map((entry) => [entry.handle, entry.id]))).toEqual({ putian: 'towns.10', longyan: 'towns.9', ningde: 'towns.8' });
    expect(await one('towns', 'towns.10')).toEqual({
      id: 'towns.10',
      geometry: { type: 'Polygon', coordinates: square(118, 25) },
      properties: { id: 10, name: 'Putian', population: 1000, area_km2: 10.5, is_capital: true, founded: new Date(Date.UTC(1983, 8, 9)) },
    });
    expect((await one('towns', 'towns.8'))?.properties.name).toBe('Ningde');
  });

  it('updates only the given properties, clears a null one, moves the geometry and deletes by id', async () => {
    const before = await one('towns', 'towns.2');
    const result = await transactions.commit(
      change('towns', {
        updates: [{ id: 'towns.2', geometry: { type: 'Polygon', coordinates: square(118.05, 24.4, 0.2) }, properties: { population: 5200000, founded: null } }],
        deletes: ['towns.6', 'towns.7'],
      }),
    );
    expect(result).toEqual({ inserted: [], totals: { inserted: 0, updated: 1, deleted: 2 }, failures: [] });
    expect(await one('towns', 'towns.2')).toEqual({
      id: 'towns.2',
      geometry: { type: 'Polygon', coordinates: square(118.05, 24.4, 0.2) },
      properties: { ...before?.properties, population: 5200000, founded: null },
    });
    expect((await source.getFeatures({ typeName: 'towns', featureIds: ['towns.6', 'towns.7'] })).features).toEqual([]);
  });

  it('writes multi geometries as MultiPolygon / MultiLineString, single ones promoted', async () => {
    const districts = await transactions.commit(
      change('districts', {
        inserts: [
          { handle: 'two-parts', geometry: { type: 'MultiPolygon', coordinates: [square(117, 24), square(117.5, 24.5)] }, properties: { name: 'Two' } },
          { handle: 'single', geometry: { type: 'Polygon', coordinates: square(118, 25) }, properties: { name: 'One' } },
        ],
      }),
    );
    const rivers = await transactions.commit(
      change('rivers', {
        inserts: [{ handle: 'line', geometry: { type: 'LineString', coordinates: [[118, 25], [118.5, 25.2]] }, properties: { name: 'Line' } }],
      }),
    );
    expect([...districts.failures, ...rivers.failures]).toEqual([]);
    const idOf = (result: typeof districts, handle: string) => result.inserted.find((entry) => entry.handle === handle)?.id as string;
    expect((await one('districts', idOf(districts, 'two-parts')))?.geometry).toEqual({ type: 'MultiPolygon', coordinates: [square(117, 24), square(117.5, 24.5)] });
    expect((await one('districts', idOf(districts, 'single')))?.geometry).toEqual({ type: 'MultiPolygon', coordinates: [square(118, 25)] });
    expect((await one('rivers', idOf(rivers, 'line')))?.geometry).toEqual({ type: 'MultiLineString', coordinates: [[[118, 25], [118.5, 25.2]]] });
  });

  it('reports the actions QGIS refuses while it commits the others (it is not atomic)', async () => {
    const result = await transactions.commit(
      change('poi', {
        inserts: [
          { handle: 'good', geometry: { type: 'Point', coordinates: [118.5, 24.9] }, properties: { name: 'Good' } },
          { handle: 'nameless', geometry: { type: 'Point', coordinates: [118.6, 24.9] }, properties: { name: null } },
        ],
        updates: [{ id: 'poi.1', properties: { name: null } }],
        deletes: ['poi.5'],
      }),
    );
    // The refused insert ran first (QGIS runs the Inserts last to first) and used up an id.
    expect(result.inserted).toEqual([{ handle: 'good', id: expect.stringMatching(/^poi\.\d+$/) }]);
    expect(result.totals).toEqual({ inserted: 1, updated: 0, deleted: 1 });
    expect(result.failures).toEqual([
      { kind: 'insert', ref: 'nameless', message: "Insert features failed on layer 'poi'" },
      { kind: 'update', ref: 'poi.1', message: "NOT NULL constraint error on layer 'poi', field 'name'" },
    ]);
    expect((await one('poi', result.inserted[0]?.id as string))?.properties.name).toBe('Good');
    expect((await one('poi', 'poi.1'))?.properties.name).toBe('Fuzhou');
    expect(await one('poi', 'poi.5')).toBeUndefined();
  });

  it('never sends an unknown property, which would hang QGIS Server', async () => {
    const posted: string[] = [];
    const counting: typeof fetch = (input, init) => {
      if (init?.method === 'POST') posted.push(String(init.body));
      return fetch(input, init);
    };
    const guarded = createWfsAdapters({ url, fetch: counting }).transactions;
    await expect(
      guarded.commit(
        change('poi', { inserts: [{ handle: 'bad', geometry: { type: 'Point', coordinates: [118.5, 24.9] }, properties: { name: 'x', nosuchfield: 1 } }] }),
      ),
    ).rejects.toEqual(new ValidationError({ 'bad.nosuchfield': 'poi has no property nosuchfield' }));
    // No Transaction reached the server, which still answers.
    expect(posted.filter((body) => body.includes('Transaction'))).toEqual([]);
    expect((await source.getFeatures({ typeName: 'poi' })).features).toHaveLength(5);
  });

  it('counts no update for an id that does not exist', async () => {
    const result = await transactions.commit(change('towns', { updates: [{ id: 'towns.999', properties: { population: 1 } }] }));
    expect(result).toEqual({ inserted: [], totals: { inserted: 0, updated: 0, deleted: 0 }, failures: [] });
  });

  it('stores lon/lat unchanged on the EPSG:4490 layer', async () => {
    const result = await transactions.commit(
      change('towns_cgcs2000', { inserts: [{ handle: 'cgcs', geometry: { type: 'Polygon', coordinates: square(119.2, 26.3) }, properties: { name: 'Lianjiang' } }] }),
    );
    expect(result.inserted).toEqual([{ handle: 'cgcs', id: 'towns_cgcs2000.3' }]);
    expect((await one('towns_cgcs2000', 'towns_cgcs2000.3'))?.geometry).toEqual({ type: 'Polygon', coordinates: square(119.2, 26.3) });
  });

  it('commits through WFS 1.0.0 too', async () => {
    const legacy = createWfsAdapters({ url, version: '1.0.0' });
    const result = await legacy.transactions.commit(
      change('roads', {
        inserts: [{ handle: 'new-road', geometry: { type: 'LineString', coordinates: [[118, 25], [118.4, 25.3]] }, properties: { name: 'New', lanes: 2, opened: new Date(Date.UTC(2024, 0, 31)) } }],
        updates: [{ id: 'roads.1', properties: { lanes: 8 } }],
        deletes: ['roads.3'],
      }),
    );
    expect(result).toEqual({ inserted: [{ handle: 'new-road', id: 'roads.4' }], totals: { inserted: 1, updated: 1, deleted: 1 }, failures: [] });
    const { features } = await legacy.source.getFeatures({ typeName: 'roads' });
    features.sort((a, b) => a.id.localeCompare(b.id));
    expect(features.map((feature) => [feature.id, feature.properties.lanes])).toEqual([
      ['roads.1', 8],
      ['roads.2', 4],
      ['roads.4', 2],
    ]);
    expect(features[2]?.properties.opened).toEqual(new Date(Date.UTC(2024, 0, 31)));
    expect(features[2]?.geometry).toEqual({ type: 'LineString', coordinates: [[118, 25], [118.4, 25.3]] });
  });
});

describe('FeatureTransactions contract on QGIS Server', () => {
  const newProperties = {
    // poi.name is NOT NULL.
    poi: (_schema: unknown, index: number) => ({ name: `contract-poi-${index}`, population: 100 + index, is_capital: false }),
  } as const;
  for (const typeName of ['towns', 'roads', 'poi', 'districts', 'rivers'] as const) {
    describe(typeName, () => {
      beforeEach(() => wfsServer('reset'));
      featureTransactionsContract(`WFS ${typeName}`, () => {
        const { source, transactions } = createWfsAdapters({ url });
        return { source, transactions, typeName, ...(typeName === 'poi' ? { newProperties: newProperties.poi } : {}) };
      });
    });
  }
});
