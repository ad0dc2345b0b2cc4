import type { BBox } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { axisOrderOf, isConventionalSrsName, swapAxes, verifyAxisOrder, type AxisOrderContext } from './axis-order.js';

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
    // A bare code is each server's convention.
    ['EPSG:4326', { gml: 'GML3', server: 'geoserver' }, 'lon-lat'],
    ['EPSG:4326', { gml: 'GML32', server: 'geoserver' }, 'lon-lat'],
    ['EPSG:4326', { gml: 'GML3', server: 'qgis-server' }, 'lat-lon'],
    ['EPSG:4326', { gml: 'GML3', server: 'unknown' }, 'lat-lon'],
    ['EPSG:4326', { gml: 'GML2', server: 'qgis-server' }, 'lon-lat'],
    ['urn:ogc:def:crs:EPSG::4326', { gml: 'GML3', server: 'geoserver' }, 'lat-lon'],
  ] as const)('%s in %o is %s', (srsName, context, order) => {
    expect(axisOrderOf(srsName, context)).toBe(order);
  });
});

describe('isConventionalSrsName', () => {
  it('is true for a bare EPSG code of a latitude-first CRS in GML 3 only', () => {
    expect(isConventionalSrsName('EPSG:4326', 'GML3')).toBe(true);
    expect(isConventionalSrsName('epsg:4490', 'GML32')).toBe(true);
    expect(isConventionalSrsName('EPSG:4326', 'GML2')).toBe(false);
    expect(isConventionalSrsName('EPSG:3857', 'GML3')).toBe(false);
    expect(isConventionalSrsName('urn:ogc:def:crs:EPSG::4326', 'GML3')).toBe(false);
    expect(isConventionalSrsName('OGC:CRS84', 'GML3')).toBe(false);
  });
});

describe('verifyAxisOrder', () => {
  const FUJIAN: BBox = [115.85, 20.56, 120.7, 28.2];
  const PARIS: BBox = [2.2, 48.8, 2.5, 48.95];
  const swap = ([a, b, c, d]: BBox): BBox => [b, a, d, c];

  it('keeps data that lands in the layer box', () => {
    expect(verifyAxisOrder([119.1, 25.9, 119.5, 26.25], FUJIAN)).toBe('as-read');
    expect(verifyAxisOrder([2.3, 48.85, 2.35, 48.86], PARIS)).toBe('as-read');
  });

  it('swaps data whose latitude is beyond ±90° when the other order is possible, with or without a box', () => {
    expect(verifyAxisOrder([25.9, 119.1, 26.25, 119.5], FUJIAN)).toBe('swapped');
    expect(verifyAxisOrder([25.9, 119.1, 26.25, 119.5])).toBe('swapped');
    expect(verifyAxisOrder([44.4, -103.9, 44.5, -103.6])).toBe('swapped');
  });

  it('swaps possible data that misses the layer box when the swapped data meets it', () => {
    expect(verifyAxisOrder(swap([2.3, 48.85, 2.35, 48.86]), PARIS)).toBe('swapped');
  });

  it('keeps data that fits neither order (a box older than the data) and plausible data without a box', () => {
    expect(verifyAxisOrder([10, 10, 11, 11], PARIS)).toBe('as-read');
    expect(verifyAxisOrder(swap([2.3, 48.85, 2.35, 48.86]))).toBe('as-read');
    expect(verifyAxisOrder([200, 100, 210, 110], FUJIAN)).toBe('as-read');
  });
});

describe('swapAxes', () => {
  it('exchanges x and y in every position and keeps the rest', () => {
    expect(swapAxes({ type: 'Point', coordinates: [25.9, 119.1] })).toEqual({ type: 'Point', coordinates: [119.1, 25.9] });
    expect(swapAxes({ type: 'MultiPolygon', coordinates: [[[[1, 2], [3, 4], [5, 6], [1, 2]]]] })).toEqual({
      type: 'MultiPolygon',
      coordinates: [[[[2, 1], [4, 3], [6, 5], [2, 1]]]],
    });
  });
});
