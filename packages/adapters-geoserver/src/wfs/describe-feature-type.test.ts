import './test-support/register-dom.js';
import { DEFAULT_FEATURE_NAMESPACE, MapServerError } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { readFeatureSchema, splitTypeName } from './describe-feature-type.js';
import { layerFromSchema, readGeoServerFixture, readQgisFixture } from './test-support/fixtures.js';
import { parseXml } from './wfs-xml.js';

const qgisAll = readQgisFixture('wfs110-DescribeFeatureType-all.xsd');

describe('readFeatureSchema', () => {
  it('reads a QGIS Server layer: typed columns, geometry by GML type, the server key read-only, prefix qgs', () => {
    expect(layerFromSchema(readQgisFixture('wfs110-DescribeFeatureType-towns.xsd'), 'towns')).toEqual({
      localName: 'towns',
      prefix: 'qgs',
      namespace: 'http://www.qgis.org/gml',
      schema: {
        typeName: 'towns',
        geometryField: 'geometry',
        geometryKind: 'Polygon',
        namespace: 'http://www.qgis.org/gml',
        readOnly: ['id'],
        properties: [
          { name: 'id', type: 'number', nullable: false, integer: true, nativeType: 'int' },
          { name: 'name', type: 'string', nullable: true, nativeType: 'string' },
          { name: 'population', type: 'number', nullable: true, integer: true, nativeType: 'int' },
          { name: 'area_km2', type: 'number', nullable: true, nativeType: 'decimal' },
          { name: 'is_capital', type: 'boolean', nullable: true, nativeType: 'boolean' },
          { name: 'founded', type: 'date', nullable: true, nativeType: 'date' },
        ],
      },
    });
  });

  it("reads a field's title: QGIS Server's alias attribute, or an XML Schema annotation; none where the schema gives none", () => {
    const towns = readQgisFixture('wfs110-DescribeFeatureType-towns.xsd');
    const aliased = towns
      .replace('<element nillable="true" type="string" name="name"/>', '<element nillable="true" type="string" name="name" alias="名称"/>')
      .replace(
        /<element ([^>]*name="population")\/>/,
        '<element $1><annotation><documentation>  人口（人）  </documentation></annotation></element>',
      );
    expect(aliased).not.toBe(towns);
    const properties = layerFromSchema(aliased, 'towns').schema.properties;
    expect(properties.map((property) => [property.name, property.title])).toEqual([
      ['id', undefined],
      ['name', '名称'],
      ['population', '人口（人）'],
      ['area_km2', undefined],
      ['is_capital', undefined],
      ['founded', undefined],
    ]);
    // A blank alias is no title; the rest of the property is read as without one.
    const blank = layerFromSchema(towns.replace('type="string" name="name"/>', 'type="string" name="name" alias="  "/>'), 'towns').schema.properties[1];
    expect(blank).toEqual({ name: 'name', type: 'string', nullable: true, nativeType: 'string' });
  });

  it('picks the requested type out of a multi-type schema, with its kind', () => {
    const kinds = ['poi', 'roads', 'towns', 'districts', 'rivers', 'towns_cgcs2000'].map((name) => layerFromSchema(qgisAll, name).schema.geometryKind);
    expect(kinds).toEqual(['Point', 'LineString', 'Polygon', 'MultiPolygon', 'MultiLineString', 'Polygon']);
    expect(layerFromSchema(qgisAll, 'poi').schema.properties.find((property) => property.name === 'name')?.nullable).toBe(false);
  });

  it('reads GML2 type names of WFS 1.0', () => {
    expect(layerFromSchema(readQgisFixture('wfs100-DescribeFeatureType-rivers.xsd'), 'rivers').schema.geometryKind).toBe('MultiLineString');
  });

  it('reads GeoServer schemas whatever the geometry is called: WFS 1.1 and 2.0 (GML 3.2)', () => {
    const roads = layerFromSchema(readGeoServerFixture('wfs/describefeaturetype-1.1.0.xsd'), 'topp:roads22');
    expect(roads).toMatchObject({ localName: 'roads22', prefix: 'topp', namespace: 'http://www.topp.com' });
    expect(roads.schema).toEqual({
      typeName: 'topp:roads22',
      geometryField: 'the_geom',
      geometryKind: 'MultiLineString',
      namespace: 'http://www.topp.com',
      properties: [
        { name: 'cat', type: 'number', nullable: true, integer: true, nativeType: 'long' },
        { name: 'label', type: 'string', nullable: true, nativeType: 'string' },
      ],
    });
    const tigerRoads = layerFromSchema(readGeoServerFixture('wfs/describefeaturetype-2.0.0.xsd'), 'tiger_roads');
    expect([tigerRoads.prefix, tigerRoads.schema.geometryField, tigerRoads.schema.geometryKind]).toEqual(['tiger', 'the_geom', 'MultiLineString']);
    expect(layerFromSchema(readGeoServerFixture('wfs/describefeaturetype-2.0.0-archsites.xsd'), 'archsites').schema.geometryKind).toBe('Point');
  });

  it('lets the options name the namespace and prefix', () => {
    const layer = readFeatureSchema(parseXml(qgisAll, 'test'), 'towns', { featureNS: 'http://example.com/ns', featurePrefix: 'ex' });
    expect([layer?.namespace, layer?.prefix, layer?.schema.namespace]).toEqual(['http://example.com/ns', 'ex', 'http://example.com/ns']);
  });

  it("falls back to the spec's feature namespace gportal as the prefix when the server names none", () => {
    const bare = (namespace: string) =>
      `<schema xmlns="http://www.w3.org/2001/XMLSchema" xmlns:gml="http://www.opengis.net/gml"${namespace}>
        <element name="t" type="tType"/><complexType name="tType"><sequence><element name="geom" type="gml:PointPropertyType"/></sequence></complexType></schema>`;
    expect(layerFromSchema(bare(''), 't')).toMatchObject({ prefix: 'gportal', namespace: '' });
    // A namespace declared without a prefix bound to it: still no prefix named.
    expect(layerFromSchema(bare(' targetNamespace="urn:unbound"'), 't')).toMatchObject({ prefix: 'gportal', namespace: 'urn:unbound' });
    expect(DEFAULT_FEATURE_NAMESPACE).toBe('gportal');
  });

  it('reads an inline restriction as its base type', () => {
    const xsd = `<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:gml="http://www.opengis.net/gml" xmlns:ws="urn:ws" targetNamespace="urn:ws">
      <xsd:complexType name="tType"><xsd:complexContent><xsd:extension base="gml:AbstractFeatureType"><xsd:sequence>
        <xsd:element name="geom" type="gml:PointPropertyType"/>
        <xsd:element name="code" nillable="true"><xsd:simpleType><xsd:restriction base="xsd:string"><xsd:maxLength value="8"/></xsd:restriction></xsd:simpleType></xsd:element>
        <xsd:element name="when" type="xsd:dateTime"/>
      </xsd:sequence></xsd:extension></xsd:complexContent></xsd:complexType>
      <xsd:element name="t" type="ws:tType" substitutionGroup="gml:_Feature"/></xsd:schema>`;
    expect(layerFromSchema(xsd, 'ws:t').schema.properties).toEqual([
      { name: 'code', type: 'string', nullable: true, nativeType: 'string' },
      { name: 'when', type: 'date', nullable: false, nativeType: 'dateTime' },
    ]);
  });

  it('reads a property as required unless nillable or optional: QGIS Server NOT NULL, GeoServer nillable="false" minOccurs="1"', () => {
    // The captured answers: QGIS Server's NOT NULL `poi.name` is a bare element; GeoServer's nullable columns say both.
    expect(layerFromSchema(qgisAll, 'poi').schema.properties.map(({ name, nullable }) => [name, nullable])).toEqual([
      ['id', false],
      ['name', false],
      ['population', true],
      ['height_m', true],
      ['is_capital', true],
      ['founded', true],
    ]);
    expect(layerFromSchema(readGeoServerFixture('wfs/describefeaturetype-2.0.0-archsites.xsd'), 'archsites').schema.properties.every((property) => property.nullable)).toBe(true);
    const xsd = `<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:gml="http://www.opengis.net/gml" xmlns:ws="urn:ws" targetNamespace="urn:ws">
      <xsd:complexType name="tType"><xsd:complexContent><xsd:extension base="gml:AbstractFeatureType"><xsd:sequence>
        <xsd:element maxOccurs="1" minOccurs="0" name="geom" nillable="true" type="gml:PointPropertyType"/>
        <xsd:element maxOccurs="1" minOccurs="1" name="code" nillable="false" type="xsd:string"/>
        <xsd:element maxOccurs="1" minOccurs="0" name="note" type="xsd:string"/>
      </xsd:sequence></xsd:extension></xsd:complexContent></xsd:complexType>
      <xsd:element name="t" type="ws:tType" substitutionGroup="gml:AbstractFeature"/></xsd:schema>`;
    expect(layerFromSchema(xsd, 'ws:t').schema.properties.map(({ name, nullable }) => [name, nullable])).toEqual([
      ['code', false],
      ['note', true],
    ]);
  });

  it('gives undefined for a type the schema does not declare (QGIS answers an empty schema)', () => {
    expect(readFeatureSchema(parseXml(qgisAll, 'test'), 'nosuch')).toBeUndefined();
  });

  it('refuses a layer whose geometry kind is not one the map knows, or that has none', () => {
    const schemaWith = (element: string) =>
      `<schema xmlns="http://www.w3.org/2001/XMLSchema" xmlns:gml="http://www.opengis.net/gml" xmlns:q="urn:q" targetNamespace="urn:q">
        <element name="t" type="q:tType"/><complexType name="tType"><sequence>${element}</sequence></complexType></schema>`;
    expect(() => layerFromSchema(schemaWith('<element name="g" type="gml:GeometryPropertyType"/>'), 't')).toThrow(MapServerError);
    expect(() => layerFromSchema(schemaWith('<element name="n" type="string"/>'), 't')).toThrow(/no geometry/);
  });
});

describe('splitTypeName', () => {
  it('splits a prefixed name', () => {
    expect(splitTypeName('store_33:polygon')).toEqual({ prefix: 'store_33', localName: 'polygon' });
    expect(splitTypeName('towns')).toEqual({ localName: 'towns' });
  });
});
