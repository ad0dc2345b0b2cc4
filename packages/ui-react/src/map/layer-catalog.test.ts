import type { FeatureSchema, FeatureSource } from '@gportal/core';
import { createMemoryAdapters, sampleSeed } from '@gportal/core/memory';
import { describe, expect, it } from 'vitest';
import { layerKindOf, resolveLayerTypes } from './layer-catalog';

describe('resolveLayerTypes', () => {
  it('takes the layers named after the layer types (the embedded sample)', async () => {
    const { features } = createMemoryAdapters(sampleSeed());
    await expect(resolveLayerTypes(features)).resolves.toEqual({
      point: 'store_33:point',
      line: 'store_33:line',
      polygon: 'store_33:polygon',
      multipolygon: 'store_33:multipolygon',
      multiline: 'store_33:multiline',
    });
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

describe('layerKindOf', () => {
  it('gives a layer no layer type picked (a second polygon layer) the type of its geometry kind', async () => {
    const { features } = createMemoryAdapters(sampleSeed());
    await expect(layerKindOf(features, 'store_33:multiline')).resolves.toBe('multiline');
    await expect(layerKindOf(features, 'store_33:polygon')).resolves.toBe('polygon');
  });
});
