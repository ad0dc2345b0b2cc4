import { describe, expect, it } from 'vitest';
import { restUrlOf } from './create-geoserver-admin.js';

describe('restUrlOf', () => {
  it("puts REST below GeoServer's root, and takes a REST root as is", () => {
    expect(restUrlOf('http://localhost:8080/geoserver')).toBe('http://localhost:8080/geoserver/rest');
    expect(restUrlOf('/geoserver/')).toBe('/geoserver/rest');
    expect(restUrlOf('/geoserver/rest/')).toBe('/geoserver/rest');
  });
});
