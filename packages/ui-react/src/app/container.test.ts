import { BROWSER_STORAGE, BrowserUserCache, MemoryStorage, type BrowserStorage } from '@gportal/adapters-storage';
import {
  AUTH_GATEWAY,
  DATA_STORE_ADMIN,
  EDIT_JOURNAL,
  FEATURE_SOURCE,
  FEATURE_TRANSACTIONS,
  FILE_UPLOAD,
  LAYER_ADMIN,
  PORTAL_ADMIN,
  SESSION_STORE,
  STYLE_ADMIN,
  USER_CACHE,
  WORKSPACE_ADMIN,
  type AuthGateway,
  type EditJournal,
  type FeatureSource,
  type FeatureTransactions,
  type JournalEntry,
  type LayerAdmin,
  type SessionStore,
  type UserCache,
} from '@gportal/core';
import { DEMO_USER } from '@gportal/core/memory';
import type { Container } from 'inversify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, type AppConfig } from '../shell/app-config';
import { journalServerOf, ModeUnavailableError } from './boot';
import { createAppContainer } from './container';
import { ProblemLog } from '../shell/problem-log';
import { SAVE_KEEPING, type SaveKeeping } from '../ui/save-keeping';

const POLYGONS = 'store_33:polygon';

async function embedded(storage: MemoryStorage, problems = new ProblemLog(), config: Partial<AppConfig> = {}) {
  return createAppContainer({ config: { ...DEFAULT_CONFIG, ...config }, problems, storage });
}

describe('createAppContainer, embedded mode', () => {
  it('binds every port of the core', async () => {
    const container = await embedded(new MemoryStorage());
    for (const token of [AUTH_GATEWAY, SESSION_STORE, USER_CACHE, WORKSPACE_ADMIN, DATA_STORE_ADMIN, LAYER_ADMIN, STYLE_ADMIN, FEATURE_SOURCE, FEATURE_TRANSACTIONS, FILE_UPLOAD, PORTAL_ADMIN, EDIT_JOURNAL]) {
      expect(container.isBound(token), token.description).toBe(true);
      expect(container.get(token), token.description).toBeDefined();
    }
  });

  it('serves the sample data and signs the demo user in', async () => {
    const container = await embedded(new MemoryStorage());
    expect(await container.get<LayerAdmin>(LAYER_ADMIN).listFeatureTypes('store_33', 'store_33')).toEqual(['point', 'line', 'polygon', 'multipolygon', 'multiline', 'multipoint']);
    expect((await container.get<FeatureSource>(FEATURE_SOURCE).getFeatures({ typeName: POLYGONS })).features).toHaveLength(8);
    expect((await container.get<AuthGateway>(AUTH_GATEWAY).login({ ...DEMO_USER })).isOk).toBe(true);
  });

  it('keeps the user cache and session in browser storage, under the configured namespace', async () => {
    const storage = new MemoryStorage();
    const container = await embedded(storage, new ProblemLog(), { storageNamespace: 'demo' });
    expect(container.get(USER_CACHE)).toBeInstanceOf(BrowserUserCache);
    await container.get<SessionStore>(SESSION_STORE).save({ user: { username: 'demo' }, signedInAt: '2026-11-20T10:00:00.000Z' });
    await container.get<UserCache>(USER_CACHE).setUserItem('test', '值');
    const reloaded = await embedded(storage, new ProblemLog(), { storageNamespace: 'demo' });
    expect(await reloaded.get<UserCache>(USER_CACHE).getUserItem('test')).toBe('值');
    expect((await reloaded.get<SessionStore>(SESSION_STORE).load())?.user.username).toBe('demo');
    // The signed-in user's own records.
    expect(storage.getItem('demo:cache@demo:test')).not.toBeNull();
  });

  it('feature edits survive a reload: committed layers are snapshotted and reseeded', async () => {
    const storage = new MemoryStorage();
    const container = await embedded(storage);
    const transactions = container.get<FeatureTransactions>(FEATURE_TRANSACTIONS);
    const result = await transactions.commit({
      typeName: POLYGONS,
      inserts: [{ handle: 'h1', geometry: { type: 'Polygon', coordinates: [[[119, 26], [119.1, 26], [119.1, 26.1], [119, 26]]] }, properties: { name: '新镇', founded: new Date('2020-01-01T00:00:00Z') } }],
      updates: [{ id: `${POLYGONS}.1`, properties: { population: 1 } }],
      deletes: [`${POLYGONS}.2`],
    });
    const insertedId = result.inserted[0]?.id as string;

    const reloaded = await embedded(storage);
    const { features } = await reloaded.get<FeatureSource>(FEATURE_SOURCE).getFeatures({ typeName: POLYGONS });
    expect(features).toHaveLength(8);
    expect(features.find((feature) => feature.id === `${POLYGONS}.1`)?.properties.population).toBe(1);
    expect(features.some((feature) => feature.id === `${POLYGONS}.2`)).toBe(false);
    expect(features.find((feature) => feature.id === insertedId)?.properties.founded).toEqual(new Date('2020-01-01T00:00:00Z'));
    // Ids keep counting after the reload instead of reusing the inserted one.
    const next = await reloaded.get<FeatureTransactions>(FEATURE_TRANSACTIONS).commit({
      typeName: POLYGONS,
      inserts: [{ handle: 'h2', geometry: { type: 'Polygon', coordinates: [[[118, 25], [118.1, 25], [118.1, 25.1], [118, 25]]] }, properties: {} }],
      updates: [],
      deletes: [],
    });
    expect(next.inserted[0]?.id).not.toBe(insertedId);
    // Layers never committed still come from the sample.
    expect((await reloaded.get<FeatureSource>(FEATURE_SOURCE).getFeatures({ typeName: 'store_33:point' })).features).toHaveLength(8);
  });

  it('reports a corrupt layer snapshot and starts that layer from the sample', async () => {
    const storage = new MemoryStorage();
    storage.setItem(`gportal:layer:${POLYGONS}`, '{"gportal":1,"kind":"layer","data":{"typeName":"store_33:polygon","features":[{"id":1}]}}');
    const problems = new ProblemLog();
    const container = await embedded(storage, problems);
    expect((await container.get<FeatureSource>(FEATURE_SOURCE).getFeatures({ typeName: POLYGONS })).features).toHaveLength(8);
    expect(problems.list()).toEqual([{ code: 'storage', key: `gportal:layer:${POLYGONS}`, reason: 'shape', detail: expect.any(String) }]);
  });

  it('tells the map a snapshot that does not fit in storage (its one notice says so, not the banner), and keeps the commit', async () => {
    const problems = new ProblemLog();
    const container = await embedded(new MemoryStorage(500), problems);
    const keeping = container.get<SaveKeeping>(SAVE_KEEPING);
    expect(keeping.lasts(POLYGONS)).toBe(true);
    const result = await container.get<FeatureTransactions>(FEATURE_TRANSACTIONS).commit({ typeName: POLYGONS, inserts: [], updates: [], deletes: [`${POLYGONS}.3`] });
    expect(result.totals.deleted).toBe(1);
    expect(keeping.lasts(POLYGONS)).toBe(false);
    expect(keeping.lasts('store_33:point')).toBe(true);
    expect(problems.list()).toEqual([]);
    expect((await container.get<FeatureSource>(FEATURE_SOURCE).getFeatures({ typeName: POLYGONS })).features).toHaveLength(7);
    expect(container.get<BrowserStorage>(BROWSER_STORAGE).records.names('layer')).toEqual([]);
  });
});

