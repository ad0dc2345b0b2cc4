import { ValidationError } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../http/test-support/fixtures.js';
import { detectStyleFormat } from './style-format.js';

describe('detectStyleFormat', () => {
  it('reads SLD 1.0 from sld/default_point.sld', () => {
    expect(detectStyleFormat(readFixture('sld/default_point.sld'))).toEqual({ version: '1.0.0', format: 'sld', contentType: 'application/vnd.ogc.sld+xml' });
  });
  it('reads SLD 1.1 / SE from sld/se_relativepath-sld-1.1.0.sld, whose version is not the first attribute', () => {
    expect(detectStyleFormat(readFixture('sld/se_relativepath-sld-1.1.0.sld'))).toEqual({ version: '1.1.0', format: 'se', contentType: 'application/vnd.ogc.se+xml' });
  });
  it('looks past comments and a prefixed root, and ignores versions deeper in the document', () => {
    const sld = `<!-- exported --><sld:StyledLayerDescriptor xmlns:sld="http://www.opengis.net/sld" version='1.1.0'><sld:NamedLayer version="1.0.0"/></sld:StyledLayerDescriptor>`;
    expect(detectStyleFormat(sld).format).toBe('se');
  });
  it.each([
    ['CSS', '* { stroke: red; }'],
    ['another XML document', '<?xml version="1.0"?><FeatureTypeStyle version="1.1.0"/>'],
    ['an SLD without version', '<StyledLayerDescriptor xmlns="http://www.opengis.net/sld"/>'],
    ['an unknown SLD version', '<StyledLayerDescriptor version="2.0.0"/>'],
  ])('refuses %s with ValidationError on the sld field', (_case, text) => {
    expect(() => detectStyleFormat(text)).toThrow(ValidationError);
    try {
      detectStyleFormat(text);
    } catch (error) {
      expect(Object.keys((error as ValidationError).fields)).toEqual(['sld']);
    }
  });
});
