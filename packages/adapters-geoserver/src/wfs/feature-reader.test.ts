import './test-support/register-dom.js';
import { MapServerError, type FeatureSchema, type Geometry, type MapFeature } from '@gportal/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { labelAxisOrder } from './axis-order.js';
import type { WfsLayer } from './describe-feature-type.js';
import { readAnswer, readFeatureSet } from './feature-reader.js';
import { answerOf, layerFromSchema, readGeoServerFixture, readQgisFixture } from './test-support/fixtures.js';
import { gmlVersionOf, readFeatureSetWithOpenLayers } from './test-support/ol-feature-reader.js';
import { LON_LAT_SRS_NAME } from './wfs-protocol.js';

const towns = layerFromSchema(readQgisFixture('wfs110-DescribeFeatureType-towns.xsd'), 'towns');
const qgisAll = readQgisFixture('wfs110-DescribeFeatureType-all.xsd');

const FUZHOU: MapFeature = {
  id: 'towns.1',
  geometry: { type: 'Polygon', coordinates: [[[119.1, 25.9], [119.5, 25.9], [119.5, 26.25], [119.1, 26.25], [119.1, 25.9]]] },
  properties: { id: 1, name: 'Fuzhou', population: 8290000, area_km2: 11968, is_capital: true, founded: new Date(Date.UTC(1949, 7, 17)) },
};

function layerOf(typeName: string, schema: Omit<FeatureSchema, 'typeName'>): WfsLayer {
  return { schema: { typeName, ...schema }, localName: typeName.split(':').pop() as string, prefix: 'topp', namespace: 'http://www.openplans.org/topp' };
}

/** The first position of a geometry of any kind. */
function firstPosition(geometry: Geometry | undefined): number[] {
  return ((geometry?.coordinates.flat(3) ?? []) as number[]).slice(0, 2);
}

afterEach(() => vi.restoreAllMocks());

describe('readFeatureSet on QGIS Server answers', () => {
  it('reads GeoJSON with properties typed by the schema', () => {
    const { features, skipped } = readFeatureSet(answerOf(readQgisFixture('wfs110-GetFeature-towns-geojson.json')), towns);
    expect(skipped).toBe(0);
    expect(features.map((feature) => feature.id)).toEqual(['towns.1', 'towns.2']);
    expect(features[0]).toEqual(FUZHOU);
  });

  it('reads GML3 written lat/lon under EPSG:4326 into the same lon/lat features as GeoJSON', () => {
    const geoJson = readFeatureSet(answerOf(readQgisFixture('wfs110-GetFeature-towns-geojson.json')), towns);
    const gml = readFeatureSet(answerOf(readQgisFixture('wfs110-GetFeature-towns-gml3.xml')), towns);
    expect(gml).toEqual(geoJson);
  });

  it('reads a GML3 MultiSurface as a lon/lat MultiPolygon', () => {
    const districts = layerFromSchema(qgisAll, 'districts');
    const { features } = readFeatureSet(answerOf(readQgisFixture('wfs110-GetFeature-districts-gml3.xml')), districts);
    expect(features).toHaveLength(1);
    const geometry = features[0]?.geometry;
    expect(geometry?.type).toBe('MultiPolygon');
    expect(geometry?.coordinates).toEqual([
      [[[117.4, 24.3], [118.3, 24.3], [118.3, 24.7], [117.4, 24.7], [117.4, 24.3]]],
      [[[118.4, 24.6], [118.9, 24.6], [118.9, 25.1], [118.4, 25.1], [118.4, 24.6]]],
    ]);
  });

  it('reads GML2 (WFS 1.0) as lon/lat although it is labelled EPSG:4326', () => {
    const poi = layerFromSchema(qgisAll, 'poi');
    const { features } = readFeatureSet(answerOf(readQgisFixture('wfs100-GetFeature-poi-gml2.xml')), poi);
    expect(features[0]).toEqual({
      id: 'poi.1',
      geometry: { type: 'Point', coordinates: [119.3, 26.08] },
      properties: { id: 1, name: 'Fuzhou', population: 8290000, height_m: 12.5, is_capital: true, founded: new Date(Date.UTC(1949, 7, 17)) },
    });
  });

  it('reads the GML3 of a lon/lat query (labelled OGC:CRS84) as is', () => {
    const answer = answerOf(readQgisFixture('ol-writeGetFeature.response.xml'));
    const { features } = readFeatureSet(answer, towns, { requestedSrsName: LON_LAT_SRS_NAME });
    expect(features.length).toBeGreaterThan(0);
    for (const feature of features) {
      const [lng, lat] = firstPosition(feature.geometry);
      expect(lng).toBeGreaterThan(115);
      expect(lat).toBeLessThan(29);
    }
  });

  it('skips, counts and logs features without a geometry', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const collection = JSON.parse(readQgisFixture('wfs110-GetFeature-towns-geojson.json')) as { features: Array<{ geometry: unknown }> };
    (collection.features[1] as { geometry: unknown }).geometry = null;
    const { features, skipped } = readFeatureSet(answerOf(JSON.stringify(collection)), towns);
    expect(features.map((feature) => feature.id)).toEqual(['towns.1']);
    expect(skipped).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('towns.2'));
  });

  it('refuses malformed GeoJSON and an XML answer that is not a feature collection', () => {
    expect(() => readFeatureSet(answerOf('{"type": "FeatureCollection", "features": ['), towns)).toThrow(MapServerError);
    expect(() => readFeatureSet(answerOf('<schema xmlns="http://www.w3.org/2001/XMLSchema"/>'), towns)).toThrow(/expected a FeatureCollection/);
  });
});

