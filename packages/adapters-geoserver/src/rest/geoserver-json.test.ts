import { MapServerError } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { bindingOfJavaClass } from './attribute-bindings.js';
import { asArray, crsCode, entriesToRecord, namesOf, recordToEntries, rootOf, unqualified } from './geoserver-json.js';

describe("GeoServer's JSON quirks", () => {
  it('asArray: "" and missing are empty, a lone element is a list of one', () => {
    expect(asArray('')).toEqual([]);
    expect(asArray(undefined)).toEqual([]);
    expect(asArray({ name: 'a' })).toEqual([{ name: 'a' }]);
    expect(asArray([1, 2])).toEqual([1, 2]);
  });
  it('namesOf reads every shape of a collection answer', () => {
    expect(namesOf({ styles: '' }, 'styles', 'style')).toEqual([]);
    expect(namesOf({ styles: { style: { name: 'ws:a' } } }, 'styles', 'style')).toEqual(['a']);
    expect(namesOf({ styles: { style: [{ name: 'a' }, { name: 'b' }] } }, 'styles', 'style')).toEqual(['a', 'b']);
  });
  it('namesOf and rootOf refuse an answer of another shape with a MalformedResponse, never a TypeError', () => {
    const malformed = expect.objectContaining({ code: 'MalformedResponse' });
    expect(() => namesOf({ styles: { style: [null] } }, 'styles', 'style')).toThrow(malformed);
    expect(() => namesOf({ styles: { style: { name: 5 } } }, 'styles', 'style')).toThrow(malformed);
    expect(() => namesOf(null, 'styles', 'style')).toThrow(malformed);
    expect(() => rootOf({ workspace: { name: 5 } }, 'workspace', { name: (value) => typeof value === 'string' }, ['name'])).toThrow(malformed);
    expect(() => rootOf({ workspace: {} }, 'workspace', {}, ['name'])).toThrow(malformed);
  });
  it('rootOf refuses an answer without its root object', () => {
    expect(rootOf({ workspace: { name: 'a' } }, 'workspace')).toEqual({ name: 'a' });
    expect(() => rootOf({ workspaces: '' }, 'workspace')).toThrow(MapServerError);
  });
  it('crsCode reads codes, class-hinted values and the closing authority of WKT', () => {
    expect(crsCode('EPSG:4326')).toBe('EPSG:4326');
    expect(crsCode({ '@class': 'projected', $: 'EPSG:27700' })).toBe('EPSG:27700');
    expect(crsCode('GEOGCS["WGS 84", DATUM["x", SPHEROID["WGS 84", 6378137.0, 298.257223563, AUTHORITY["EPSG","7030"]]], AUTHORITY["EPSG","4326"]]')).toBe(
      'EPSG:4326',
    );
    expect(crsCode('LOCAL_CS["local"]')).toBe('LOCAL_CS["local"]');
    expect(crsCode(undefined)).toBeUndefined();
  });
  it('entries convert both ways, numbers and booleans read as text', () => {
    expect(entriesToRecord({ entry: [{ '@key': 'port', $: 5432 }, { '@key': 'flag', $: true }, { '@key': 'empty' }] })).toEqual({ port: '5432', flag: 'true', empty: '' });
    expect(entriesToRecord('')).toEqual({});
    expect(recordToEntries({ host: 'h' })).toEqual({ entry: [{ '@key': 'host', $: 'h' }] });
  });
  it('unqualified strips a workspace prefix', () => {
    expect(unqualified('ws:roads')).toBe('roads');
    expect(unqualified('roads')).toBe('roads');
  });
});

describe('bindingOfJavaClass', () => {
  it('reads JTS geometries (current and pre-2.14 packages) and Java types, aliases included', () => {
    expect(bindingOfJavaClass('org.locationtech.jts.geom.MultiPolygon')).toBe('MultiPolygon');
    expect(bindingOfJavaClass('com.vividsolutions.jts.geom.Point')).toBe('Point');
    expect(bindingOfJavaClass('java.lang.Integer')).toBe('Integer');
    expect(bindingOfJavaClass('java.sql.Timestamp')).toBe('Date');
    expect(bindingOfJavaClass('java.math.BigDecimal')).toBe('Double');
  });
  it('has no binding for classes the domain cannot express', () => {
    expect(bindingOfJavaClass('org.locationtech.jts.geom.Geometry')).toBeUndefined();
    expect(bindingOfJavaClass('[B')).toBeUndefined();
  });
});
