import './test-support/register-dom.js';
import { ValidationError, type ChangeSet } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { checkChangeSet } from './change-set-check.js';
import { layerFromSchema, readGeoServerFixture, readQgisFixture } from './test-support/fixtures.js';
import { expectGoldenXml, xmlTree } from './test-support/golden.js';
import { assertSafeInserts, writeTransactionWithOpenLayers } from './test-support/ol-transaction-writer.js';
import { writeTransaction } from './transaction-request.js';
import type { WfsVersion } from './wfs-protocol.js';
import { parseXml } from './wfs-xml.js';

const qgisAll = readQgisFixture('wfs110-DescribeFeatureType-all.xsd');
const towns = layerFromSchema(readQgisFixture('wfs110-DescribeFeatureType-towns.xsd'), 'towns');
const districts = layerFromSchema(qgisAll, 'districts');
const poi = layerFromSchema(qgisAll, 'poi');

const TOWNS_CHANGES: ChangeSet = {
  typeName: 'towns',
  inserts: [
    {
      handle: 'putian',
      geometry: { type: 'Polygon', coordinates: [[[119, 25.4], [119.2, 25.4], [119.2, 25.6], [119, 25.6], [119, 25.4]]] },
      properties: { id: 99, name: 'Putian', population: 2900000, area_km2: 4119.5, is_capital: false, founded: new Date(Date.UTC(1983, 8, 9)) },
    },
    {
      handle: 'longyan',
      geometry: { type: 'Polygon', coordinates: [[[116.9, 25], [117.1, 25], [117.1, 25.2], [116.9, 25.2], [116.9, 25]]] },
      properties: { name: 'Longyan', founded: null },
    },
  ],
  updates: [{ id: 'towns.1', geometry: { type: 'Polygon', coordinates: [[[119.1, 25.9], [119.6, 25.9], [119.6, 26.3], [119.1, 26.3], [119.1, 25.9]]] }, properties: { population: 8300000, name: null } }],
  deletes: ['towns.6', 'towns.7'],
};

describe('writeTransaction', () => {
  it('writes one WFS 1.1 Transaction with handles, lon/lat geometries and schema fields only (golden file)', () => {
    const { xml, actions } = writeTransaction(checkChangeSet(TOWNS_CHANGES, towns.schema), towns, '1.1.0');
    expectGoldenXml(xml, 'transaction-towns-1.1.0.xml');
    expect([...actions]).toEqual([
      ['putian', { kind: 'insert', ref: 'putian' }],
      ['longyan', { kind: 'insert', ref: 'longyan' }],
      ['update:towns.1', { kind: 'update', ref: 'towns.1' }],
      ['delete:towns.6', { kind: 'delete', ref: 'towns.6' }],
      ['delete:towns.7', { kind: 'delete', ref: 'towns.7' }],
    ]);
  });

  it('writes what QGIS Server accepted from OpenLayers (the captured request), plus handles and a null', () => {
    const { xml } = writeTransaction(checkChangeSet(TOWNS_CHANGES, towns.schema), towns, '1.1.0');
    const insert = xmlTree(xml).children[0];
    const captured = xmlTree(readQgisFixture('ol-writeTransaction-insert.request.xml')).children[0];
    expect(insert?.name).toBe(captured?.name);
    expect(insert?.children[0]?.name).toBe(captured?.children[0]?.name);
    expect(insert?.children[0]?.children[0]?.children[0]?.attributes).toEqual(captured?.children[0]?.children[0]?.children[0]?.attributes);
  });

  it('writes a multi layer as MultiPolygon (QGIS refuses MultiSurface), promoting a polygon', () => {
    const changes: ChangeSet = {
      typeName: 'districts',
      inserts: [{ handle: 'one', geometry: { type: 'Polygon', coordinates: [[[117, 24], [117.1, 24], [117.1, 24.1], [117, 24]]] }, properties: { name: 'One' } }],
      updates: [],
      deletes: [],
    };
    const { xml } = writeTransaction(checkChangeSet(changes, districts.schema), districts, '1.1.0');
    const document = parseXml(xml, 'test');
    expect(document.getElementsByTagNameNS('http://www.opengis.net/gml', 'MultiPolygon')).toHaveLength(1);
    expect(document.getElementsByTagNameNS('http://www.opengis.net/gml', 'MultiSurface')).toHaveLength(0);
    expect(document.getElementsByTagNameNS('http://www.opengis.net/gml', 'posList')[0]?.textContent).toBe('117 24 117.1 24 117.1 24.1 117 24');
  });

  it('writes WFS 2.0 and 1.0 transactions by the same tables', () => {
    const changes = checkChangeSet({ ...TOWNS_CHANGES, inserts: TOWNS_CHANGES.inserts.slice(0, 1) }, towns.schema);
    expectGoldenXml(writeTransaction(changes, towns, '2.0.0').xml, 'transaction-towns-2.0.0.xml');
    expectGoldenXml(writeTransaction(changes, towns, '1.0.0').xml, 'transaction-towns-1.0.0.xml');
  });

  it('names the GeoServer feature type with its workspace prefix and namespace', () => {
    const roads = layerFromSchema(readGeoServerFixture('wfs/describefeaturetype-1.1.0.xsd'), 'topp:roads22');
    const changes: ChangeSet = { typeName: 'topp:roads22', inserts: [], updates: [{ id: 'roads22.1', properties: { label: 'x' } }], deletes: [] };
    const update = parseXml(writeTransaction(checkChangeSet(changes, roads.schema), roads, '1.1.0').xml, 'test').getElementsByTagNameNS('*', 'Update')[0];
    expect(update?.getAttribute('typeName')).toBe('topp:roads22');
    expect(update?.lookupNamespaceURI('topp')).toBe('http://www.topp.com');
  });
});

