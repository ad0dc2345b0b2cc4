import { describe, expect, it } from 'vitest';
import { axisOrderOf, type AxisOrderContext } from './axis-order.js';

const GML3: AxisOrderContext = { gml: 'GML3' };

describe('axisOrderOf', () => {
  it.each([
    ['EPSG:4326', GML3, 'lat-lon'],
    ['EPSG:4326', { gml: 'GML2' }, 'lon-lat'],
    ['EPSG:4326', { gml: 'GML3', requestedSrsName: 'CRS:84' }, 'lon-lat'],
    ['EPSG:4326', { gml: 'GML3', requestedSrsName: 'urn:ogc:def:crs:EPSG::4326' }, 'lat-lon'],
    ['EPSG:4326', { gml: 'GML3', requestedSrsName: 'urn:ogc:def:crs:OGC:1.3:CRS84' }, 'lat-lon'],
    ['EPSG:4490', GML3, 'lat-lon'],
    ['EPSG:3857', GML3, 'lon-lat'],
    ['urn:ogc:def:crs:EPSG::4326', GML3, 'lat-lon'],
    ['urn:ogc:def:crs:EPSG:6.6:4326', GML3, 'lat-lon'],
    ['urn:x-ogc:def:crs:EPSG:4326', GML3, 'lat-lon'],
    ['urn:x-ogc:def:crs:EPSG:6.11.2:26713', GML3, 'lon-lat'],
    ['http://www.opengis.net/def/crs/EPSG/0/4326', GML3, 'lat-lon'],
    ['http://www.opengis.net/gml/srs/epsg.xml#4326', GML3, 'lon-lat'],
    ['CRS:84', GML3, 'lon-lat'],
    ['OGC:CRS84', GML3, 'lon-lat'],
    ['urn:ogc:def:crs:OGC:1.3:CRS84', GML3, 'lon-lat'],
    ['urn:ogc:def:crs:OGC:2:84', GML3, 'lon-lat'],
    ['http://www.opengis.net/def/crs/OGC/1.3/CRS84', GML3, 'lon-lat'],
    [null, GML3, 'lon-lat'],
  ] as const)('%s in %o is %s', (srsName, context, order) => {
    expect(axisOrderOf(srsName, context)).toBe(order);
  });
});