describe('createAppContainer, pending-edit journal', () => {
  const entry: JournalEntry = { version: 1, typeName: POLYGONS, savedAt: '2026-11-20T10:00:00.000Z', inserts: [], updates: [], deletes: [`${POLYGONS}.2`] };
  const signIn = (container: Container, username: string) =>
    container.get<SessionStore>(SESSION_STORE).save({ user: { username }, signedInAt: '2026-11-20T10:00:00.000Z' });

  it('is kept per map server, user and layer, while screens pass only the type name', async () => {
    const storage = new MemoryStorage();
    const container = await embedded(storage);
    await signIn(container, 'alice');
    await container.get<EditJournal>(EDIT_JOURNAL).save(entry);

    // Another user on the same browser sees none of alice's drafts.
    await signIn(container, 'bob');
    expect(await container.get<EditJournal>(EDIT_JOURNAL).load(POLYGONS)).toBeNull();
    await signIn(container, 'alice');
    expect(await container.get<EditJournal>(EDIT_JOURNAL).load(POLYGONS)).toEqual(entry);

    // Drafts made against the embedded sample are never restored onto a real server.
    const server = await createAppContainer({ config: { ...DEFAULT_CONFIG, mode: 'map-server' }, problems: new ProblemLog(), storage });
    await signIn(server, 'alice');
    expect(await server.get<EditJournal>(EDIT_JOURNAL).load(POLYGONS)).toBeNull();
  });

  it('names the map server by mode and WFS URL', () => {
    expect(journalServerOf({ mode: 'embedded', wfsUrl: '/geoserver/wfs' })).toBe('embedded');
    expect(journalServerOf({ mode: 'map-server', wfsUrl: '/geoserver/wfs' })).toBe('map-server /geoserver/wfs');
    expect(journalServerOf({ mode: 'map-server', wfsUrl: 'http://127.0.0.1:8910/ows' })).not.toBe(journalServerOf({ mode: 'map-server', wfsUrl: '/geoserver/wfs' }));
  });
});

describe('createAppContainer, map-server mode', () => {
  it('binds the GeoServer and portal adapters, with browser storage for the user data', async () => {
    const requests: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      requests.push(input instanceof Request ? new URL(input.url).pathname : String(input));
      return new Response(JSON.stringify({ isOk: false, msg: '用户名或密码错误' }), { headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    try {
      const container = await createAppContainer({ config: { ...DEFAULT_CONFIG, mode: 'map-server' }, problems: new ProblemLog(), storage: new MemoryStorage() });
      expect(await container.get<AuthGateway>(AUTH_GATEWAY).login({ username: 'a', password: 'b' })).toMatchObject({ isOk: false, msg: '用户名或密码错误' });
      expect(requests.some((path) => path.endsWith('/api/auth/token'))).toBe(true);
      expect(container.isBound(BROWSER_STORAGE)).toBe(true);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('says why when the map-server settings cannot be used', async () => {
    await expect(
      createAppContainer({ config: { ...DEFAULT_CONFIG, mode: 'map-server', wfsUrl: '' }, problems: new ProblemLog(), storage: new MemoryStorage() }),
    ).rejects.toBeInstanceOf(ModeUnavailableError);
  });
});

describe('createAppContainer, simulated latency', () => {
  afterEach(() => vi.useRealTimers());

  it('makes the in-memory server answer embeddedLatencyMs later', async () => {
    vi.useFakeTimers();
    const container = await embedded(new MemoryStorage(), new ProblemLog(), { embeddedLatencyMs: 1000 });
    let answered = false;
    const login = container
      .get<AuthGateway>(AUTH_GATEWAY)
      .login({ ...DEMO_USER })
      .then((result) => {
        answered = true;
        return result;
      });
    await vi.advanceTimersByTimeAsync(999);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await login).isOk).toBe(true);
  });
});
