import { QueryNotSupportedError } from '@gportal/core';
import { featureQueryContract } from '@gportal/core/contracts';
import { createWfsAdapters } from '@gportal/adapters-geoserver';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { wfsServer } from './wfs-server.js';

const url = inject('wfsUrl');

afterAll(() => wfsServer('reset'));

// Each run adds its nine features to `towns` afresh.
for (const [reading, outputFormat] of [
  ['GeoJSON', undefined],
  ['GML3', 'text/xml; subtype=gml/3.1.1'],
] as const) {
  featureQueryContract(`QGIS Server towns, ${reading}`, async () => {
    await wfsServer('reset');
    const { source, transactions } = createWfsAdapters({ url, ...(outputFormat ? { outputFormat } : {}) });
    return { source, transactions, typeName: 'towns' };
  });
}

describe('queries QGIS Server cannot answer', () => {
  it('refuses a sort in WFS 1.0.0, which has no SortBy, with the typed error that says so', async () => {
    const { source } = createWfsAdapters({ url, version: '1.0.0' });
    const refused = source.getFeatures({ typeName: 'towns', sortBy: [{ property: 'population', order: 'desc' }] });
    await expect(refused).rejects.toBeInstanceOf(QueryNotSupportedError);
    await expect(refused).rejects.toMatchObject({ unsupported: 'sort' });
    // Without the sort the same query is answered.
    expect((await source.getFeatures({ typeName: 'towns' })).features.length).toBeGreaterThan(0);
  });
});
