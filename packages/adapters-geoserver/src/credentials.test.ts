import './wfs/test-support/register-dom.js';
import {
  AUTH_GATEWAY,
  FEATURE_SOURCE,
  FEATURE_TRANSACTIONS,
  WORKSPACE_ADMIN,
  type AuthGateway,
  type FeatureSource,
  type FeatureTransactions,
  type WorkspaceAdmin,
} from '@gportal/core';
import { Container } from 'inversify';
import { describe, expect, it } from 'vitest';
import { geoserverModule, type GeoServerModuleConfig } from './geoserver-module.js';
import { readQgisFixture } from './wfs/test-support/fixtures.js';
import { wmtsTileLayer } from './wmts/wmts-tile-layer.js';

const ADMIN = { username: 'admin', password: 's3cret-pw' };
const BASIC = `Basic ${btoa('admin:s3cret-pw')}`;
const MAP_SERVER = 'http://map.test/geoserver';
const OTHER_WFS = 'http://elsewhere.test/ows';

interface SeenRequest {
  kind: string;
  url: URL;
  authorization: string | null;
  credentials: RequestCredentials | undefined;
}

const TOWNS_GEOJSON = JSON.stringify({
  type: 'FeatureCollection',
  features: [{ type: 'Feature', id: 'towns.1', geometry: { type: 'Point', coordinates: [119.3, 26.08] }, properties: { name: 'Fuzhou' } }],
});
const UPDATED = '<TransactionResponse xmlns="http://www.opengis.net/wfs" version="1.1.0"><TransactionSummary><totalUpdated>1</totalUpdated></TransactionSummary></TransactionResponse>';

/** What every kind of request is answered with, by what it asks for. */
function answerTo(kind: string): { body: string; type: string } {
  const answers: Record<string, { body: string; type: string }> = {
    'REST about/version': { body: '{"about":{"resource":[]}}', type: 'application/json' },
    'REST workspaces': { body: '{"workspaces":{"workspace":[{"name":"acme"}]}}', type: 'application/json' },
    'form login': { body: '<html></html>', type: 'text/html' },
    'portal auth/token': { body: '{"isOk":true,"msg":"ok","data":{"username":"admin"}}', type: 'application/json' },
    GetCapabilities: { body: readQgisFixture('wfs110-GetCapabilities.xml'), type: 'text/xml' },
    DescribeFeatureType: { body: readQgisFixture('wfs110-DescribeFeatureType-towns.xsd'), type: 'text/xml' },
    GetFeature: { body: TOWNS_GEOJSON, type: 'application/json' },
    Transaction: { body: UPDATED, type: 'text/xml' },
  };
  const answer = answers[kind];
  if (!answer) throw new Error(`no answer for ${kind}`);
  return answer;
}

function kindOf(url: URL, body: string): string {
  if (url.pathname.endsWith('/j_spring_security_check')) return 'form login';
  if (url.pathname.includes('/rest/')) return `REST ${url.pathname.split('/rest/')[1]?.replace(/\.json$/, '')}`;
  if (url.pathname.includes('/api/')) return `portal ${url.pathname.split('/api/')[1]}`;
  return url.searchParams.get('REQUEST') ?? /<(?:\w+:)?(\w+)/.exec(body)?.[1] ?? 'unknown';
}

/** A fetch that records the credentials of every request and answers it. */
function recordingFetch(): { fetch: typeof fetch; seen: SeenRequest[] } {
  const seen: SeenRequest[] = [];
  const fetchSpy: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://map.test');
    const kind = kindOf(url, typeof init?.body === 'string' ? init.body : '');
    seen.push({ kind, url, authorization: new Headers(init?.headers).get('Authorization'), credentials: init?.credentials });
    const { body, type } = answerTo(kind);
    return new Response(body, { status: 200, headers: { 'Content-Type': type } });
  };
  return { fetch: fetchSpy, seen };
}

/** Signs in, then sends one request of every kind the map-server mode makes. */
async function everyRequestKind(config: Omit<GeoServerModuleConfig, 'fetch'>): Promise<SeenRequest[]> {
  const { fetch, seen } = recordingFetch();
  const container = new Container();
  await container.load(geoserverModule({ ...config, fetch }));
  expect((await container.get<AuthGateway>(AUTH_GATEWAY).login(ADMIN)).isOk).toBe(true);
  seen.length = 0; // the sign-in itself is the gateway's business (tested beside it)
  const source = container.get<FeatureSource>(FEATURE_SOURCE);
  await source.listTypes();
  await source.describe('towns');
  await source.getFeatures({ typeName: 'towns' });
  await container.get<FeatureTransactions>(FEATURE_TRANSACTIONS).commit({ typeName: 'towns', inserts: [], updates: [{ id: 'towns.1', properties: { name: 'Fuzhou' } }], deletes: [] });
  await container.get<WorkspaceAdmin>(WORKSPACE_ADMIN).list();
  return seen;
}

