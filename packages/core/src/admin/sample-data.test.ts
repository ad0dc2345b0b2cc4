import { describe, expect, it } from 'vitest';
import { createMemoryAdapters, sampleSeed } from '../memory/index.js';
import { buildPostgisStoreSpec, findLayerOfKind, sampleInsert } from './sample-data.js';
import { LAYER_KINDS, type LayerKind } from './feature-type-spec.js';
import { NotFoundError } from '../errors/errors.js';

describe('sample data of the test screen', () => {
  it('builds a PostGIS store on a database of its own name', () => {
    expect(buildPostgisStoreSpec('store_20')).toEqual({
      name: 'store_20',
      database: 'store_20',
      host: 'localhost',
      port: 5432,
      schema: 'public',
      user: 'postgres',
      password: 'postgres',
      dbtype: 'postgis',
    });
    expect(buildPostgisStoreSpec('s', { host: 'db', database: 'gis' })).toMatchObject({ name: 's', host: 'db', database: 'gis' });
  });

  it.each(Object.keys(LAYER_KINDS) as LayerKind[])('inserts a sample %s into the matching layer, every property filled', async (kind) => {
    const adapters = createMemoryAdapters(sampleSeed());
    const schema = await findLayerOfKind(adapters.features, kind, 'store_33');
    expect(schema.typeName).toBe(`store_33:${kind}`);
    const changes = sampleInsert(kind, schema);
    expect(changes.inserts[0]?.geometry.type).toBe(LAYER_KINDS[kind]);
    expect(Object.keys(changes.inserts[0]?.properties ?? {}).sort()).toEqual(schema.properties.map((property) => property.name).sort());
    const before = (await adapters.features.getFeatures({ typeName: schema.typeName })).features.length;
    const result = await adapters.transactions.commit(changes);
    expect(result.totals.inserted).toBe(1);
    expect((await adapters.features.getFeatures({ typeName: schema.typeName })).features).toHaveLength(before + 1);
  });

  it('finds a layer by geometry kind when none is named after the kind, and says when there is none', async () => {
    const adapters = createMemoryAdapters({
      layers: [{ schema: { typeName: 'store_33:towns', geometryField: 'geometry', geometryKind: 'Polygon', properties: [{ name: 'id', type: 'number', nullable: false }], readOnly: ['id'] } }],
    });
    const schema = await findLayerOfKind(adapters.features, 'polygon', 'store_33');
    expect(schema.typeName).toBe('store_33:towns');
    expect(sampleInsert('polygon', schema).inserts[0]?.properties).toEqual({});
    await expect(findLayerOfKind(adapters.features, 'point', 'store_33')).rejects.toBeInstanceOf(NotFoundError);
  });

  it("never uses another workspace's layer: a workspace without a layer of the kind is refused, whatever other workspaces hold", async () => {
    const polygon = await createMemoryAdapters(sampleSeed()).features.describe('store_33:polygon');
    const own = createMemoryAdapters({
      layers: [
        ...['point', 'multiline'].map((kind) => ({ schema: { ...polygon, typeName: `store_33:${kind}`, geometryKind: kind === 'point' ? ('Point' as const) : ('MultiLineString' as const) } })),
        { schema: { ...polygon, typeName: 'ws_test:parcels' } },
      ],
    });
    await expect(findLayerOfKind(own.features, 'polygon', 'ws_test')).resolves.toMatchObject({ typeName: 'ws_test:parcels' });
    await expect(findLayerOfKind(own.features, 'point', 'ws_test')).rejects.toThrow('workspace ws_test has no Point layer');
    await expect(findLayerOfKind(own.features, 'multiline', 'ws_test')).rejects.toBeInstanceOf(NotFoundError);
    await expect(findLayerOfKind(own.features, 'multiline', 'store_33')).resolves.toMatchObject({ typeName: 'store_33:multiline' });
  });

  it('takes a bare type name (a server without workspaces, such as QGIS Server) as a layer of the workspace asked for', async () => {
    const polygon = await createMemoryAdapters(sampleSeed()).features.describe('store_33:polygon');
    const adapters = createMemoryAdapters({ layers: [{ schema: { ...polygon, typeName: 'towns' } }] });
    await expect(findLayerOfKind(adapters.features, 'polygon', 'ws_test')).resolves.toMatchObject({ typeName: 'towns' });
  });
});
