import { AdminActions, ConflictError, NotFoundError, ValidationError } from '@gportal/core';
import { createMemoryAdapters, SAMPLE_STYLES, sampleSeed } from '@gportal/core/memory';
import { describe, expect, it, vi } from 'vitest';
import { API_CALLS, NOTHING, type ApiForm, type ApiPorts } from './api-calls';
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
    actions: new AdminActions({ workspaces: adapters.workspaces, layers: adapters.layers, portal: adapters.portal }),
  };
  const call = (id: string, form: Partial<ApiForm> = {}) => {
    const found = API_CALLS.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`no call ${id}`);
    return found.run(ports, { ...DEFAULT_API_FORM, ...form });
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

  it('workspace: add then get shows it; blank names do nothing; delete without recurse of a full one fails', async () => {
    const { adapters, call } = setup();
    const create = vi.spyOn(adapters.workspaces, 'create');
    for (const id of ['workspace-get', 'workspace-add', 'workspace-delete']) await expect(call(id, { workspace: ' ' })).resolves.toBe(NOTHING);
    expect(create).not.toHaveBeenCalled();
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
    await expect(call('layer-add-polygon', form)).resolves.toMatchObject({ name: 'parcels', attributes: [{ name: 'geom', binding: 'Polygon' }] });
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

  it.each(['point', 'line', 'multiline', 'polygon', 'multipolygon'])('data: adds a sample %s into the matching layer', async (kind) => {
    const { adapters, call } = setup();
    const typeName = `store_33:${kind}`;
    const before = (await adapters.features.getFeatures({ typeName })).features.length;
    await expect(call(`data-add-${kind}`)).resolves.toMatchObject({ totals: { inserted: 1 }, failures: [] });
    expect((await adapters.features.getFeatures({ typeName })).features).toHaveLength(before + 1);
  });
});
