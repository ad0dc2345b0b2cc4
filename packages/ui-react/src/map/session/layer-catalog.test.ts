import type { FeatureSchema, FeatureSource } from '@gportal/core';
import { createMemoryAdapters, sampleSeed } from '@gportal/core/memory';
import { describe, expect, it } from 'vitest';
import { layerKindOf, layersByWorkspace, resolveLayerTypes } from './layer-catalog';

describe('resolveLayerTypes', () => {
  it('takes the layers named after the layer types (the embedded sample)', async () => {
    const { features } = createMemoryAdapters(sampleSeed());
    await expect(resolveLayerTypes(features)).resolves.toEqual({
      point: 'store_33:point',
      line: 'store_33:line',
      polygon: 'store_33:polygon',
      multipolygon: 'store_33:multipolygon',
      multiline: 'store_33:multiline',
      multipoint: 'store_33:multipoint',
    });
  });

  it('reads no schema for a multi-point layer alone: a GeoServer with the five other layers by name has none', async () => {
    const described: string[] = [];
    const names = ['point', 'line', 'polygon', 'multipolygon', 'multiline', 'roads'].map((name) => `ws:${name}`);
    const source = {
      listTypes: async () => names.map((name) => ({ name })),
      describe: async (typeName: string) => {
        described.push(typeName);
        return { typeName, geometryField: 'geom', geometryKind: 'MultiPoint', properties: [] } as FeatureSchema;
      },
      getFeatures: async () => ({ features: [], skipped: 0 }),
    } satisfies FeatureSource;
    await expect(resolveLayerTypes(source)).resolves.toEqual({ point: 'ws:point', line: 'ws:line', polygon: 'ws:polygon', multipolygon: 'ws:multipolygon', multiline: 'ws:multiline' });
    expect(described).toEqual([]);
  });

  it("otherwise matches a server's own layers by geometry kind, first one first (QGIS Server's test project)", async () => {
    const kinds: Record<string, FeatureSchema['geometryKind']> = {
      poi: 'Point',
      roads: 'LineString',
      towns: 'Polygon',
      districts: 'MultiPolygon',
      towns_cgcs2000: 'Polygon',
    };
    const source = {
      listTypes: async () => Object.keys(kinds).map((name) => ({ name })),
      describe: async (typeName: string) => ({ typeName, geometryField: 'geometry', geometryKind: kinds[typeName], properties: [] }) as FeatureSchema,
      getFeatures: async () => ({ features: [], skipped: 0 }),
    } satisfies FeatureSource;
    await expect(resolveLayerTypes(source)).resolves.toEqual({ point: 'poi', line: 'roads', polygon: 'towns', multipolygon: 'districts' });
  });
});

describe('layersByWorkspace', () => {
  it("groups a GeoServer's layers by workspace, in the server's order (names and titles of the captured GeoServer GetCapabilities 2.0.0)", () => {
    const layers = [
      { name: 'topp:states', title: 'USA Population' },
      { name: 'tiger:poly_landmarks', title: 'Manhattan (NY) landmarks' },
      { name: 'sf:archsites', title: 'Spearfish archeological sites' },
      { name: 'tiger:tiger_roads', title: 'Manhattan (NY) roads' },
      { name: 'topp:tasmania_roads', title: 'Tasmania roads' },
    ];
    expect(layersByWorkspace(layers)).toEqual([
      { workspace: 'topp', layers: [layers[0], layers[4]] },
      { workspace: 'tiger', layers: [layers[1], layers[3]] },
      { workspace: 'sf', layers: [layers[2]] },
    ]);
  });

  it("keeps names without a workspace (QGIS Server's) in one group of their own", () => {
    expect(layersByWorkspace([{ name: 'poi' }, { name: 'ws:poi' }, { name: 'towns' }])).toEqual([
      { workspace: undefined, layers: [{ name: 'poi' }, { name: 'towns' }] },
      { workspace: 'ws', layers: [{ name: 'ws:poi' }] },
    ]);
  });
});

describe('layerKindOf', () => {
  it('gives a layer no layer type picked (a second polygon layer) the type of its geometry kind', async () => {
    const { features } = createMemoryAdapters(sampleSeed());
    await expect(layerKindOf(features, 'store_33:multiline')).resolves.toBe('multiline');
    await expect(layerKindOf(features, 'store_33:polygon')).resolves.toBe('polygon');
  });
});
