import { describe, expect, it } from 'vitest';
import {
  authGatewayContract,
  dataStoreAdminContract,
  editConflictContract,
  editJournalContract,
  featureQueryContract,
  featureSourceContract,
  featureTransactionsContract,
  layerAdminContract,
  sessionStoreContract,
  styleAdminContract,
  userCacheContract,
  workspaceAdminContract,
} from '../contracts/index.js';
import { ConflictError, MapServerError, NotFoundError, ValidationError } from '../errors/errors.js';
import { createMemoryAdapters, DEMO_USER, sampleSeed } from './index.js';

const polygonType = 'store_33:polygon';

userCacheContract('memory', () => createMemoryAdapters().userCache);
sessionStoreContract('memory', () => createMemoryAdapters().session);
editJournalContract('memory', () => createMemoryAdapters().journal);
authGatewayContract('memory', () => ({
  gateway: createMemoryAdapters(sampleSeed()).auth,
  valid: { ...DEMO_USER },
  invalid: { username: DEMO_USER.username, password: 'wrong' },
}));
workspaceAdminContract('memory', () => createMemoryAdapters());
dataStoreAdminContract('memory', () => createMemoryAdapters());
layerAdminContract('memory', () => createMemoryAdapters());
styleAdminContract('memory', () => createMemoryAdapters());
for (const kind of ['point', 'line', 'polygon', 'multipolygon', 'multiline', 'multipoint']) {
  featureSourceContract(`memory ${kind}`, () => ({ source: createMemoryAdapters(sampleSeed()).features, typeName: `store_33:${kind}` }));
}
featureQueryContract('memory polygon', () => {
  const adapters = createMemoryAdapters(sampleSeed());
  return { source: adapters.features, transactions: adapters.transactions, typeName: 'store_33:polygon' };
});
for (const transactionMode of ['atomic', 'per-action'] as const) {
  for (const kind of ['point', 'polygon', 'multiline']) {
    featureTransactionsContract(`memory ${kind} ${transactionMode}`, () => {
      const adapters = createMemoryAdapters({ ...sampleSeed(), transactionMode });
      return { source: adapters.features, transactions: adapters.transactions, typeName: `store_33:${kind}` };
    });
  }
}

for (const transactionMode of ['atomic', 'per-action'] as const) {
  editConflictContract(`memory polygon ${transactionMode}`, () => {
    const adapters = createMemoryAdapters({ ...sampleSeed(), transactionMode });
    return { ...adapters, source: adapters.features, typeName: polygonType, featureId: `${polygonType}.1`, textProperty: 'name', numberProperty: 'population' };
  });
}

