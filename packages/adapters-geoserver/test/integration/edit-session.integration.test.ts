import { createServer, type Server, type Socket } from 'node:net';
import { EditSession, NotFoundError, TimeoutError, ValidationError, type EditSessionEvents, type Geometry, type MapFeature } from '@gportal/core';
import { createWfsAdapters, type WfsAdapterOptions } from '@gportal/adapters-geoserver';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { wfsServer } from './wfs-server.js';

const url = inject('wfsUrl');
const GML3 = 'text/xml; subtype=gml/3.1.1';

/** A small rectangle; corners rounded as QGIS Server writes them (8 decimals, the project's precision). */
function polygon(lng: number, lat: number): Geometry {
  const [east, north] = [Number((lng + 0.2).toFixed(8)), Number((lat + 0.1).toFixed(8))];
  return { type: 'Polygon', coordinates: [[[lng, lat], [east, lat], [east, north], [lng, north], [lng, lat]]] };
}

/** Every feature of a layer by id, read by a fresh adapter. */
async function layer(typeName: string, options: Partial<WfsAdapterOptions> = {}): Promise<Map<string, MapFeature>> {
  const { features } = await createWfsAdapters({ url, ...options }).source.getFeatures({ typeName });
  return new Map(features.map((feature) => [feature.id, feature]));
}

/** Collects what a session emits. */
function record(session: EditSession) {
  const events: Array<{ name: keyof EditSessionEvents; payload: unknown }> = [];
  for (const name of ['load', 'save:success', 'save:failed', 'error'] as const) {
    session.on(name, (payload) => events.push({ name, payload }));
  }
  return events;
}