describe('writeTransaction equals the OpenLayers writer it replaced (architecture rule)', () => {
  const rivers = layerFromSchema(qgisAll, 'rivers');
  const roads = layerFromSchema(qgisAll, 'roads');
  const points = { ...poi, schema: { ...poi.schema, typeName: 'points', geometryKind: 'MultiPoint' as const } };
  const ring = (x: number, y: number) => [[x, y], [x + 0.1, y], [x + 0.1, y + 0.1], [x, y]];
  const cases: Array<[string, ChangeSet, typeof towns]> = [
    ['Polygon with a hole, text to escape', {
      typeName: 'towns',
      inserts: [{ handle: 'a&b<"c">', geometry: { type: 'Polygon', coordinates: [ring(119, 25), ring(119.02, 25.02)] }, properties: { name: '福州 & <厦门> "x" \'y\'', population: 1, area_km2: 0.5, is_capital: true, founded: new Date(Date.UTC(2001, 0, 2)) } }],
      updates: [{ id: 'towns.1&2', properties: { name: '<b>', population: null, is_capital: false } }],
      deletes: ['towns.<3>'],
    }, towns],
    ['MultiPolygon', {
      typeName: 'districts',
      inserts: [{ handle: 'd', geometry: { type: 'MultiPolygon', coordinates: [[ring(117, 24)], [ring(118, 24), ring(118.02, 24.02)]] }, properties: { name: 'D', coastal: null } }],
      updates: [{ id: 'districts.1', geometry: { type: 'MultiPolygon', coordinates: [[ring(117.5, 24.5)]] }, properties: {} }],
      deletes: [],
    }, districts],
    ['Point', {
      typeName: 'poi',
      inserts: [{ handle: 'p', geometry: { type: 'Point', coordinates: [118.5, 24.9] }, properties: { name: 'P', height_m: 12.25 } }],
      updates: [{ id: 'poi.1', geometry: { type: 'Point', coordinates: [118.25, 24.75] }, properties: { name: 'Q' } }],
      deletes: ['poi.2'],
    }, poi],
    ['LineString', {
      typeName: 'roads',
      inserts: [{ handle: 'r', geometry: { type: 'LineString', coordinates: [[118, 24], [118.5, 24.5], [119, 24.25]] }, properties: { name: 'R', lanes: 4, paved: true } }],
      updates: [],
      deletes: [],
    }, roads],
    ['MultiLineString', {
      typeName: 'rivers',
      inserts: [{ handle: 'v', geometry: { type: 'MultiLineString', coordinates: [[[118, 24], [118.5, 24.5]], [[119, 25], [119.5, 25.5]]] }, properties: { name: 'V' } }],
      updates: [{ id: 'rivers.1', geometry: { type: 'MultiLineString', coordinates: [[[117, 24], [117.5, 24.5]]] } }],
      deletes: [],
    }, rivers],
    ['MultiPoint', {
      typeName: 'points',
      inserts: [{ handle: 'm', geometry: { type: 'MultiPoint', coordinates: [[118, 24], [118.5, 24.5]] }, properties: { name: 'M' } }],
      updates: [],
      deletes: [],
    }, points],
  ];
  const versions: WfsVersion[] = ['1.0.0', '1.1.0', '2.0.0'];
  it.each(cases.flatMap(([name, changes, layer]) => versions.map((version) => [name, version, changes, layer] as const)))('%s, WFS %s', (_name, version, changes, layer) => {
    const checked = checkChangeSet(changes, layer.schema);
    const written = writeTransaction(checked, layer, version);
    const reference = writeTransactionWithOpenLayers(checked, layer, version);
    expect(xmlTree(written.xml)).toEqual(xmlTree(reference.xml));
    expect([...written.actions]).toEqual([...reference.actions]);
    expect(() => assertSafeInserts(parseXml(written.xml, 'test').documentElement, layer)).not.toThrow();
  });
});

