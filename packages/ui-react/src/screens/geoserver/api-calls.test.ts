import { AdminActions, ConflictError, NotFoundError, ValidationError } from '@gportal/core';
import { createMemoryAdapters, SAMPLE_STYLES, sampleSeed } from '@gportal/core/memory';
import { describe, expect, it, vi } from 'vitest';
import { API_CALLS, runApiCall, type AdminApi, type ApiForm, type ApiPorts } from './api-calls';
import { DEFAULT_API_FORM } from './api-test-state';

function setup() {
  const adapters = createMemoryAdapters(sampleSeed());
  const ports: ApiPorts = {
    workspaces: adapters.workspaces,
    dataStores: adapters.dataStores,
    layers: adapters.layers,
    styles: adapters.styles,
    features: adapters.features,
    transactions: adapters.transactions,
    portal: adapters.portal,
    actions: new AdminActions({ workspaces: adapters.workspaces, layers: adapters.layers, portal: adapters.portal }),
  };
  const call = (id: string, form: Partial<ApiForm> = {}, adminApi: AdminApi = 'geoserver') => {
    const found = API_CALLS.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`no call ${id}`);
    return runApiCall(found, ports, { ...DEFAULT_API_FORM, ...form }, adminApi);
  };
  return { adapters, call };
}

