import { NotFoundError, type FeatureSet, type MapFeature } from '@gportal/core';
import { featureSourceContract, sampleGeometry } from '@gportal/core/contracts';
import { createWfsAdapters } from '@gportal/adapters-geoserver';
import WFS from 'ol/format/WFS.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readFeatureSchema } from '../../src/wfs/describe-feature-type.js';
import { readFeatureSet } from '../../src/wfs/feature-reader.js';
import { parseXml } from '../../src/wfs/wfs-xml.js';
import { wfsServer } from './wfs-server.js';

const url = inject('wfsUrl');
const QGIS_NS = 'http://www.qgis.org/gml';

/** Features sorted by id, for comparing answers of different formats. */
function byId(set: FeatureSet): MapFeature[] {
  return [...set.features].sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
}

beforeAll(() => wfsServer('reset'));

describe('describe() on QGIS Server', () => {
  const { source } = createWfsAdapters({ url });

  it('types every column and finds the geometry by its GML type', async () => {
    const schema = await source.describe('towns');
    expect(schema).toEqual({
      typeName: 'towns',
      geometryField: 'geometry',
      geometryKind: 'Polygon',
      namespace: QGIS_NS,
      readOnly: ['id'],
      properties: [
        { name: 'id', type: 'number', nullable: false, integer: true, nativeType: 'int' },
        { name: 'name', type: 'string', nullable: true, nativeType: 'string' },
        { name: 'population', type: 'number', nullable: true, integer: true, nativeType: 'int' },
        { name: 'area_km2', type: 'number', nullable: true, nativeType: 'decimal' },
        { name: 'is_capital', type: 'boolean', nullable: true, nativeType: 'boolean' },
        { name: 'founded', type: 'date', nullable: true, nativeType: 'date' },
      ],
    });
  });

  it("gives a field's alias in the QGIS project as its title (roads' fields have aliases, towns' none)", async () => {
    const roads = await source.describe('roads');
    expect(roads.properties.map((property) => [property.name, property.title])).toEqual([
      ['id', undefined],
      ['name', '名称'],
      ['lanes', '车道数'],
      ['length_km', '长度（km）'],
      ['paved', '是否铺装'],
      ['opened', '通车日期'],
    ]);
  });

  it('reads the kind of every layer and the NOT NULL column of poi', async () => {
    const kinds = await Promise.all(['poi', 'roads', 'towns', 'districts', 'rivers', 'towns_cgcs2000', 'stations'].map((name) => source.describe(name)));
    expect(kinds.map((schema) => schema.geometryKind)).toEqual(['Point', 'LineString', 'Polygon', 'MultiPolygon', 'MultiLineString', 'Polygon', 'MultiPoint']);
    expect(kinds[0]?.properties.find((property) => property.name === 'name')?.nullable).toBe(false);
  });

  it('throws NotFoundError for an unknown type, for describe and getFeatures', async () => {
    await expect(source.describe('nosuch')).rejects.toBeInstanceOf(NotFoundError);
    await expect(source.getFeatures({ typeName: 'nosuch' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('lists the types with their lon/lat boxes', async () => {
    const types = await source.listTypes();
    expect(types.map((type) => type.name)).toEqual(['poi', 'roads', 'towns', 'districts', 'rivers', 'towns_cgcs2000', 'towns_large', 'stations']);
    // towns_large is empty until `wfs-server.sh seed-large` (its box is then the one QGIS read at start).
    for (const type of types.filter((summary) => summary.name !== 'towns_large')) {
      const [west, south, east, north] = type.bbox ?? [];
      expect(west).toBeGreaterThanOrEqual(115);
      expect(east).toBeLessThanOrEqual(121.5);
      expect(south).toBeGreaterThanOrEqual(20);
      expect(north).toBeLessThanOrEqual(29);
    }
  });
});

describe('getFeatures() reading paths agree', () => {
  const formats = {
    geoJson: createWfsAdapters({ url }).source,
    gml3: createWfsAdapters({ url, outputFormat: 'text/xml; subtype=gml/3.1.1' }).source,
    gml2: createWfsAdapters({ url, outputFormat: 'GML2' }).source,
    wfs100: createWfsAdapters({ url, version: '1.0.0' }).source,
  };

  for (const typeName of ['poi', 'roads', 'towns', 'districts', 'rivers', 'towns_cgcs2000', 'stations']) {
    it(`GeoJSON, GML3, GML2 and WFS 1.0 give the same ${typeName}: ids, values, lon/lat coordinates`, async () => {
      const [geoJson, gml3, gml2, wfs100] = await Promise.all(Object.values(formats).map((source) => source.getFeatures({ typeName })));
      expect(geoJson?.features.length).toBeGreaterThanOrEqual(2);
      expect(byId(gml3 as FeatureSet)).toEqual(byId(geoJson as FeatureSet));
      expect(byId(gml2 as FeatureSet)).toEqual(byId(geoJson as FeatureSet));
      expect(byId(wfs100 as FeatureSet)).toEqual(byId(geoJson as FeatureSet));
      for (const feature of geoJson?.features ?? []) {
        const [lng, lat] = feature.geometry.coordinates.flat(3) as number[];
        expect(lng).toBeGreaterThan(115.8);
        expect(lat).toBeLessThan(28.4);
      }
    });
  }

  it('types the seed values: Fuzhou', async () => {
    const { features } = await formats.gml3.getFeatures({ typeName: 'towns', featureIds: ['towns.1'] });
    expect(features).toEqual([
      {
        id: 'towns.1',
        geometry: { type: 'Polygon', coordinates: [[[119.1, 25.9], [119.5, 25.9], [119.5, 26.25], [119.1, 26.25], [119.1, 25.9]]] },
        properties: { id: 1, name: 'Fuzhou', population: 8290000, area_km2: 11968, is_capital: true, founded: new Date(Date.UTC(1949, 7, 17)) },
      },
    ]);
  });
});

describe('getFeatures() query options on QGIS Server', () => {
  const { source } = createWfsAdapters({ url });

  it('honours maxFeatures', async () => {
    expect((await source.getFeatures({ typeName: 'towns', maxFeatures: 3 })).features).toHaveLength(3);
    expect((await source.getFeatures({ typeName: 'towns' })).features).toHaveLength(7);
  });

  it('honours a lon/lat bbox', async () => {
    const { features } = await source.getFeatures({ typeName: 'towns', bbox: [117, 24, 118.5, 25] });
    expect(features.map((feature) => feature.id).sort()).toEqual(['towns.2', 'towns.3']);
  });

  it('honours attribute filters, combined with the bbox', async () => {
    const ids = async (query: Parameters<typeof source.getFeatures>[0]) => (await source.getFeatures(query)).features.map((feature) => feature.id).sort();
    expect(await ids({ typeName: 'towns', filter: { op: 'gt', property: 'population', value: 5200000 } })).toEqual(['towns.1', 'towns.4', 'towns.5']);
    expect(await ids({ typeName: 'towns', filter: { op: 'eq', property: 'name', value: 'Xiamen' } })).toEqual(['towns.2']);
    expect(await ids({ typeName: 'towns', filter: { op: 'eq', property: 'is_capital', value: true } })).toEqual(['towns.1']);
    expect(await ids({ typeName: 'towns', filter: { op: 'like', property: 'name', pattern: 'Zh*' } })).toEqual(['towns.3']);
    expect(
      await ids({
        typeName: 'towns',
        bbox: [117, 24, 118.5, 25],
        filter: { op: 'and', filters: [{ op: 'lt', property: 'population', value: 5100000 }, { op: 'not', filter: { op: 'isNull', property: 'founded' } }] },
      }),
    ).toEqual(['towns.3']);
  });

  it('selects by ids, applying bbox and filter to them', async () => {
    const all = ['towns.1', 'towns.2', 'towns.3'];
    expect((await source.getFeatures({ typeName: 'towns', featureIds: all })).features.map((feature) => feature.id).sort()).toEqual(all);
    const inBox = await source.getFeatures({ typeName: 'towns', featureIds: all, bbox: [117, 24, 118.5, 25] });
    expect(inBox.features.map((feature) => feature.id).sort()).toEqual(['towns.2', 'towns.3']);
  });
});

describe('countFeatures() on QGIS Server', () => {
  it('counts the whole layer by KVP, no further than atMost, and a view posted with its box; an unknown type is NotFoundError', async () => {
    const { source } = createWfsAdapters({ url });
    expect(await source.countFeatures?.({ typeName: 'towns' })).toBe(7);
    // QGIS Server counts no further than the limit it is given.
    expect(await source.countFeatures?.({ typeName: 'towns', atMost: 3 })).toBe(3);
    expect(await source.countFeatures?.({ typeName: 'towns', bbox: [117, 24, 118.5, 25] })).toBe(2);
    await expect(createWfsAdapters({ url }).source.countFeatures?.({ typeName: 'nosuch' })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('axis order of the GML answers of QGIS Server', () => {
  const { source } = createWfsAdapters({ url });
  const wfs = new WFS({ version: '1.1.0' });

  /** The answer to a POST GetFeature asking for `srsName`, read as the adapter reads it. */
  async function readWith(srsName: string | undefined): Promise<FeatureSet> {
    const body = new XMLSerializer().serializeToString(
      wfs.writeGetFeature({ featureNS: QGIS_NS, featurePrefix: 'qgs', featureTypes: ['towns'], ...(srsName ? { srsName } : {}) }),
    );
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'text/xml' }, body });
    const text = await response.text();
    const schemaAnswer = await fetch(`${url}?SERVICE=WFS&VERSION=1.1.0&REQUEST=DescribeFeatureType&TYPENAME=towns`);
    const layer = readFeatureSchema(parseXml(await schemaAnswer.text(), 'schema'), 'towns');
    if (!layer) throw new Error('no towns schema');
    return readFeatureSet({ status: 200, mediaType: 'text/xml', text, document: parseXml(text, 'GetFeature') }, layer, srsName ? { requestedSrsName: srsName } : {});
  }

  for (const srsName of [undefined, 'EPSG:4326', 'urn:ogc:def:crs:EPSG::4326', 'CRS:84', 'urn:ogc:def:crs:OGC:1.3:CRS84']) {
    it(`reads the answer to srsName ${srsName ?? '(none)'} as lon/lat`, async () => {
      const expected = byId(await source.getFeatures({ typeName: 'towns' }));
      expect(byId(await readWith(srsName))).toEqual(expected);
    });
  }
});

describe('FeatureSource contract on QGIS Server', () => {
  for (const typeName of ['towns', 'roads', 'poi', 'districts', 'rivers']) {
    describe(typeName, () => {
      beforeAll(async () => {
        await wfsServer('reset');
        // The contract wants three features; districts and rivers are seeded with two.
        const { source, transactions } = createWfsAdapters({ url });
        const { features } = await source.getFeatures({ typeName });
        if (features.length >= 3) return;
        const schema = await source.describe(typeName);
        const result = await transactions.commit({
          typeName,
          inserts: [{ handle: 'third', geometry: sampleGeometry(schema.geometryKind, 119, 25), properties: { name: 'third' } }],
          updates: [],
          deletes: [],
        });
        expect(result.failures).toEqual([]);
      });
      featureSourceContract(`WFS ${typeName}`, () => ({ source: createWfsAdapters({ url }).source, typeName }));
    });
  }
});