describe('readFeatureSet on GeoServer answers', () => {
  it('reads GML3 under http://www.opengis.net/gml/srs/epsg.xml#4326 as lon/lat (OpenLayers alone swaps it)', () => {
    const roads = layerFromSchema(readGeoServerFixture('wfs/describefeaturetype-1.1.0.xsd'), 'topp:roads22');
    const { features } = readFeatureSet(answerOf(readGeoServerFixture('wfs/getfeature-1.1.0-gml3.xml')), roads);
    expect(features).toHaveLength(100);
    expect(features[0]?.id).toBe('roads22.499');
    expect(features[0]?.geometry.type).toBe('MultiLineString');
    expect(firstPosition(features[0]?.geometry)).toEqual([-103.7211, 44.4555]);
    expect(features[0]?.properties).toEqual({ cat: 2, label: 'primary highway, hard surface' });
  });

  it('reads GML3 under urn:x-ogc:def:crs:EPSG:4326 (lat/lon) as lon/lat', () => {
    const states = layerOf('topp:states', {
      geometryField: 'the_geom',
      geometryKind: 'MultiPolygon',
      properties: [{ name: 'STATE_NAME', type: 'string', nullable: true }, { name: 'PERSONS', type: 'number', nullable: true }],
    });
    const { features } = readFeatureSet(answerOf(readGeoServerFixture('wfs/getfeature-1.1.0-gml3-topp-states.xml')), states);
    expect(features).toHaveLength(3);
    expect(features[0]?.id).toBe('states.1');
    expect(firstPosition(features[0]?.geometry)).toEqual([-88.071, 37.511]);
    expect(features[0]?.properties.STATE_NAME).toBe('Illinois');
  });

  it('reads GeoJSON as lon/lat whatever its crs member says', () => {
    const states = layerOf('topp:states', {
      geometryField: 'the_geom',
      geometryKind: 'MultiPolygon',
      properties: [{ name: 'STATE_NAME', type: 'string', nullable: true }, { name: 'PERSONS', type: 'number', nullable: true }],
    });
    const { features } = readFeatureSet(answerOf(readGeoServerFixture('wfs/getfeature-geojson-states.json')), states);
    expect(features).toHaveLength(49);
    expect(firstPosition(features[0]?.geometry)).toEqual([-88.071564, 37.51099]);
    expect(features[0]?.properties).toEqual({ STATE_NAME: 'Illinois', PERSONS: 11430602 });
  });

  it('reads WFS 2.0 GML 3.2 members, leaving projected coordinates as they are', () => {
    const archsites = layerFromSchema(readGeoServerFixture('wfs/describefeaturetype-2.0.0-archsites.xsd'), 'sf:archsites');
    const { features } = readFeatureSet(answerOf(readGeoServerFixture('wfs/getfeature-2.0.0-gml32.xml')), archsites);
    expect(features.map((feature) => [feature.id, feature.geometry.coordinates, feature.properties])).toEqual([
      ['archsites.1', [593493, 4914730], { cat: 1, str1: 'Signature Rock' }],
      ['archsites.2', [591950, 4923000], { cat: 2, str1: 'No Name' }],
      ['archsites.3', [589860, 4922000], { cat: 3, str1: 'Canyon Station' }],
    ]);
  });
});