describe('the API test buttons', () => {
  it('has every button of the spec, each with its own name', () => {
    const counts: Record<string, number> = {};
    for (const { group } of API_CALLS) counts[group] = (counts[group] ?? 0) + 1;
    expect(counts).toEqual({ workspace: 3, database: 3, layer: 9, style: 9, data: 5 });
    expect(new Set(API_CALLS.map((call) => call.label)).size).toBe(API_CALLS.length);
  });

  it('workspace: add then get shows it; a blank name is refused before any request; delete without recurse of a full one fails', async () => {
    const { adapters, call } = setup();
    const create = vi.spyOn(adapters.workspaces, 'create');
    const get = vi.spyOn(adapters.workspaces, 'getNamespace');
    for (const id of ['workspace-get', 'workspace-add', 'workspace-delete']) {
      await expect(call(id, { workspace: ' ' })).rejects.toMatchObject({ fields: { workspaceName: expect.any(String) } });
    }
    expect(create).not.toHaveBeenCalled();
    expect(get).not.toHaveBeenCalled();
    await expect(call('workspace-add', { workspace: 'store_20' })).resolves.toMatchObject({ name: 'store_20' });
    await expect(call('workspace-get', { workspace: 'store_20' })).resolves.toMatchObject({ prefix: 'store_20' });
    await expect(call('workspace-delete')).rejects.toBeInstanceOf(ConflictError);
    await call('workspace-delete', { recurse: true });
    await expect(call('database-get')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('database: refuses a blank name with 请输入数据库名称 before any call; creates, gets and deletes a store', async () => {
    const { adapters, call } = setup();
    const create = vi.spyOn(adapters.dataStores, 'create');
    await expect(call('database-create', { store: '' })).rejects.toThrow('请输入数据库名称');
    await expect(call('database-delete', { store: ' ' })).rejects.toBeInstanceOf(ValidationError);
    expect(create).not.toHaveBeenCalled();
    await expect(call('database-create', { store: 'store_20' })).resolves.toMatchObject({ name: 'store_20', connectionParameters: { database: 'store_20' } });
    await call('database-delete', { store: 'store_20' });
    await expect(call('database-get', { store: 'store_20' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('layer: add a polygon layer to a new store, set its workspace style, get with style shows workspace:style', async () => {
    const { call } = setup();
    const form = { store: 'store_20', layer: 'parcels', style: 'parcels' };
    await call('database-create', form);
    await expect(call('layer-add-polygon', form)).resolves.toMatchObject({
      name: 'parcels',
      attributes: [
        { name: 'geom', binding: 'Polygon' },
        { name: 'name', binding: 'String' },
      ],
    });
    await call('style-submit', form);
    await expect(call('layer-set-style', form)).resolves.toBe('store_33:parcels');
    await expect(call('layer-get-with-style', form)).resolves.toMatchObject({ defaultStyle: 'store_33:parcels' });
    await expect(call('layer-modify', form)).resolves.toMatchObject({ title: 'parcels (gportal)' });
    await call('layer-delete', form);
    await expect(call('layer-get', form)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('layer: adding is refused when no coordinate system matches the srid', async () => {
    const { adapters, call } = setup();
    const create = vi.spyOn(adapters.layers, 'createFeatureType');
    await expect(call('layer-add-point', { srid: 3857 })).rejects.toMatchObject({ fields: { srid: expect.any(String) } });
    await expect(call('layer-add-line', { srid: null })).rejects.toBeInstanceOf(ValidationError);
    expect(create).not.toHaveBeenCalled();
  });

  it('style: default and own lists, info and definitions; submit and modify refuse SLD that is not well-formed', async () => {
    const { adapters, call } = setup();
    await expect(call('style-default-list')).resolves.toEqual(expect.arrayContaining([{ name: 'polygon' }]));
    await expect(call('style-default-info')).resolves.toMatchObject({ name: 'polygon' });
    await expect(call('style-default-definition')).resolves.toBe(SAMPLE_STYLES.polygon);
    const create = vi.spyOn(adapters.styles, 'create');
    await expect(call('style-submit', { sld: '<StyledLayerDescriptor>' })).rejects.toMatchObject({ fields: { sld: expect.any(String) } });
    expect(create).not.toHaveBeenCalled();
    const sld = SAMPLE_STYLES.line;
    await call('style-submit', { style: 'roads', sld });
    await expect(call('style-own-list', { style: 'roads' })).resolves.toEqual([{ name: 'roads', workspace: 'store_33' }]);
    await expect(call('style-own-info', { style: 'roads' })).resolves.toMatchObject({ name: 'roads', workspace: 'store_33' });
    await expect(call('style-own-definition', { style: 'roads' })).resolves.toBe(sld);
    await expect(call('style-modify', { style: 'roads', sld: 'roads <' })).rejects.toBeInstanceOf(ValidationError);
    await expect(call('style-modify', { style: 'roads', sld: SAMPLE_STYLES.point })).resolves.toBe(SAMPLE_STYLES.point);
    await call('style-delete', { style: 'roads' });
    await expect(call('style-own-list')).resolves.toEqual([]);
  });

  it('every call refuses each blank input it needs before any request, for get as for add and delete (the store as 请输入数据库名称)', async () => {
    const { adapters, call } = setup();
    const ports = [adapters.workspaces, adapters.dataStores, adapters.layers, adapters.styles, adapters.features, adapters.transactions, adapters.portal];
    const spies = ports.flatMap((port) =>
      Object.getOwnPropertyNames(Object.getPrototypeOf(port))
        .concat(Object.keys(port))
        .filter((name) => name !== 'constructor' && typeof (port as unknown as Record<string, unknown>)[name] === 'function')
        .map((name) => vi.spyOn(port as unknown as Record<string, () => unknown>, name)),
    );
    const blanks: Array<[Partial<ApiForm>, string]> = [
      [{ workspace: '' }, 'workspaceName'],
      [{ store: ' ' }, 'dataBaseName'],
      [{ layer: '' }, 'layerName'],
      [{ style: '' }, 'styleName'],
    ];
    const refusedBy: Record<string, string[]> = {};
    for (const { id } of API_CALLS) {
      for (const [form, field] of blanks) {
        const outcome = await call(id, form).then(
          () => 'ran',
          (error: unknown) => (error instanceof ValidationError ? Object.keys(error.fields).join() : 'failed'),
        );
        if (outcome === field) (refusedBy[field] ??= []).push(id);
      }
    }
    expect(refusedBy.workspaceName).toEqual(API_CALLS.filter((candidate) => !candidate.id.startsWith('style-default')).map((candidate) => candidate.id));
    expect(refusedBy.dataBaseName).toEqual(['database-get', 'database-create', 'database-delete', 'layer-get', 'layer-modify', 'layer-add-point', 'layer-add-line', 'layer-add-polygon', 'layer-add-multipolygon', 'layer-delete']);
    expect(refusedBy.layerName).toEqual(['layer-get', 'layer-modify', 'layer-get-with-style', 'layer-add-point', 'layer-add-line', 'layer-add-polygon', 'layer-add-multipolygon', 'layer-set-style', 'layer-delete']);
    expect(refusedBy.styleName).toEqual(['layer-set-style', 'style-default-info', 'style-default-definition', 'style-own-info', 'style-own-definition', 'style-submit', 'style-delete', 'style-modify']);
    // Only refusals happened above besides the runs with every input given; a refused call sent nothing.
    for (const spy of spies) spy.mockClear();
    await expect(call('database-get', { store: '' })).rejects.toBeInstanceOf(ValidationError);
    await expect(call('workspace-get', { workspace: '' })).rejects.toBeInstanceOf(ValidationError);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it('data goes into the workspace given: with ws_test and its layers added, each insert lands in ws_test; a kind ws_test lacks is refused', async () => {
    const { adapters, call } = setup();
    const form = { workspace: 'ws_test', store: 'ws_test' };
    await call('workspace-add', form);
    await call('database-create', form);
    for (const kind of ['point', 'line', 'polygon', 'multipolygon'] as const) await call(`layer-add-${kind}`, { ...form, layer: `${kind}_layer` });
    const count = async (typeName: string) => (await adapters.features.getFeatures({ typeName })).features.length;
    const before = await count('store_33:point');
    for (const kind of ['point', 'line', 'polygon', 'multipolygon']) {
      await expect(call(`data-add-${kind}`, form)).resolves.toMatchObject({ totals: { inserted: 1 } });
      await expect(count(`ws_test:${kind}_layer`)).resolves.toBe(1);
    }
    expect(await count('store_33:point')).toBe(before);
    const commit = vi.spyOn(adapters.transactions, 'commit');
    await expect(call('data-add-multiline', form)).rejects.toMatchObject({ fields: { layerKind: 'multiline' } });
    await expect(call('data-add-multiline', form, 'portal')).rejects.toMatchObject({ fields: { layerKind: 'multiline' } });
    expect(commit).not.toHaveBeenCalled();
  });

  it('portal: workspace add and delete, database create and delete, layer delete and data go through the product API; the workspace is store_ + id, srid 4490', async () => {
    const { adapters, call } = setup();
    const portal = vi.mocked(adapters.portal);
    for (const name of ['createWorkspace', 'deleteWorkspace', 'createDatabase', 'deleteDatabase', 'deleteTable', 'insertData'] as const) vi.spyOn(portal, name);
    const rest = [vi.spyOn(adapters.workspaces, 'create'), vi.spyOn(adapters.workspaces, 'delete'), vi.spyOn(adapters.dataStores, 'create'), vi.spyOn(adapters.transactions, 'commit')];

    await expect(call('workspace-add', { workspace: 'store_20' }, 'portal')).resolves.toEqual({ isOk: true, data: { id: 20, name: 'store_20', srid: 4490 } });
    expect(portal.createWorkspace).toHaveBeenCalledWith({ name: 'store_20', srid: 4490 });
    await expect(call('workspace-add', { workspace: 'ws_test' }, 'portal')).rejects.toMatchObject({ fields: { portalWorkspace: 'ws_test' } });
    await expect(call('database-create', { store: 'store_20' }, 'portal')).resolves.toEqual({ isOk: true, data: 'store_20' });
    await expect(call('data-add-polygon', { srid: 4326 }, 'portal')).resolves.toEqual({ isOk: true, data: { table: 'polygon', srid: 4326 } });
    expect(portal.insertData).toHaveBeenCalledWith({ table: 'polygon', srid: 4326 });
    await expect(call('data-add-point', { srid: null }, 'portal')).rejects.toMatchObject({ fields: { sridValue: expect.any(String) } });
    await expect(call('layer-delete', { store: 'store_20', layer: 'polygon' }, 'portal')).resolves.toEqual({ isOk: true });
    expect(portal.deleteTable).toHaveBeenCalledWith({ dataBaseName: 'store_20', tableName: 'polygon' });
    await expect(call('layer-delete', { store: 'store_20', layer: 'polygon' }, 'portal')).rejects.toThrow('表 polygon 不存在');
    await expect(call('database-delete', { store: 'store_20' }, 'portal')).resolves.toEqual({ isOk: true });
    await expect(call('database-delete', { store: '' }, 'portal')).rejects.toThrow('请输入数据库名称');
    await expect(call('workspace-delete', { workspace: 'store_20' }, 'portal')).resolves.toEqual({ isOk: true });
    expect(portal.deleteWorkspace).toHaveBeenLastCalledWith({ id: 20, srid: 4490 });
    await expect(call('workspace-delete', { workspace: 'store_20' }, 'portal')).rejects.toThrow('请求失败');
    for (const spy of rest) expect(spy).not.toHaveBeenCalled();
    // The calls without a product API call stay on GeoServer in portal mode.
    await expect(call('workspace-get', {}, 'portal')).resolves.toMatchObject({ prefix: 'store_33' });
  });

  it.each(['point', 'line', 'multiline', 'polygon', 'multipolygon'])('data: adds a sample %s into the matching layer', async (kind) => {
    const { adapters, call } = setup();
    const typeName = `store_33:${kind}`;
    const before = (await adapters.features.getFeatures({ typeName })).features.length;
    await expect(call(`data-add-${kind}`)).resolves.toMatchObject({ totals: { inserted: 1 }, failures: [] });
    expect((await adapters.features.getFeatures({ typeName })).features).toHaveLength(before + 1);
  });
});