describe('assertSafeInserts', () => {
  it('refuses the body that hangs QGIS Server 3.22 (an unknown field and a geometry named geom)', () => {
    const hanging = parseXml(readQgisFixture('wfs110-Transaction-unknown-property.HANGS-SERVER.request.xml'), 'fixture').documentElement;
    expect(() => assertSafeInserts(hanging, poi)).toThrow(ValidationError);
    try {
      assertSafeInserts(hanging, poi);
    } catch (error) {
      expect(Object.keys((error as ValidationError).fields).sort()).toEqual(['Insert.geom', 'Insert.nosuchfield']);
    }
  });

  it('refuses a comment inside a feature and two features in one Insert', () => {
    const transaction = (feature: string) =>
      parseXml(
        `<Transaction xmlns="http://www.opengis.net/wfs"><Insert handle="h">${feature}</Insert></Transaction>`,
        'test',
      ).documentElement;
    expect(() => assertSafeInserts(transaction('<poi xmlns="http://www.qgis.org/gml"><name>a</name><!-- note --></poi>'), poi)).toThrow(/only contain property elements/);
    expect(() => assertSafeInserts(transaction('<poi xmlns="http://www.qgis.org/gml"/><poi xmlns="http://www.qgis.org/gml"/>'), poi)).toThrow(/exactly one feature/);
    expect(() => assertSafeInserts(transaction('<poi xmlns="http://www.qgis.org/gml"><name>a</name><geometry/></poi>'), poi)).not.toThrow();
  });

  it('lets no change set produce such a body: unknown properties are refused before writing', () => {
    const changes: ChangeSet = {
      typeName: 'poi',
      inserts: [{ handle: 'bad', geometry: { type: 'Point', coordinates: [118.5, 24.9] }, properties: { name: 'unknown-property', nosuchfield: 1, geom: null } }],
      updates: [],
      deletes: [],
    };
    expect(() => checkChangeSet(changes, poi.schema)).toThrow(
      new ValidationError({ 'bad.nosuchfield': 'poi has no property nosuchfield', 'bad.geom': 'poi has no property geom' }),
    );
  });
});
