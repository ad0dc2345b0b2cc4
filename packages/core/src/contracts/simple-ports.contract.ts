import { describe, expect, it } from 'vitest';
import type { Credentials } from '../domain/auth.js';
import type { JournalEntry } from '../domain/journal.js';
import type { AuthGateway } from '../ports/auth-gateway.port.js';
import type { EditJournal } from '../ports/edit-journal.port.js';
import type { SessionStore } from '../ports/session-store.port.js';
import type { UserCache } from '../ports/user-cache.port.js';

type Factory<T> = () => T | Promise<T>;

/** The behaviour every `UserCache` must have (spec section 7: setUserItem, getUserItem, clearUser). */
export function userCacheContract(name: string, factory: Factory<UserCache>): void {
  describe(`UserCache contract: ${name}`, () => {
    it('answers undefined for a key never set', async () => {
      const cache = await factory();
      expect(await cache.getUserItem('never-set')).toBeUndefined();
    });
    it('returns what was set, as an equal copy', async () => {
      const cache = await factory();
      const value = { text: '你好', list: [1, 2, 3], nested: { ok: true } };
      await cache.setUserItem('test', value);
      const read = await cache.getUserItem<typeof value>('test');
      expect(read).toEqual(value);
      expect(read).not.toBe(value);
      await cache.setUserItem('text', 'plain text');
      expect(await cache.getUserItem('text')).toBe('plain text');
    });
    it('overwrites a key and keeps keys apart', async () => {
      const cache = await factory();
      await cache.setUserItem('a', 1);
      await cache.setUserItem('b', 2);
      await cache.setUserItem('a', 3);
      expect(await cache.getUserItem('a')).toBe(3);
      expect(await cache.getUserItem('b')).toBe(2);
    });
    it('clearUser removes every entry', async () => {
      const cache = await factory();
      await cache.setUserItem('test', 'value');
      await cache.setUserItem('other', 'value');
      await cache.clearUser();
      expect(await cache.getUserItem('test')).toBeUndefined();
      expect(await cache.getUserItem('other')).toBeUndefined();
    });
  });
}

/** The behaviour every `SessionStore` must have. */
export function sessionStoreContract(name: string, factory: Factory<SessionStore>): void {
  describe(`SessionStore contract: ${name}`, () => {
    it('holds no session at first', async () => {
      expect(await (await factory()).load()).toBeNull();
    });
    it('saves and loads a session, and clears it', async () => {
      const store = await factory();
      const session = { user: { username: 'demo', displayName: '演示用户' }, token: 'abc', signedInAt: '2026-11-20T10:00:00.000Z' };
      await store.save(session);
      expect(await store.load()).toEqual(session);
      await store.clear();
      expect(await store.load()).toBeNull();
    });
    it('never keeps a password, even when the backend echoed one', async () => {
      const store = await factory();
      await store.save({ user: { username: 'demo', password: 'secret' }, token: 't', signedInAt: '2026-11-20T10:00:00.000Z' });
      const loaded = await store.load();
      expect(loaded?.user.username).toBe('demo');
      expect(loaded?.user).not.toHaveProperty('password');
      expect(JSON.stringify(loaded)).not.toContain('secret');
    });
  });
}

function journalEntry(typeName: string): JournalEntry {
  return {
    version: 1,
    typeName,
    savedAt: '2026-11-20T10:00:00.000Z',
    inserts: [
      {
        handle: 'new-1',
        geometry: { type: 'Polygon', coordinates: [[[119, 26], [119.1, 26], [119.1, 26.1], [119, 26]]] },
        properties: { name: '新建', founded: { $date: '2020-01-01T00:00:00.000Z' } },
      },
    ],
    updates: [{ id: `${typeName}.1`, properties: { population: 5 } }],
    deletes: [`${typeName}.2`],
  };
}

/** The behaviour every `EditJournal` must have. */
export function editJournalContract(name: string, factory: Factory<EditJournal>): void {
  describe(`EditJournal contract: ${name}`, () => {
    it('has nothing for a layer never saved', async () => {
      expect(await (await factory()).load('towns')).toBeNull();
    });
    it('restores exactly what was saved, per layer', async () => {
      const journal = await factory();
      await journal.save(journalEntry('towns'));
      await journal.save(journalEntry('roads'));
      expect(await journal.load('towns')).toEqual(journalEntry('towns'));
      expect(await journal.load('roads')).toEqual(journalEntry('roads'));
    });
    it('keeps the send counter and an unconfirmed send, which a restore reconciles before replaying', async () => {
      const journal = await factory();
      const sent = journalEntry('towns');
      const entry: JournalEntry = {
        ...sent,
        generation: 2,
        unconfirmed: { inserts: sent.inserts, updates: sent.updates, deletes: sent.deletes, generation: 2, preexisting: ['towns.7'] },
      };
      await journal.save(entry);
      expect(await journal.load('towns')).toEqual(entry);
    });
    it('replaces the entry of a layer on save and forgets it on clear', async () => {
      const journal = await factory();
      await journal.save(journalEntry('towns'));
      const second = { ...journalEntry('towns'), deletes: [] };
      await journal.save(second);
      expect(await journal.load('towns')).toEqual(second);
      await journal.clear('towns');
      expect(await journal.load('towns')).toBeNull();
    });
  });
}

/** What {@link authGatewayContract} needs: the gateway and credentials it accepts. */
export interface AuthGatewayFixture {
  gateway: AuthGateway;
  valid: Credentials;
  invalid: Credentials;
}

/** The behaviour every `AuthGateway` must have: the `{isOk, msg, data}` answer of spec section 7. */
export function authGatewayContract(name: string, factory: Factory<AuthGatewayFixture>): void {
  describe(`AuthGateway contract: ${name}`, () => {
    it('signs in a known user and returns the user info', async () => {
      const { gateway, valid } = await factory();
      const result = await gateway.login(valid);
      expect(result.isOk).toBe(true);
      expect(result.data?.username).toBe(valid.username);
      expect(JSON.stringify(result.data)).not.toContain(valid.password);
    });
    it('refuses wrong credentials with a message and no user', async () => {
      const { gateway, invalid } = await factory();
      const result = await gateway.login(invalid);
      expect(result.isOk).toBe(false);
      expect(result.msg.length).toBeGreaterThan(0);
      expect(result.data).toBeUndefined();
    });
  });
}