describe.each([
  ['GeoJSON', {}],
  ['GML3', { outputFormat: GML3 }],
])('EditSession on QGIS Server, reading %s', (_path, options: Partial<WfsAdapterOptions>) => {
  beforeEach(() => wfsServer('reset'));

  it('saves two new polygons, an edited geometry and property, and a removal; a fresh GetFeature shows exactly that', async () => {
    const before = await layer('towns');
    const session = new EditSession({ ...createWfsAdapters({ url, ...options }), typeName: 'towns' });
    const events = record(session);
    expect(await session.load()).toHaveLength(7);

    const putian = session.add({ geometry: polygon(119, 25.4), properties: { name: 'Putian', population: 2900000, founded: new Date(Date.UTC(1983, 8, 9)) } });
    const longyan = session.add({ geometry: polygon(116.9, 25), properties: { name: 'Longyan', is_capital: false } });
    session.update('towns.2', { geometry: polygon(118, 24.4), properties: { population: 5300000 } });
    session.remove('towns.7');
    expect([session.stateOf(putian), session.stateOf('towns.2'), session.stateOf('towns.7'), session.stateOf('towns.1')]).toEqual([
      'insert',
      'update',
      'remove',
      'exist',
    ]);

    const outcome = await session.save();
    expect(outcome.ok).toBe(true);
    expect(session.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
    expect(events.map((event) => event.name)).toEqual(['load', 'save:success']);
    // QGIS runs the Inserts last to first: the handles put each id on the right feature.
    const ids = outcome.ok ? Object.fromEntries(outcome.result.inserted.map(({ handle, id }) => [handle, id])) : {};
    expect(ids).toEqual({ [putian]: 'towns.9', [longyan]: 'towns.8' });
    expect(session.features().map((feature) => [feature.id, feature.state])).toEqual([
      ...['towns.1', 'towns.2', 'towns.3', 'towns.4', 'towns.5', 'towns.6'].map((id) => [id, 'exist']),
      ['towns.9', 'exist'],
      ['towns.8', 'exist'],
    ]);

    const expected = new Map(before);
    expected.delete('towns.7');
    const xiamen = before.get('towns.2') as MapFeature;
    expected.set('towns.2', { ...xiamen, geometry: polygon(118, 24.4), properties: { ...xiamen.properties, population: 5300000 } });
    expected.set('towns.9', {
      id: 'towns.9',
      geometry: polygon(119, 25.4),
      properties: { id: 9, name: 'Putian', population: 2900000, area_km2: null, is_capital: null, founded: new Date(Date.UTC(1983, 8, 9)) },
    });
    expected.set('towns.8', {
      id: 'towns.8',
      geometry: polygon(116.9, 25),
      properties: { id: 8, name: 'Longyan', population: null, area_km2: null, is_capital: false, founded: null },
    });
    const sorted = (features: Map<string, MapFeature>) => [...features.values()].sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
    expect(sorted(await layer('towns'))).toEqual(sorted(expected));
    expect(sorted(await layer('towns', { outputFormat: GML3 }))).toEqual(sorted(expected));
    // The session's reloaded server copies are those features.
    expect(session.feature('towns.9')).toMatchObject({ geometry: expected.get('towns.9')?.geometry, properties: expected.get('towns.9')?.properties });
  });

  it('saves a new line on a line layer', async () => {
    const session = new EditSession({ ...createWfsAdapters({ url, ...options }), typeName: 'roads' });
    await session.load();
    const line: Geometry = { type: 'LineString', coordinates: [[118.1, 24.5], [118.6, 24.9], [119, 25.2]] };
    const handle = session.add({ geometry: line, properties: { name: 'Coastal link', lanes: 4, paved: true, opened: new Date(Date.UTC(2021, 5, 1)) } });
    const outcome = await session.save();
    expect(outcome.ok && outcome.result.inserted).toEqual([{ handle, id: 'roads.4' }]);
    expect((await layer('roads', { outputFormat: GML3 })).get('roads.4')).toEqual({
      id: 'roads.4',
      geometry: line,
      properties: { id: 4, name: 'Coastal link', lanes: 4, length_km: null, paved: true, opened: new Date(Date.UTC(2021, 5, 1)) },
    });
  });
});

describe('EditSession failures against QGIS Server keep the pending changes', () => {
  beforeEach(() => wfsServer('reset'));

  it('an unknown type name: NotFoundError, on load and on save', async () => {
    const session = new EditSession({ ...createWfsAdapters({ url }), typeName: 'nosuch' });
    const events = record(session);
    await expect(session.load()).rejects.toBeInstanceOf(NotFoundError);
    const handle = session.add({ geometry: polygon(118, 25), properties: { name: 'x' } });
    const outcome = await session.save();
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.failure.error).toBeInstanceOf(NotFoundError);
    expect(session.pending().inserts.map((insert) => insert.handle)).toEqual([handle]);
    expect(events.map((event) => event.name)).toEqual(['error', 'save:failed']);
  });

  it('an invalid geometry: ValidationError before anything is sent; the layer is unchanged', async () => {
    const session = new EditSession({ ...createWfsAdapters({ url }), typeName: 'towns' });
    await session.load();
    session.add({ geometry: polygon(118, 25), properties: { name: 'fine' } });
    session.add({ geometry: { type: 'LineString', coordinates: [[118, 25], [118.2, 25.1]] }, properties: { name: 'a line' } });
    // An open ring is no geometry at all: refused as it enters the session, which stays as it was.
    expect(() => session.update('towns.1', { geometry: { type: 'Polygon', coordinates: [[[119, 26], [119.5, 26], [119.5, 26.3]]] } })).toThrow(ValidationError);
    expect(session.stateOf('towns.1')).toBe('exist');
    const before = session.pending();
    const outcome = await session.save();
    expect(!outcome.ok && outcome.failure.error).toBeInstanceOf(ValidationError);
    expect(!outcome.ok && Object.keys((outcome.failure.error as ValidationError).fields)).toEqual(['new-2.geometry']);
    expect(session.pending()).toEqual(before);
    expect((await layer('towns')).size).toBe(7);
  });

  it('an action the server refuses stays pending while the others are settled', async () => {
    const session = new EditSession({ ...createWfsAdapters({ url }), typeName: 'poi' });
    await session.load();
    const good = session.add({ geometry: { type: 'Point', coordinates: [118.5, 24.9] }, properties: { name: 'Good' } });
    const nameless = session.add({ geometry: { type: 'Point', coordinates: [118.6, 24.95] }, properties: { name: null } });
    const outcome = await session.save();
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.failure.failures).toEqual([{ kind: 'insert', ref: nameless, message: "Insert features failed on layer 'poi'" }]);
    expect(session.pending().inserts.map((insert) => insert.handle)).toEqual([nameless]);
    expect(session.stateOf(good)).toBeUndefined();
    expect([...(await layer('poi')).values()].map((feature) => feature.properties.name)).toContain('Good');
  });

  describe('a server that never answers', () => {
    let silent: Server;
    const sockets = new Set<Socket>();
    let silentUrl = '';

    beforeAll(async () => {
      // Accepts connections and reads requests, but never writes a byte back.
      silent = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const address = silent.address();
      silentUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ows`;
    });

    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });

    it('times out every request with TimeoutError', async () => {
      const { source, transactions } = createWfsAdapters({ url: silentUrl, timeoutMs: 300 });
      await expect(source.listTypes()).rejects.toBeInstanceOf(TimeoutError);
      await expect(source.getFeatures({ typeName: 'towns' })).rejects.toMatchObject({ kind: 'timeout', timeoutMs: 300 });
      await expect(transactions.commit({ typeName: 'towns', inserts: [], updates: [], deletes: ['towns.1'] })).rejects.toBeInstanceOf(TimeoutError);
    });

    it('fails the load and the save with TimeoutError, keeping every pending change', async () => {
      const unreachable = new EditSession({ ...createWfsAdapters({ url: silentUrl, timeoutMs: 300 }), typeName: 'towns' });
      await expect(unreachable.load()).rejects.toBeInstanceOf(TimeoutError);

      // Loaded from the real server, saved to the silent one.
      const { source } = createWfsAdapters({ url });
      const { transactions } = createWfsAdapters({ url: silentUrl, timeoutMs: 300 });
      const session = new EditSession({ source, transactions, typeName: 'towns' });
      const events = record(session);
      await session.load();
      session.add({ geometry: polygon(118, 25), properties: { name: 'waiting' } });
      session.update('towns.3', { properties: { population: 1 } });
      session.remove('towns.4');
      const before = session.pending();
      const outcome = await session.save();
      expect(!outcome.ok && outcome.failure.error).toBeInstanceOf(TimeoutError);
      expect(session.pending()).toEqual(before);
      expect(events.map((event) => event.name)).toEqual(['load', 'save:failed']);
      expect((await layer('towns')).get('towns.3')?.properties.population).toBe(5050000);
    });
  });
});
