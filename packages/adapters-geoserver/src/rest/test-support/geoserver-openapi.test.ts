import { beforeAll, describe, expect, it } from 'vitest';
import { loadGeoServerApi, type GeoServerApiValidator } from './geoserver-openapi.js';

// The validator must be able to fail: requests a careless adapter could send are refused.
const REST = 'http://geoserver.test/geoserver/rest';
let api: GeoServerApiValidator;
beforeAll(async () => {
  api = await loadGeoServerApi('/geoserver/rest');
});

const json = (method: string, path: string, body: unknown) =>
  new Request(`${REST}${path}`, { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

describe("GeoServer's OpenAPI as a request validator", () => {
  it('accepts what GeoServer accepts', async () => {
    expect(await api.validate(json('POST', '/workspaces', { workspace: { name: 'acme' } }))).toEqual([]);
    expect(await api.validate(new Request(`${REST}/workspaces/acme/datastores/nyc?recurse=true`, { method: 'DELETE' }))).toEqual([]);
    expect(
      await api.validate(
        new Request(`${REST}/workspaces/acme/styles/roads`, { method: 'PUT', body: '<StyledLayerDescriptor/>', headers: { 'Content-Type': 'application/vnd.ogc.sld+xml' } }),
      ),
    ).toEqual([]);
  });

  it('ignores requests outside the REST root', async () => {
    expect(await api.validate(new Request('http://geoserver.test/geoserver/j_spring_security_check', { method: 'POST' }))).toBeUndefined();
  });

  it.each([
    ['a path GeoServer does not have', new Request(`${REST}/workspace/acme`)],
    ['a method the path does not take', new Request(`${REST}/namespaces/acme`, { method: 'PATCH' })],
    ['an unknown query parameter', new Request(`${REST}/workspaces/acme?recursive=true`, { method: 'DELETE' })],
    ['a query value of the wrong type', new Request(`${REST}/workspaces/acme/datastores/nyc?recurse=yes`, { method: 'DELETE' })],
    ['a wrong content type', new Request(`${REST}/workspaces/acme/styles?name=x`, { method: 'POST', body: '<x/>', headers: { 'Content-Type': 'text/plain' } })],
    ['a body where none is taken', new Request(`${REST}/workspaces/acme`, { method: 'DELETE', body: '{}', headers: { 'Content-Type': 'application/json' } })],
    ['a JSON body without its root element', json('POST', '/workspaces/acme/datastores', { name: 'nyc' })],
    ['connection parameters in the shape the definition wrongly declares', json('POST', '/workspaces/acme/datastores', { dataStore: { name: 'nyc', connectionParameters: [{ key: 'host', value: 'x' }] } })],
    ['a workspace without a name', json('POST', '/workspaces', { workspace: {} })],
    ['an Accept the operation does not produce', new Request(`${REST}/workspaces/acme`, { headers: { Accept: 'image/png' } })],
  ])('refuses %s', async (_case, request) => {
    const problems = await api.validate(request);
    expect(problems?.length).toBeGreaterThan(0);
  });
});
