import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_WORKSPACE_PREFIX } from '../domain/constants.js';
import { ValidationError } from '../errors/errors.js';
import { createMemoryAdapters, sampleSeed } from '../memory/index.js';
import { AdminActions } from './admin-actions.js';
import {
  COORDINATE_SYSTEMS,
  coordinateSystemFor,
  DATABASE_NAME_REQUIRED_MESSAGE,
  isBlankName,
  requireCoordinateSystem,
  requireDatabaseName,
  workspaceName,
} from './admin-rules.js';

describe('admin rules', () => {
  it('names a workspace prefix + id', () => {
    expect(workspaceName('store_', 20)).toBe('store_20');
    expect(workspaceName(DEFAULT_WORKSPACE_PREFIX, '33')).toBe('store_33');
  });

  it.each([
    ['', true],
    ['   ', true],
    [undefined, true],
    [null, true],
    ['a', false],
    [' store_20 ', false],
  ])('isBlankName(%o) is %s', (name, expected) => {
    expect(isBlankName(name)).toBe(expected);
  });

  it('refuses a blank database name with 请输入数据库名称', () => {
    expect(DATABASE_NAME_REQUIRED_MESSAGE).toBe('请输入数据库名称');
    for (const blank of ['', '  ']) {
      expect(() => requireDatabaseName(blank)).toThrow(ValidationError);
      try {
        requireDatabaseName(blank);
      } catch (error) {
        expect((error as ValidationError).fields).toEqual({ dataBaseName: '请输入数据库名称' });
      }
    }
    expect(requireDatabaseName(' store_20 ')).toBe('store_20');
  });

  it('matches a workspace srid to a supported coordinate system', () => {
    expect(COORDINATE_SYSTEMS.map((system) => system.srid)).toEqual([4326, 4490]);
    expect(coordinateSystemFor(4490)).toEqual({ srid: 4490, code: 'EPSG:4490', name: 'CGCS2000' });
    expect(coordinateSystemFor(3857)).toBeUndefined();
    expect(requireCoordinateSystem(4326).code).toBe('EPSG:4326');
    expect(() => requireCoordinateSystem(3857)).toThrow(ValidationError);
  });
});

function setup() {
  const adapters = createMemoryAdapters(sampleSeed());
  const actions = new AdminActions({ workspaces: adapters.workspaces, layers: adapters.layers, portal: adapters.portal });
  return { adapters, actions };
}

describe('AdminActions', () => {
  it('adds a workspace, and does nothing for a blank name', async () => {
    const { adapters, actions } = setup();
    const create = vi.spyOn(adapters.workspaces, 'create');
    expect(await actions.addWorkspace('')).toBe(false);
    expect(await actions.addWorkspace('  ')).toBe(false);
    expect(create).not.toHaveBeenCalled();
    expect(await actions.addWorkspace(workspaceName('store_', 20))).toBe(true);
    expect((await adapters.workspaces.list()).map((workspace) => workspace.name)).toContain('store_20');
  });

  it('creates and deletes a database, refusing a blank name before any call', async () => {
    const { adapters, actions } = setup();
    const create = vi.spyOn(adapters.portal, 'createDatabase');
    const remove = vi.spyOn(adapters.portal, 'deleteDatabase');
    await expect(actions.createDatabase('')).rejects.toThrow('请输入数据库名称');
    await expect(actions.deleteDatabase(' ')).rejects.toBeInstanceOf(ValidationError);
    expect(create).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
    expect((await actions.createDatabase('store_20')).isOk).toBe(true);
    expect((await actions.deleteDatabase('store_20')).isOk).toBe(true);
    expect(adapters.internals.portal.databases.has('store_20')).toBe(false);
  });

  it('adds a layer in the coordinate system matching the workspace srid', async () => {
    const { adapters, actions } = setup();
    const spec = await actions.addLayer({ workspace: 'store_33', workspaceSrid: 4490, store: 'store_33', name: 'roads', kind: 'line' });
    expect(spec).toMatchObject({ name: 'roads', namespace: 'store_33', nativeCRS: 'EPSG:4490', srs: 'EPSG:4490' });
    expect(spec.latLonBoundingBox.crs).toBe('EPSG:4326');
    expect(await adapters.layers.listFeatureTypes('store_33', 'store_33')).toContain('roads');
    expect((await adapters.features.describe('store_33:roads')).geometryKind).toBe('LineString');
  });

  it('refuses a layer when no coordinate system matches, without calling the server', async () => {
    const { adapters, actions } = setup();
    const create = vi.spyOn(adapters.layers, 'createFeatureType');
    await expect(actions.addLayer({ workspace: 'store_33', workspaceSrid: 3857, store: 'store_33', name: 'roads', kind: 'line' })).rejects.toMatchObject({
      kind: 'validation',
      fields: { srid: expect.stringContaining('3857') },
    });
    expect(create).not.toHaveBeenCalled();
  });
});
