import { EditSession, type MapFeature } from '@gportal/core';
import { editConflictContract } from '@gportal/core/contracts';
import { createWfsAdapters, type WfsAdapterOptions } from '@gportal/adapters-geoserver';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { wfsServer, wfsSql } from './wfs-server.js';

const url = inject('wfsUrl');
const GML3 = 'text/xml; subtype=gml/3.1.1';
const XIAMEN = 'towns.2';

// No silent overwrite on QGIS Server 3.22 + PostGIS, which does not lock: another client changes
// a row between the session's load and its save, through a second WFS client (the contract) or
// straight in the database by SQL.
describe.each([
  ['GeoJSON', {}],
  ['GML3', { outputFormat: GML3 }],
])('EditSession conflict check on QGIS Server, reading %s', (path, options: Partial<WfsAdapterOptions>) => {
  beforeEach(() => wfsServer('reset'));

  editConflictContract(`QGIS towns, a second WFS client (${path})`, () => {
    const other = createWfsAdapters({ url });
    return {
      ...createWfsAdapters({ url, ...options }),
      typeName: 'towns',
      featureId: XIAMEN,
      textProperty: 'name',
      numberProperty: 'population',
      otherClient: {
        update: async (id, changes) => {
          expect((await other.transactions.commit({ typeName: 'towns', inserts: [], updates: [{ id, ...changes }], deletes: [] })).totals.updated).toBe(1);
        },
        delete: async (id) => {
          expect((await other.transactions.commit({ typeName: 'towns', inserts: [], updates: [], deletes: [id] })).totals.deleted).toBe(1);
        },
      },
    };
  });

  describe('another client writing by SQL', () => {
    async function start() {
      const adapters = createWfsAdapters({ url, ...options });
      const session = new EditSession({ ...adapters, typeName: 'towns' });
      await session.load();
      const row = async () => (await wfsSql(`SELECT name, population, ST_AsText(geom) FROM towns WHERE id = 2`)).split('|');
      const stored = async (): Promise<MapFeature | undefined> => (await adapters.source.getFeatures({ typeName: 'towns', featureIds: [XIAMEN] })).features[0];
      return { session, row, stored };
    }

    it('the save stops and nothing is overwritten; theirs shows the row as SQL left it', async () => {
      const { session, row } = await start();
      session.update(XIAMEN, { properties: { name: 'Mine' } });
      await wfsSql(`UPDATE towns SET name = 'By SQL' WHERE id = 2`);
      const before = await row();
      const outcome = await session.save();
      expect(outcome.ok ? null : outcome.failure).toMatchObject({ kind: 'conflict', conflicts: [{ id: XIAMEN, fields: ['name'], theirs: { properties: { name: 'By SQL' } } }] });
      expect(await row()).toEqual(before);
      session.resolveConflict(XIAMEN, 'theirs');
      expect(session.feature(XIAMEN)).toMatchObject({ state: 'exist', properties: { name: 'By SQL' } });
      expect((await session.save()).ok).toBe(true);
      expect(await row()).toEqual(before);
    });

    it("mine: the next save writes this session's value over theirs, and only that field", async () => {
      const { session, row } = await start();
      session.update(XIAMEN, { properties: { name: 'Mine' } });
      await wfsSql(`UPDATE towns SET name = 'By SQL', population = 123 WHERE id = 2`);
      expect((await session.save()).ok).toBe(false);
      session.resolveConflict(XIAMEN, 'mine');
      expect((await session.save()).ok).toBe(true);
      expect((await row()).slice(0, 2)).toEqual(['Mine', '123']);
    });

    it('a moved shape conflicts with a moved shape, as the field geometry', async () => {
      const { session, stored } = await start();
      const loaded = session.feature(XIAMEN) as MapFeature;
      session.update(XIAMEN, { geometry: { type: 'Polygon', coordinates: [[[118, 24], [118.2, 24], [118.2, 24.2], [118, 24]]] } });
      await wfsSql(`UPDATE towns SET geom = ST_Translate(geom, 0.5, 0) WHERE id = 2`);
      const outcome = await session.save();
      expect(outcome.ok ? [] : outcome.failure.conflicts?.map((conflict) => conflict.fields)).toEqual([['geometry']]);
      expect((await stored())?.geometry).not.toEqual(loaded.geometry);
      expect((await stored())?.geometry).toEqual(outcome.ok ? undefined : outcome.failure.conflicts?.[0]?.theirs?.geometry);
    });

    it('edits of different fields merge: SQL moved the shape and set the population, the session renamed it', async () => {
      const { session, row } = await start();
      session.update(XIAMEN, { properties: { name: 'Mine' } });
      await wfsSql(`UPDATE towns SET population = 4242, geom = ST_Translate(geom, 0.5, 0) WHERE id = 2`);
      const moved = (await row())[2];
      expect((await session.save()).ok).toBe(true);
      expect(await row()).toEqual(['Mine', '4242', moved]);
      expect(session.feature(XIAMEN)).toMatchObject({ state: 'exist', properties: { name: 'Mine', population: 4242 } });
    });

    it('a row deleted by SQL is a conflict with theirs null, never inserted again', async () => {
      const { session } = await start();
      session.update(XIAMEN, { properties: { name: 'Mine' } });
      await wfsSql(`DELETE FROM towns WHERE id = 2`);
      const outcome = await session.save();
      expect(outcome.ok ? [] : outcome.failure.conflicts).toEqual([{ id: XIAMEN, fields: ['name'], theirs: null }]);
      expect(await wfsSql(`SELECT count(*) FROM towns WHERE name = 'Mine'`)).toBe('0');
    });
  });
});
