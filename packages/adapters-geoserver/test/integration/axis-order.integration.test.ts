import type { AxisOrderCorrection } from '@gportal/adapters-geoserver';
import { createWfsAdapters } from '@gportal/adapters-geoserver';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { wfsServer } from './wfs-server.js';

const url = inject('wfsUrl');
const GML3 = 'text/xml; subtype=gml/3.1.1';

/** Seed rows of scripts/wfs-server/seed.sql, lon/lat. */
const FUZHOU_TOWN = { type: 'Polygon', coordinates: [[[119.1, 25.9], [119.5, 25.9], [119.5, 26.25], [119.1, 26.25], [119.1, 25.9]]] };
const XIAMEN_POI = { type: 'Point', coordinates: [118.09, 24.48] };

/** A fetch that rewrites the srsName of each GetFeature query before QGIS Server sees it: a server that does not answer what was asked. */
function askingFor(srsName: string | undefined): typeof fetch {
  return (input, init) => {
    const body = typeof init?.body === 'string' ? init.body.replace(/ srsName="[^"]*"/, srsName ? ` srsName="${srsName}"` : '') : init?.body;
    return fetch(input, { ...init, ...(body !== undefined ? { body } : {}) });
  };
}

function gmlSource(fetchImpl?: typeof fetch) {
  const corrections: AxisOrderCorrection[] = [];
  const { source } = createWfsAdapters({ url, outputFormat: GML3, onAxisOrderCorrected: (correction) => corrections.push(correction), ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  return { source, corrections };
}

beforeAll(() => wfsServer('reset'));

describe('axis order of GML answers from the real QGIS Server', () => {
  it('reads the GML path in lon/lat: the seed coordinates of Fuzhou and Xiamen', async () => {
    const { source, corrections } = gmlSource();
    expect((await source.getFeatures({ typeName: 'towns', featureIds: ['towns.1'] })).features[0]?.geometry).toEqual(FUZHOU_TOWN);
    expect((await source.getFeatures({ typeName: 'poi', featureIds: ['poi.2'] })).features[0]?.geometry).toEqual(XIAMEN_POI);
    expect(corrections).toEqual([]);
  });

  it('reads a bare EPSG:4326 answer (no srsName asked: QGIS writes lat/lon) by its convention, nothing to correct', async () => {
    const { source, corrections } = gmlSource(askingFor(undefined));
    expect((await source.getFeatures({ typeName: 'towns', featureIds: ['towns.1'] })).features[0]?.geometry).toEqual(FUZHOU_TOWN);
    expect((await source.getFeatures({ typeName: 'poi', featureIds: ['poi.2'] })).features[0]?.geometry).toEqual(XIAMEN_POI);
    expect(corrections).toEqual([]);
  });

  it('is not fooled by a bare EPSG:4326 over lon/lat data (a CRS:84 query), and reports the correction', async () => {
    const { source, corrections } = gmlSource(askingFor('CRS:84'));
    const { features } = await source.getFeatures({ typeName: 'towns' });
    expect(features.find((feature) => feature.id === 'towns.1')?.geometry).toEqual(FUZHOU_TOWN);
    expect(features).toHaveLength(7);
    expect(corrections).toHaveLength(1);
    expect(corrections[0]).toMatchObject({ typeName: 'towns', srsName: 'EPSG:4326', server: 'qgis-server', expected: 'lat-lon', used: 'lon-lat' });
    // The box of the live GetCapabilities the data was checked against: around the seed rows, lon/lat.
    const [west = NaN, south = NaN, east = NaN, north = NaN] = corrections[0]?.layerBBox ?? [];
    expect([west, south]).toEqual([expect.closeTo(115.85, 1), expect.closeTo(20.56, 1)]);
    expect([east, north]).toEqual([expect.closeTo(120.7, 1), expect.closeTo(28.2, 1)]);
  });
});