const KINDS = ['GetCapabilities', 'DescribeFeatureType', 'GetFeature', 'Transaction', 'REST workspaces'];
const WFS_KINDS = KINDS.slice(0, 4);

const MODES = [
  { mode: 'GeoServer Basic sign-in', config: { geoserverLogin: 'basic' }, authorization: BASIC },
  { mode: 'GeoServer form sign-in', config: { geoserverLogin: 'form' }, authorization: null },
  { mode: 'portal sign-in', config: { portalApiUrl: 'http://portal.test/api' }, authorization: null },
] as const;

describe.each(MODES)('credentials in $mode', ({ config, authorization }) => {
  it('go with every request to the map server: capabilities, schema, features, the save, REST', async () => {
    const seen = await everyRequestKind({ geoserverUrl: MAP_SERVER, ...config });
    expect(seen.map((request) => request.kind)).toEqual(KINDS);
    for (const request of seen) {
      expect(request.url.origin, request.kind).toBe('http://map.test');
      expect(request.authorization, request.kind).toBe(authorization);
      expect(request.credentials, request.kind).toBe('include');
    }
  });

  it('go with the paths of the dev proxy (one origin with the page)', async () => {
    const seen = await everyRequestKind({ geoserverUrl: '/geoserver', ...config });
    expect(seen.map((request) => [request.kind, request.authorization, request.credentials])).toEqual(KINDS.map((kind) => [kind, authorization, 'include']));
  });

  it('never go to a WFS on another origin, while REST keeps them', async () => {
    const seen = await everyRequestKind({ geoserverUrl: MAP_SERVER, wfsUrl: OTHER_WFS, ...config });
    const wfs = seen.filter((request) => WFS_KINDS.includes(request.kind));
    expect(wfs.map((request) => request.kind)).toEqual(WFS_KINDS);
    for (const request of wfs) {
      expect(request.url.origin, request.kind).toBe('http://elsewhere.test');
      expect(request.authorization, request.kind).toBeNull();
      expect(request.credentials, request.kind).toBe('omit');
    }
    expect(seen.find((request) => request.kind === 'REST workspaces')).toMatchObject({ authorization, credentials: 'include' });
  });

  it('never go to a WFS with a relative URL when the map server is elsewhere', async () => {
    const seen = await everyRequestKind({ geoserverUrl: MAP_SERVER, wfsUrl: '/ows', ...config });
    for (const request of seen.filter((candidate) => WFS_KINDS.includes(candidate.kind))) {
      expect([request.kind, request.authorization, request.credentials]).toEqual([request.kind, null, 'omit']);
    }
  });
});

describe('credentials of WMTS tiles', () => {
  it('leave tiles of the map server as the browser loads them, with no credentials in the URL', () => {
    const layer = wmtsTileLayer({ url: `${MAP_SERVER}/gwc/service/wmts`, credentialsOrigin: MAP_SERVER });
    expect(layer.tileLayerOptions).toEqual({ tileSize: 256, zoomOffset: 0 });
    expect(new URL(layer.urlTemplate).username).toBe('');
    expect(layer.urlTemplate).not.toMatch(/authorization|password|token|admin/i);
  });

  it('load tiles of another origin anonymously (no cookies)', () => {
    const layer = wmtsTileLayer({ url: 'http://tiles.test/wmts', credentialsOrigin: MAP_SERVER });
    expect(layer.tileLayerOptions).toEqual({ tileSize: 256, zoomOffset: 0, crossOrigin: 'anonymous' });
    expect(wmtsTileLayer({ url: '/gwc/service/wmts', credentialsOrigin: MAP_SERVER }).tileLayerOptions.crossOrigin).toBe('anonymous');
    expect(wmtsTileLayer({ url: '/geoserver/gwc/service/wmts', credentialsOrigin: '/geoserver' }).tileLayerOptions.crossOrigin).toBeUndefined();
  });
});

describe('credentials in URLs', () => {
  it('are refused in the map-server, WFS and WMTS URLs before any request', () => {
    expect(() => geoserverModule({ geoserverUrl: 'http://admin:pw@map.test/geoserver' })).toThrow(/user name or password/);
    expect(() => geoserverModule({ geoserverUrl: MAP_SERVER, wfsUrl: 'http://admin:pw@map.test/ows' })).toThrow(/user name or password/);
    expect(() => wmtsTileLayer({ url: 'http://admin:pw@tiles.test/wmts' })).toThrow(/user name or password/);
  });
});