describe('memory adapters beyond the contracts', () => {
  it('seeds the sample catalogue of spec section 3', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    expect(await adapters.dataStores.list('store_33')).toEqual(['store_33']);
    expect(await adapters.layers.listFeatureTypes('store_33', 'store_33')).toEqual(['point', 'line', 'polygon', 'multipolygon', 'multiline', 'multipoint']);
    expect((await adapters.layers.getLayer('store_33', 'polygon')).defaultStyle).toEqual({ name: 'polygon' });
    const { features } = await adapters.features.getFeatures({ typeName: polygonType });
    expect(features.length).toBe(8);
    for (const feature of features) {
      const [lng, lat] = (feature.geometry.coordinates as number[][][])[0]?.[0] as [number, number];
      expect(lng).toBeGreaterThanOrEqual(115.85);
      expect(lng).toBeLessThanOrEqual(120.72);
      expect(lat).toBeGreaterThanOrEqual(20.56);
      expect(lat).toBeLessThanOrEqual(28.32);
    }
  });

  it('hands out copies: changing a read feature changes nothing stored', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    const [first] = (await adapters.features.getFeatures({ typeName: polygonType, maxFeatures: 1 })).features;
    if (!first) throw new Error('no feature');
    first.properties.name = 'changed';
    const [again] = (await adapters.features.getFeatures({ typeName: polygonType, featureIds: [first.id] })).features;
    expect(again?.properties.name).toBe('福州');
  });

  it('rejects a whole atomic transaction when one action is refused', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    const before = (await adapters.features.getFeatures({ typeName: polygonType })).features.length;
    await expect(
      adapters.transactions.commit({
        typeName: polygonType,
        inserts: [{ handle: 'good', geometry: { type: 'Polygon', coordinates: [[[118, 25], [118.1, 25], [118.1, 25.1], [118, 25]]] }, properties: {} }],
        updates: [],
        deletes: ['store_33:polygon.999'],
      }),
    ).rejects.toBeInstanceOf(MapServerError);
    expect((await adapters.features.getFeatures({ typeName: polygonType })).features.length).toBe(before);
  });

  it('commits the good actions and reports the bad ones in per-action mode', async () => {
    const adapters = createMemoryAdapters({ ...sampleSeed(), transactionMode: 'per-action' });
    const result = await adapters.transactions.commit({
      typeName: polygonType,
      inserts: [
        { handle: 'good', geometry: { type: 'Polygon', coordinates: [[[118, 25], [118.1, 25], [118.1, 25.1], [118, 25]]] }, properties: { name: '新' } },
        { handle: 'bad', geometry: { type: 'Polygon', coordinates: [[[118, 25], [118.1, 25], [118.1, 25.1], [118, 25]]] }, properties: { nosuch: 1 } },
      ],
      updates: [],
      deletes: [],
    });
    expect(result.inserted.map((entry) => entry.handle)).toEqual(['good']);
    expect(result.failures).toEqual([{ kind: 'insert', ref: 'bad', message: "unknown property 'nosuch'" }]);
  });

  it('refuses to delete a style in use unless recurse is set', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    await expect(adapters.styles.delete('polygon')).rejects.toBeInstanceOf(ConflictError);
    await adapters.styles.delete('polygon', { recurse: true, purge: true });
    expect((await adapters.layers.getLayer('store_33', 'polygon')).defaultStyle).toBeUndefined();
  });

  it('refuses names that could reach another resource', async () => {
    const adapters = createMemoryAdapters();
    for (const bad of ['', '../etc', 'a/b', 'x\u0000y', 'a..b']) {
      await expect(adapters.workspaces.create(bad)).rejects.toBeInstanceOf(ValidationError);
    }
  });

  it('drops the feature layers of a deleted workspace', async () => {
    const adapters = createMemoryAdapters(sampleSeed());
    await adapters.workspaces.delete('store_33', { recurse: true });
    await expect(adapters.features.describe(polygonType)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('answers the portal calls with isOk and data', async () => {
    const { portal, upload } = createMemoryAdapters();
    expect(await portal.createDatabase('')).toEqual({ isOk: false, msg: '请输入数据库名称' });
    expect((await portal.createDatabase('store_20')).isOk).toBe(true);
    expect((await portal.createDatabase('store_20')).isOk).toBe(false);
    const created = await portal.createWorkspace({ name: 'store_', srid: 4490 });
    expect(created).toMatchObject({ isOk: true, data: { srid: 4490 } });
    expect((await portal.deleteWorkspace({ id: 999, srid: 4490 })).msg).toBe('请求失败');
    // A workspace named prefix + id keeps that id; a second one of the same id is refused.
    expect(await portal.createWorkspace({ name: 'store_20', srid: 4490 })).toEqual({ isOk: true, data: { id: 20, name: 'store_20', srid: 4490 } });
    expect(await portal.createWorkspace({ name: 'store_20', srid: 4490 })).toEqual({ isOk: false, msg: '工作空间 store_20 已存在' });
    expect(await portal.deleteWorkspace({ id: 20, srid: 4490 })).toEqual({ isOk: true });
    const progress: unknown[] = [];
    const files = [{ name: 'a.txt', content: new Uint8Array([1, 2, 3]) }, { name: 'b.txt', content: new Uint8Array([4]) }];
    expect(await upload.upload({ files, fields: { id: '1' } }, { onProgress: (step) => progress.push(step) })).toEqual({
      isOk: true,
      data: [{ name: 'a.txt', size: 3 }, { name: 'b.txt', size: 1 }],
    });
    expect(progress).toEqual([{ loaded: 4, total: 4 }]);
  });
});
