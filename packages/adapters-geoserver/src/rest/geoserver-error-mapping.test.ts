import { buildFeatureTypeSpec, ConflictError, MapServerError, NetworkError, NotFoundError, TimeoutError } from '@gportal/core';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createGeoServerAdmin, type GeoServerAdmin } from './create-geoserver-admin.js';
import { createGeoServerModel, GEOSERVER_URL, REST_URL } from './test-support/geoserver-model.js';
import { mockGeoServer } from './test-support/mock-geoserver.js';
import { SAMPLE_STORE, SLD_10, seededMapServer } from './test-support/seeded-geoserver.js';

/** Every GeoServer failure the adapters meet, as the model answers it, and the typed error it becomes. */
const server = mockGeoServer();
let admin: GeoServerAdmin;

beforeEach(() => {
  server.use(...createGeoServerModel(seededMapServer(), { users: [{ username: 'admin', password: 'geoserver' }] }).handlers);
  admin = createGeoServerAdmin({ url: GEOSERVER_URL, username: 'admin', password: 'geoserver' });
});

async function failure(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: Error) => error,
  );
}

describe('NotFoundError (404, plain text or error page)', () => {
  it('for a missing workspace, namespace, store, feature type, layer and style', async () => {
    const missing = [
      admin.workspaces.get('nowhere'),
      admin.workspaces.getNamespace('nowhere'),
      admin.workspaces.delete('nowhere'), // a Jetty error page
      admin.dataStores.get('store_33', 'nothing'),
      admin.layers.getFeatureType('store_33', 'store_33', 'nothing'),
      admin.layers.getLayer('store_33', 'nothing'),
      admin.styles.get('nothing'),
      admin.styles.getDefinition('nothing', { workspace: 'store_33' }),
      admin.styles.delete('nothing'),
    ];
    for (const error of await Promise.all(missing.map(failure))) expect(error).toBeInstanceOf(NotFoundError);
  });
  it('carries the resource asked for and GeoServer\'s message', async () => {
    const error = (await failure(admin.workspaces.delete('nowhere'))) as NotFoundError;
    expect(error.resource).toBe('workspace nowhere');
    expect(error.message).toBe("Workspace 'nowhere' not found");
  });
});

describe('ConflictError', () => {
  it('for a duplicate workspace (409 error page)', async () => {
    const error = await failure(admin.workspaces.create('store_33'));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe("Workspace 'store_33' already exists");
  });
  it('for a duplicate store or feature type ("already exists" 500)', async () => {
    expect(await failure(admin.dataStores.create('store_33', SAMPLE_STORE))).toBeInstanceOf(ConflictError);
    const featureType = buildFeatureTypeSpec({ name: 'polygon', kind: 'polygon', store: 'store_33', namespace: 'store_33' });
    const error = await failure(admin.layers.createFeatureType('store_33', 'store_33', featureType));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe("Resource named 'polygon' already exists in store: 'store_33'");
  });
  it('for a duplicate style ("already exists" 403)', async () => {
    const error = await failure(admin.styles.create({ name: 'polygon', sld: SLD_10, workspace: 'store_33' }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe('Style polygon already exists.');
  });
  it('for deleting a non-empty workspace, store or a published feature type without recurse (403)', async () => {
    expect((await failure(admin.workspaces.delete('store_33'))).message).toBe('Workspace not empty');
    expect(await failure(admin.dataStores.delete('store_33', 'store_33'))).toBeInstanceOf(ConflictError);
    expect(await failure(admin.layers.deleteFeatureType('store_33', 'store_33', 'polygon'))).toBeInstanceOf(ConflictError);
  });
  it('for deleting a style a layer uses, without recurse (403)', async () => {
    await admin.layers.setDefaultStyle('store_33', 'polygon', { workspace: 'store_33', name: 'polygon' });
    const error = await failure(admin.styles.delete('polygon', { workspace: 'store_33' }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe("Can't delete style referenced by existing layers.");
  });
});

describe('MapServerError with a readable message', () => {
  it('for wrong credentials (401 error page)', async () => {
    const stranger = createGeoServerAdmin({ url: GEOSERVER_URL, username: 'admin', password: 'wrong' });
    const error = (await failure(stranger.workspaces.list())) as MapServerError;
    expect(error).toBeInstanceOf(MapServerError);
    expect(error).toMatchObject({ status: 401, text: 'Full authentication is required to access this resource' });
  });
  it('for an unexpected GeoServer failure (500 plain text)', async () => {
    server.use(http.get(`${REST_URL}/workspaces`, () => new HttpResponse('java.lang.NullPointerException', { status: 500 })));
    expect(await failure(admin.workspaces.list())).toMatchObject({ status: 500, text: 'java.lang.NullPointerException' });
  });
  it("for a proxy's HTML page", async () => {
    server.use(http.get(`${REST_URL}/workspaces`, () => HttpResponse.html('<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>', { status: 502 })));
    expect(await failure(admin.workspaces.list())).toMatchObject({ status: 502, text: '502 Bad Gateway' });
  });
  it('for an invalid SLD refused by GeoServer (400 error page)', async () => {
    server.use(http.put(`${REST_URL}/styles/point`, () => new HttpResponse('Invalid style:Content is not allowed in prolog.', { status: 400 })));
    expect(await failure(admin.styles.updateDefinition('point', SLD_10))).toMatchObject({ status: 400, text: 'Invalid style:Content is not allowed in prolog.' });
  });
});

describe('transport failures', () => {
  it('NetworkError when GeoServer cannot be reached', async () => {
    server.use(http.get(`${REST_URL}/workspaces`, () => HttpResponse.error()));
    expect(await failure(admin.workspaces.list())).toBeInstanceOf(NetworkError);
  });
  it('TimeoutError after timeoutMs', async () => {
    server.use(
      http.get(`${REST_URL}/workspaces`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const slow = createGeoServerAdmin({ url: GEOSERVER_URL, timeoutMs: 20 });
    expect(await failure(slow.workspaces.list())).toBeInstanceOf(TimeoutError);
  });
});
