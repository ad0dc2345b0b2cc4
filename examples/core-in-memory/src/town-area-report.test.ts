import turfArea from '@turf/area';
import { ValidationError } from '@gportal/core';
import { createMemoryAdapters, sampleSeed } from '@gportal/core/memory';
import { describe, expect, it } from 'vitest';
import { GeoJsonFeatureSource } from './geojson-feature-source.js';
import { CELL_AREA_M2, degreeCell, TOWN_SCHEMA, TOWNS_GEOJSON } from './town-fixtures.js';
import { townAreaReport } from './town-area-report.js';

describe('townAreaReport against @gportal/core/memory', () => {
  it('sums the geodesic areas of one-degree cells to GeographicLib\'s figures', async () => {
    const adapters = createMemoryAdapters({
      layers: [{ schema: TOWN_SCHEMA, features: TOWNS_GEOJSON.collection.features.map(({ geometry, properties }) => ({ geometry, properties })) }],
    });

    const report = await townAreaReport(adapters.features, { typeName: 'towns:area' });

    expect(report.towns.map((town) => [town.name, Math.round(town.squareMetres)])).toEqual([
      ['Equator', Math.round(CELL_AREA_M2.equator)],
      ['Huangshan', Math.round(CELL_AREA_M2.lat30)],
      // No name: the report falls back to the feature's id.
      [report.towns[2]?.id, Math.round(CELL_AREA_M2.lat30)],
    ]);
    expect(report.totalSquareMetres).toBeCloseTo(CELL_AREA_M2.equator + 2 * CELL_AREA_M2.lat30, 0);
    expect(report.total).toBe('33593.69 km²');
    expect(report.skipped).toBe(0);
  });

  it('reports the eight sample towns of Fujian, largest first, within 1 % of a spherical area', async () => {
    const adapters = createMemoryAdapters(sampleSeed());

    const report = await townAreaReport(adapters.features);

    expect(report.typeName).toBe('store_33:polygon');
    expect(report.towns.map((town) => town.name).sort()).toEqual(['三明', '南平', '厦门', '泉州', '漳州', '福州', '莆田', '龙岩'].sort());
    const areas = report.towns.map((town) => town.squareMetres);
    expect(areas).toEqual([...areas].sort((a, b) => b - a));
    // The sample squares are all 0.24° wide: smaller in the north, where meridians converge.
    expect([report.towns[0]?.name, report.towns.at(-1)?.name]).toEqual(['厦门', '南平']);
    const { features } = await adapters.features.getFeatures({ typeName: 'store_33:polygon' });
    const spherical = features.reduce((sum, feature) => sum + turfArea(feature.geometry), 0);
    expect(Math.abs(report.totalSquareMetres - spherical) / spherical).toBeLessThan(0.01);
    expect(report.total).toMatch(/^\d+\.\d\d km²$/);
  });

  it('counts multipolygon towns as the sum of their parts', async () => {
    const adapters = createMemoryAdapters({
      layers: [
        {
          schema: { ...TOWN_SCHEMA, typeName: 'towns:multi', geometryKind: 'MultiPolygon' },
          features: [{ geometry: { type: 'MultiPolygon', coordinates: [degreeCell(0, 0).coordinates, degreeCell(118, 30).coordinates] }, properties: { name: 'Two parts' } }],
        },
      ],
    });

    const report = await townAreaReport(adapters.features, { typeName: 'towns:multi' });

    expect(report.totalSquareMetres).toBeCloseTo(CELL_AREA_M2.equator + CELL_AREA_M2.lat30, 0);
  });

  it('refuses a layer of points before reading its features', async () => {
    const adapters = createMemoryAdapters(sampleSeed());

    await expect(townAreaReport(adapters.features, { typeName: 'store_33:point' })).rejects.toBeInstanceOf(ValidationError);
  });

  it('gives the same report from the custom GeoJSON adapter', async () => {
    const memory = createMemoryAdapters({ layers: [{ schema: TOWN_SCHEMA, features: TOWNS_GEOJSON.collection.features.map(({ geometry, properties }) => ({ geometry, properties })) }] });

    const fromGeoJson = await townAreaReport(new GeoJsonFeatureSource([TOWNS_GEOJSON]), { typeName: 'towns:area' });
    const fromMemory = await townAreaReport(memory.features, { typeName: 'towns:area' });

    expect(fromGeoJson.total).toBe(fromMemory.total);
    expect(fromGeoJson.towns.map((town) => town.name)).toEqual(['Equator', 'Huangshan', 'towns:area.2']);
  });
});
