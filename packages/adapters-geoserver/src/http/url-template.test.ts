import { ValidationError } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { expandPath, joinUrl } from './url-template.js';

describe('expandPath', () => {
  it('fills and percent-encodes each placeholder', () => {
    expect(expandPath('/workspaces/{workspace}/styles/{style}', { workspace: 'store_33', style: '多边形' })).toBe(
      '/workspaces/store_33/styles/%E5%A4%9A%E8%BE%B9%E5%BD%A2',
    );
  });

  it.each([
    ['a slash', 'a/b'],
    ['a parent reference', '..'],
    ['a dot-dot inside', 'a..b'],
    ['a control character', 'a\u0000b'],
    ['a query', 'a?recurse=true'],
    ['an encoded slash', 'a%2Fb'],
    ['an empty name', ''],
  ])('refuses %s with a ValidationError naming the field', (_case, name) => {
    const expand = () => expandPath('/workspaces/{workspace}', { workspace: name });
    expect(expand).toThrow(ValidationError);
    try {
      expand();
    } catch (error) {
      expect(Object.keys((error as ValidationError).fields)).toEqual(['workspace']);
    }
  });

  it('appends the extension only when the last name contains a dot', () => {
    expect(expandPath('/workspaces/{workspace}', { workspace: 'it.geosolutions' }, { extension: 'json' })).toBe('/workspaces/it.geosolutions.json');
    expect(expandPath('/workspaces/{workspace}', { workspace: 'topp' }, { extension: 'json' })).toBe('/workspaces/topp');
    expect(expandPath('/workspaces/{workspace}/datastores', { workspace: 'it.geosolutions' }, { extension: 'json' })).toBe(
      '/workspaces/it.geosolutions/datastores',
    );
  });
});

describe('joinUrl', () => {
  it('puts exactly one slash between base and path', () => {
    expect(joinUrl('http://host/geoserver/rest/', '/workspaces')).toBe('http://host/geoserver/rest/workspaces');
    expect(joinUrl('/geoserver/rest', 'workspaces')).toBe('/geoserver/rest/workspaces');
  });
});