describe('readFeatureSet equals the OpenLayers path it replaced (architecture rule)', () => {
  const roads = layerFromSchema(readGeoServerFixture('wfs/describefeaturetype-1.1.0.xsd'), 'topp:roads22');
  const states = layerOf('topp:states', {
    geometryField: 'the_geom',
    geometryKind: 'MultiPolygon',
    properties: [{ name: 'STATE_NAME', type: 'string', nullable: true }, { name: 'PERSONS', type: 'number', nullable: true }, { name: 'LAND_KM', type: 'number', nullable: true }],
  });
  const cases: Array<[string, string, WfsLayer, string | undefined]> = [
    ['QGIS GeoJSON towns', readQgisFixture('wfs110-GetFeature-towns-geojson.json'), towns, undefined],
    ['QGIS GeoJSON towns (filter)', readQgisFixture('wfs110-GetFeature-towns-filter-geojson.json'), towns, undefined],
    ['QGIS GML3 towns (EPSG:4326, lat/lon)', readQgisFixture('wfs110-GetFeature-towns-gml3.xml'), towns, undefined],
    ['QGIS GML3 towns asked as CRS:84', readQgisFixture('wfs110-GetFeature-towns-gml3.xml'), towns, 'CRS:84'],
    ['QGIS GML3 districts (MultiSurface)', readQgisFixture('wfs110-GetFeature-districts-gml3.xml'), layerFromSchema(qgisAll, 'districts'), undefined],
    ['QGIS GML2 poi', readQgisFixture('wfs100-GetFeature-poi-gml2.xml'), layerFromSchema(qgisAll, 'poi'), undefined],
    ['QGIS GML3 of a lon/lat query', readQgisFixture('ol-writeGetFeature.response.xml'), towns, LON_LAT_SRS_NAME],
    ['GeoServer GML3 roads (epsg.xml#4326)', readGeoServerFixture('wfs/getfeature-1.1.0-gml3.xml'), roads, LON_LAT_SRS_NAME],
    ['GeoServer GML3 states (urn:x-ogc EPSG:4326)', readGeoServerFixture('wfs/getfeature-1.1.0-gml3-topp-states.xml'), states, undefined],
    ['GeoServer GeoJSON states', readGeoServerFixture('wfs/getfeature-geojson-states.json'), states, undefined],
    ['GeoServer GML 3.2 archsites', readGeoServerFixture('wfs/getfeature-2.0.0-gml32.xml'), layerFromSchema(readGeoServerFixture('wfs/describefeaturetype-2.0.0-archsites.xsd'), 'sf:archsites'), undefined],
  ];
  it.each(cases)('%s', (_name, text, layer, requestedSrsName) => {
    const reference = readFeatureSetWithOpenLayers(answerOf(text), layer, requestedSrsName);
    expect(reference.features.length).toBeGreaterThan(0);
    // The streaming readers against OpenLayers' (same order decision); settling the order afterwards
    // against the layer's box is `settleAxisOrder`'s, tested with the captured answers of both kinds.
    const read = readAnswer({ status: 200, mediaType: 'text/plain', text }, layer, requestedSrsName ? { requestedSrsName } : {});
    expect({ features: read.features, skipped: read.skippedIds.length }).toEqual(reference);
  });

  it('reads GML indented, with one featureMember per feature, CDATA and xsi:nil like OpenLayers', () => {
    const gml = `<?xml version="1.0"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" xmlns:qgs="http://www.qgis.org/gml" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <gml:featureMember>
    <qgs:towns gml:id="towns.1">
      <qgs:geometry>
        <gml:MultiPolygon srsName="urn:ogc:def:crs:OGC:1.3:CRS84">
          <gml:polygonMember><gml:Polygon><gml:outerBoundaryIs><gml:LinearRing>
            <gml:coordinates decimal="." cs="," ts=" ">119.1,25.9 119.5,25.9 119.5,26.2 119.1,25.9</gml:coordinates>
          </gml:LinearRing></gml:outerBoundaryIs></gml:Polygon></gml:polygonMember>
        </gml:MultiPolygon>
      </qgs:geometry>
      <qgs:name><![CDATA[Fu & zhou <x>]]></qgs:name>
      <qgs:population xsi:nil="true"/>
      <qgs:area_km2> 11968 </qgs:area_km2>
    </qgs:towns>
  </gml:featureMember>
  <gml:featureMember>
    <qgs:towns gml:id="towns.2"><qgs:name>no geometry</qgs:name></qgs:towns>
  </gml:featureMember>
</wfs:FeatureCollection>`;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const read = readFeatureSet({ status: 200, mediaType: 'text/xml', text: gml }, towns);
    expect(read).toEqual(readFeatureSetWithOpenLayers(answerOf(gml), towns));
    expect(read.skipped).toBe(1);
    expect(read.features[0]?.properties).toMatchObject({ name: 'Fu & zhou <x>', population: null, area_km2: 11968 });
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('reads every number of a posList to the same double as OpenLayers (parseFloat)', () => {
    let seed = 7;
    const next = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const numbers = Array.from({ length: 4000 }, (_, index) => {
      const forms = [
        () => (next() * 360 - 180).toFixed(1 + (index % 17)),
        () => String(next() * 1e6),
        () => String(Math.floor(next() * 1e17)),
        () => `${(next() * 10).toFixed(3)}e${(index % 7) - 3}`,
        () => `+${(next() * 90).toFixed(6)}`,
        () => '-0',
        () => '0.1234567890123456789012345',
      ];
      return (forms[index % forms.length] as () => string)();
    });
    // Closed by repeating the first position: an open ring is not drawn.
    const ringText = [...numbers, numbers[0], numbers[1]].join(' ');
    const gml = `<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" xmlns:qgs="http://www.qgis.org/gml"><gml:featureMember><qgs:towns gml:id="towns.9"><qgs:geometry><gml:Polygon srsName="urn:ogc:def:crs:OGC:1.3:CRS84"><gml:exterior><gml:LinearRing><gml:posList>
      ${ringText}
    </gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></qgs:geometry></qgs:towns></gml:featureMember></wfs:FeatureCollection>`;
    const read = readFeatureSet({ status: 200, mediaType: 'text/xml', text: gml }, towns);
    expect(read).toEqual(readFeatureSetWithOpenLayers(answerOf(gml), towns));
    expect((read.features[0]?.geometry.coordinates as number[][][])[0]).toHaveLength(2001);
  });

  it('reads plain decimals in place to the same doubles as OpenLayers, and a posList split by a comment, a reference or CDATA', () => {
    let seed = 11;
    const next = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const plain = Array.from({ length: 2000 }, (_, index) => (next() * 360 - 180).toFixed(index % 16) + (index % 5 === 0 ? '0' : ''));
    const town = (id: string, positions: string, attributes = '') =>
      `<gml:featureMember><qgs:towns gml:id='${id}'><qgs:geometry><gml:Polygon srsName="urn:ogc:def:crs:OGC:1.3:CRS84"${attributes}><gml:exterior><gml:LinearRing><gml:posList>${positions}</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></qgs:geometry><qgs:is_capital/></qgs:towns></gml:featureMember>`;
    const gml = `<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" xmlns:qgs="http://www.qgis.org/gml">${[
      town('towns.1', `\n\t${[...plain, plain[0], plain[1]].join('\n ')}\r\n`),
      town('towns.2', '119.1 25.<!-- split -->9 119.5 25.9 119.5 26.2 119.1 25.9'),
      town('towns.3', '119.1 2&#53;.9 119.5 25.9 119.5 26.2 119.1 25.9'),
      town('towns.4', '119.1 25.9 <![CDATA[119.5 25.9]]> 119.5 26.2 119.1 25.9'),
      town('towns.5', '119.1 25.9 1 119.5 25.9 2 119.5 26.2 3 119.1 25.9 4', ' srsDimension="3"'),
      town('towns.6', '1.191E2 25.9 119.5 25.9 119.5 26.2 1.191e2 25.9'),
    ].join('')}</wfs:FeatureCollection>`;
    const read = readFeatureSet({ status: 200, mediaType: 'text/xml', text: gml }, towns);
    expect(read).toEqual(readFeatureSetWithOpenLayers(answerOf(gml), towns));
    expect(read.features.map((feature) => (feature.geometry.coordinates as number[][][])[0]?.length)).toEqual([1001, 4, 4, 4, 4, 4]);
    expect((read.features[1]?.geometry.coordinates as number[][][])[0]?.[0]).toEqual([119.1, 25.9]);
  });

  it('refuses malformed GML with a typed error', () => {
    const refused = (text: string) => () => readFeatureSet({ status: 200, mediaType: 'text/xml', text }, towns);
    expect(refused('<wfs:FeatureCollection xmlns:wfs="w"><a></b>')).toThrow(MapServerError);
    const wrapped = (inner: string) =>
      `<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" xmlns:qgs="http://www.qgis.org/gml"><gml:featureMember><qgs:towns gml:id="towns.1"><qgs:geometry><gml:Polygon><gml:exterior><gml:LinearRing>${inner}</gml:LinearRing></gml:exterior></gml:Polygon></qgs:geometry></qgs:towns></gml:featureMember></wfs:FeatureCollection>`;
    // Characters XML does not allow, in a posList read in place and in one read as text.
    expect(refused(wrapped('<gml:posList>119.1 25.9\u0001 119.5 25.9 119.1 25.9</gml:posList>'))).toThrow(/not well-formed XML.*U\+0001/);
    expect(refused(wrapped('<gml:posList>119.1 25.9<!---->\u0001 119.5 25.9 119.1 25.9</gml:posList>'))).toThrow(/U\+0001/);
    expect(refused(wrapped('<gml:posList>119.1 25.9 119.5 25.9 119.1 25.9</gml:posList><x:y/>'))).toThrow(/prefix "x" is not declared/);
    expect(refused(`<!DOCTYPE r><r/>`)).toThrow(/MalformedResponse|not well-formed/);
    try {
      refused('<!DOCTYPE r><r/>')();
    } catch (error) {
      expect(error).toBeInstanceOf(MapServerError);
      expect((error as MapServerError).code).toBe('MalformedResponse');
    }
  });
});

describe('gmlVersionOf', () => {
  it('tells GML 2, 3.1 and 3.2 documents apart', () => {
    expect(gmlVersionOf(answerOf(readQgisFixture('wfs100-GetFeature-poi-gml2.xml')).document as Document)).toBe('GML2');
    expect(gmlVersionOf(answerOf(readQgisFixture('wfs110-GetFeature-towns-gml3.xml')).document as Document)).toBe('GML3');
    expect(gmlVersionOf(answerOf(readGeoServerFixture('wfs/getfeature-2.0.0-gml32.xml')).document as Document)).toBe('GML32');
  });
});

describe('labelAxisOrder', () => {
  it('relabels every srsName with the order the server used', () => {
    const document = answerOf(readQgisFixture('wfs110-GetFeature-towns-gml3.xml')).document as Document;
    labelAxisOrder(document, { gml: 'GML3' });
    const labels = new Set(Array.from(document.getElementsByTagName('*')).flatMap((element) => element.getAttribute('srsName') ?? []));
    expect([...labels]).toEqual(['EPSG:4326']);
    labelAxisOrder(document, { gml: 'GML3', requestedSrsName: 'CRS:84' });
    expect(document.querySelector('[srsName]')?.getAttribute('srsName')).toBe(LON_LAT_SRS_NAME);
  });
});
