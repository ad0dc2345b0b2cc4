import './test-support/register-dom.js';
import { ValidationError, type AttributeFilter } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { writeGetFeature, type GetFeatureRequest } from './get-feature-request.js';
import { layerFromSchema, readQgisFixture } from './test-support/fixtures.js';
import { expectGoldenXml, xmlTree } from './test-support/golden.js';
import { writeGetFeatureWithOpenLayers } from './test-support/ol-get-feature-writer.js';
import { parseXml } from './wfs-xml.js';

const towns = layerFromSchema(readQgisFixture('wfs110-DescribeFeatureType-towns.xsd'), 'towns');
const poi = layerFromSchema(readQgisFixture('wfs110-DescribeFeatureType-all.xsd'), 'poi');

function filterOf(filter: AttributeFilter): Element {
  const xml = writeGetFeature({ layer: towns, version: '1.1.0', maxFeatures: 10, filter });
  return parseXml(xml, 'test').getElementsByTagNameNS('http://www.opengis.net/ogc', 'Filter')[0] as Element;
}

describe('writeGetFeature', () => {
  it('asks for lon/lat GeoJSON with maxFeatures, a bbox and an attribute filter (golden file)', () => {
    const xml = writeGetFeature({
      layer: towns,
      version: '1.1.0',
      maxFeatures: 2000,
      outputFormat: 'application/json',
      bbox: [117, 24, 118.5, 25],
      filter: {
        op: 'and',
        filters: [
          { op: 'gt', property: 'population', value: 5000000 },
          { op: 'like', property: 'name', pattern: 'X*' },
          { op: 'le', property: 'founded', value: new Date(Date.UTC(1990, 0, 2)) },
        ],
      },
    });
    expectGoldenXml(xml, 'getfeature-towns-1.1.0.xml');
  });

  it('selects ids with FeatureId (1.x) and ResourceId (2.0), which OpenLayers does not write', () => {
    const ids = (version: '1.1.0' | '2.0.0') => {
      const document = parseXml(writeGetFeature({ layer: towns, version, maxFeatures: 2, featureIds: ['towns.1', 'towns.3'] }), 'test');
      const element = version === '2.0.0' ? 'ResourceId' : 'FeatureId';
      const namespace = version === '2.0.0' ? 'http://www.opengis.net/fes/2.0' : 'http://www.opengis.net/ogc';
      return Array.from(document.getElementsByTagNameNS(namespace, element)).map((node) => node.getAttribute(version === '2.0.0' ? 'rid' : 'fid'));
    };
    expect(ids('1.1.0')).toEqual(['towns.1', 'towns.3']);
    expect(ids('2.0.0')).toEqual(['towns.1', 'towns.3']);
    const document = parseXml(writeGetFeature({ layer: towns, version: '2.0.0', maxFeatures: 2, featureIds: ['towns.1'] }), 'test');
    expect(document.documentElement.getAttribute('count')).toBe('2');
  });

  it('gives a point\'s own empty bbox an area (QGIS Server matches nothing with a zero-area BBOX)', () => {
    const document = parseXml(writeGetFeature({ layer: poi, version: '1.1.0', maxFeatures: 5, bbox: [119.3, 26.08, 119.3, 26.08] }), 'test');
    const [lower, upper] = ['lowerCorner', 'upperCorner'].map((name) => document.getElementsByTagNameNS('*', name)[0]?.textContent?.split(' ').map(Number));
    expect(lower?.[0]).toBeLessThan(119.3);
    expect(upper?.[1]).toBeGreaterThan(26.08);
    expect(upper?.[0] as number).toBeCloseTo(119.3, 8);
  });

  it('writes each filter operator, literals typed by the schema', () => {
    expect(filterOf({ op: 'eq', property: 'is_capital', value: true }).textContent).toBe('is_capitaltrue');
    expect(filterOf({ op: 'ne', property: 'founded', value: new Date(Date.UTC(1949, 7, 17)) }).firstElementChild?.localName).toBe('PropertyIsNotEqualTo');
    expect(filterOf({ op: 'ne', property: 'founded', value: new Date(Date.UTC(1949, 7, 17)) }).textContent).toBe('founded1949-08-17');
    expect(filterOf({ op: 'isNull', property: 'name' }).firstElementChild?.localName).toBe('PropertyIsNull');
    expect(filterOf({ op: 'not', filter: { op: 'lt', property: 'population', value: 5 } }).firstElementChild?.firstElementChild?.localName).toBe('PropertyIsLessThan');
    expect(filterOf({ op: 'or', filters: [{ op: 'ge', property: 'population', value: 5 }] }).firstElementChild?.localName).toBe('PropertyIsGreaterThanOrEqualTo');
    const like = filterOf({ op: 'like', property: 'name', pattern: 'F!*?*' }).firstElementChild;
    expect([like?.getAttribute('wildCard'), like?.getAttribute('singleChar'), like?.getAttribute('escapeChar'), like?.getAttribute('matchCase'), like?.textContent]).toEqual(['*', '?', '!', 'false', 'nameF!*?*']);
  });

  it('refuses a filter on a property the layer does not have, and an empty "or"', () => {
    expect(() => filterOf({ op: 'eq', property: 'nosuch', value: 1 })).toThrow(ValidationError);
    expect(() => filterOf({ op: 'or', filters: [] })).toThrow(ValidationError);
  });

  it('writes what ol/format/WFS wrote, in every version, for every kind of query (markup in the texts included)', () => {
    const every: AttributeFilter = {
      op: 'not',
      filter: {
        op: 'or',
        filters: [
          { op: 'eq', property: 'name', value: 'a<b&"c\' ]]> \t\n' },
          { op: 'ne', property: 'population', value: 3.25 },
          { op: 'lt', property: 'area_km2', value: -1e-7 },
          { op: 'isNull', property: 'name' },
          { op: 'like', property: 'name', pattern: 'x*]]>&<' },
          { op: 'ge', property: 'founded', value: new Date(0) },
          { op: 'eq', property: 'is_capital', value: false },
          { op: 'and', filters: [{ op: 'gt', property: 'population', value: 1 }, { op: 'le', property: 'population', value: 9 }] },
          { op: 'and', filters: [{ op: 'not', filter: { op: 'isNull', property: 'founded' } }] },
        ],
      },
    };
    const requests: Array<Omit<GetFeatureRequest, 'version'>> = [
      { layer: towns, maxFeatures: 5 },
      { layer: towns, maxFeatures: 2000, outputFormat: 'application/json', bbox: [117, 24, 118, 24] },
      { layer: towns, maxFeatures: 7, bbox: [-180, -90.5, 179.999999, 90], filter: every },
      { layer: towns, maxFeatures: 7, filter: every },
      { layer: towns, maxFeatures: 7, filter: { op: 'eq', property: 'name', value: '福州' } },
      { layer: towns, maxFeatures: 3, featureIds: ['towns.1', 'a<&"\'>'], bbox: [1, 2, 3, 4], filter: every },
      { layer: towns, maxFeatures: 3, featureIds: [] },
      { layer: poi, maxFeatures: 1, outputFormat: 'text/xml; subtype=gml/3.1.1', bbox: [119.3, 26.08, 119.3, 26.08] },
    ];
    for (const version of ['1.0.0', '1.1.0', '2.0.0'] as const) {
      for (const request of requests) {
        expect(xmlTree(writeGetFeature({ ...request, version })), `${version} ${JSON.stringify(request.filter ?? request.featureIds ?? request.bbox)}`).toEqual(xmlTree(writeGetFeatureWithOpenLayers({ ...request, version })));
      }
    }
  });
});
