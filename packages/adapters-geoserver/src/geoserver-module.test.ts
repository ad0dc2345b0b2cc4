import {
  AUTH_GATEWAY,
  DATA_STORE_ADMIN,
  FEATURE_SOURCE,
  FEATURE_TRANSACTIONS,
  FILE_UPLOAD,
  LAYER_ADMIN,
  PORTAL_ADMIN,
  STYLE_ADMIN,
  WORKSPACE_ADMIN,
  type AuthGateway,
} from '@gportal/core';
import { Container } from 'inversify';
import { describe, expect, it } from 'vitest';
import { GeoServerAuthGateway } from './auth/geoserver-auth-gateway.js';
import { geoserverModule } from './geoserver-module.js';
import { PortalAuthGateway } from './portal/portal-auth-gateway.js';

describe('geoserverModule', () => {
  it('binds every map-server port, signing in through the portal when it has one', async () => {
    const container = new Container();
    await container.load(geoserverModule({ geoserverUrl: '/geoserver', portalApiUrl: '/api' }));
    for (const token of [WORKSPACE_ADMIN, DATA_STORE_ADMIN, LAYER_ADMIN, STYLE_ADMIN, FEATURE_SOURCE, FEATURE_TRANSACTIONS, FILE_UPLOAD, PORTAL_ADMIN]) {
      expect(container.isBound(token)).toBe(true);
    }
    expect(container.get<AuthGateway>(AUTH_GATEWAY)).toBeInstanceOf(PortalAuthGateway);
  });

  it('signs in with GeoServer itself when there is no portal backend', async () => {
    const container = new Container();
    await container.load(geoserverModule({ geoserverUrl: '/geoserver', geoserverLogin: 'basic' }));
    const gateway = container.get<AuthGateway>(AUTH_GATEWAY);
    expect(gateway).toBeInstanceOf(GeoServerAuthGateway);
    expect((gateway as GeoServerAuthGateway).mode).toBe('basic');
    expect(container.isBound(PORTAL_ADMIN)).toBe(false);
  });

  it('sends feature requests to the configured WFS URL', async () => {
    const urls: string[] = [];
    const fetchSpy: typeof fetch = async (input) => {
      urls.push(String(input instanceof Request ? input.url : input));
      return new Response('<ServiceExceptionReport xmlns="http://www.opengis.net/ogc"><ServiceException code="X">nope</ServiceException></ServiceExceptionReport>', {
        status: 400,
        headers: { 'Content-Type': 'text/xml' },
      });
    };
    const container = new Container();
    await container.load(geoserverModule({ geoserverUrl: 'http://127.0.0.1:9/geoserver', wfsUrl: 'http://127.0.0.1:9/ows', fetch: fetchSpy }));
    await expect(container.get<{ describe(name: string): Promise<unknown> }>(FEATURE_SOURCE).describe('towns')).rejects.toThrow();
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.every((url) => url.startsWith('http://127.0.0.1:9/ows'))).toBe(true);
  });
});
