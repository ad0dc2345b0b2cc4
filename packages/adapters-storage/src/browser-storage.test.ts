import { EDIT_JOURNAL, SESSION_STORE, USER_CACHE, ValidationError, type JournalEntry, type UserCache } from '@gportal/core';
import { editJournalContract, sessionStoreContract, userCacheContract } from '@gportal/core/contracts';
import { createMemoryAdapters } from '@gportal/core/memory';
import { Container, ContainerModule } from 'inversify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BROWSER_STORAGE,
  BrowserStorageError,
  createBrowserStorage,
  MemoryStorage,
  STORAGE_FORMAT_VERSION,
  storageModule,
  type BrowserStorage,
  type StorageProblem,
} from './index.js';

let namespaces = 0;
/** A fresh namespace per factory call keeps contract cases apart in the one jsdom localStorage. */
const jsdomStorage = () => createBrowserStorage({ namespace: `contract${(namespaces += 1)}` });

userCacheContract('browser storage (jsdom localStorage)', () => jsdomStorage().userCache);
sessionStoreContract('browser storage (jsdom localStorage)', () => jsdomStorage().session);
editJournalContract('browser storage (jsdom localStorage)', () => jsdomStorage().journal);
userCacheContract('browser storage (MemoryStorage)', () => createBrowserStorage({ storage: new MemoryStorage() }).userCache);
sessionStoreContract('browser storage (MemoryStorage)', () => createBrowserStorage({ storage: new MemoryStorage() }).session);
editJournalContract('browser storage (MemoryStorage)', () => createBrowserStorage({ storage: new MemoryStorage() }).journal);

function journalEntry(typeName: string, inserts = 1): JournalEntry {
  return {
    version: 1,
    typeName,
    savedAt: '2026-11-20T10:00:00.000Z',
    inserts: Array.from({ length: inserts }, (_, index) => ({
      handle: `new-${index}`,
      geometry: { type: 'Point', coordinates: [119.3, 26.08] },
      properties: { name: '福州' },
    })),
    updates: [],
    deletes: [],
  };
}

describe('createBrowserStorage', () => {
  let storage: MemoryStorage;
  let problems: StorageProblem[];
  const open = (namespace?: string) => createBrowserStorage({ storage, onProblem: (problem) => problems.push(problem), ...(namespace ? { namespace } : {}) });

  beforeEach(() => {
    storage = new MemoryStorage();
    problems = [];
  });

  it('survives a reload: a second instance over the same storage reads what the first wrote', async () => {
    const first = open();
    await first.session.save({ user: { username: 'demo' }, token: 't1', signedInAt: '2026-11-20T10:00:00.000Z' });
    await first.userCache.setUserItem('test', '要缓存的值');
    await first.journal.save(journalEntry('store_33:polygon'));

    const second = open();
    expect(await second.userCache.getUserItem('test')).toBe('要缓存的值');
    expect((await second.session.load())?.token).toBe('t1');
    expect(await second.journal.load('store_33:polygon')).toEqual(journalEntry('store_33:polygon'));
    expect(problems).toEqual([]);
  });

  it('writes versioned envelopes under namespaced keys, and never a password', async () => {
    const browser = open();
    await browser.session.save({ user: { username: 'demo', password: 'gportal-demo' }, token: 't', signedInAt: '2026-11-20T10:00:00.000Z' });
    await browser.userCache.setUserItem('test', 'v');
    expect(JSON.parse(storage.getItem('gportal:session') as string)).toEqual({
      gportal: STORAGE_FORMAT_VERSION,
      kind: 'session',
      data: { user: { username: 'demo' }, token: 't', signedInAt: '2026-11-20T10:00:00.000Z' },
    });
    expect(storage.getItem('gportal:cache@demo:test')).toBe('{"gportal":1,"kind":"cache@demo","data":"v"}');
    for (let index = 0; index < storage.length; index += 1) {
      expect(storage.getItem(storage.key(index) as string)).not.toContain('gportal-demo');
    }
  });

  it('reports and ignores corrupt, foreign, other-version and misshapen data', async () => {
    storage.setItem('gportal:cache:corrupt', '{"gportal":1,');
    storage.setItem('gportal:cache:foreign', '"written by another app"');
    storage.setItem('gportal:cache:newer', '{"gportal":2,"kind":"cache","data":"x"}');
    storage.setItem('gportal:session', '{"gportal":1,"kind":"session","data":{"user":"demo"}}');
    storage.setItem('gportal:journal:store_33:line', JSON.stringify({ gportal: 1, kind: 'journal', data: journalEntry('store_33:point') }));
    storage.setItem('gportal:journal:store_33:point', JSON.stringify({ gportal: 1, kind: 'cache', data: journalEntry('store_33:point') }));
    const browser = open();

    // Loaded first, as the app does at start; the user cache then knows its (absent) owner.
    expect(await browser.session.load()).toBeNull();
    expect(await browser.userCache.getUserItem('corrupt')).toBeUndefined();
    expect(await browser.userCache.getUserItem('foreign')).toBeUndefined();
    expect(await browser.userCache.getUserItem('newer')).toBeUndefined();
    expect(await browser.journal.load('store_33:line')).toBeNull();
    expect(await browser.journal.load('store_33:point')).toBeNull();
    expect(problems.map(({ key, reason }) => [key, reason])).toEqual([
      ['gportal:session', 'shape'],
      ['gportal:cache:corrupt', 'corrupt'],
      ['gportal:cache:foreign', 'foreign'],
      ['gportal:cache:newer', 'version'],
      ['gportal:journal:store_33:line', 'shape'],
      ['gportal:journal:store_33:point', 'foreign'],
    ]);
    // Ignored, not destroyed: a later write simply replaces it.
    expect(storage.getItem('gportal:cache:foreign')).toBe('"written by another app"');
    await browser.userCache.setUserItem('foreign', 1);
    expect(await browser.userCache.getUserItem('foreign')).toBe(1);
  });

  it('warns on the console by default', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    storage.setItem('gportal:cache:test', 'not json');
    expect(await createBrowserStorage({ storage }).userCache.getUserItem('test')).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('corrupt data under "gportal:cache:test" ignored'));
    warn.mockRestore();
  });

  it('keeps namespaces and record kinds apart: clearUser clears only its own cache', async () => {
    const a = open('a');
    const b = open('b');
    await a.userCache.setUserItem('test', 'a');
    await b.userCache.setUserItem('test', 'b');
    await a.session.save({ user: { username: 'demo' }, signedInAt: '2026-11-20T10:00:00.000Z' });
    await a.journal.save(journalEntry('towns'));
    storage.setItem('unrelated', 'kept');

    await a.userCache.clearUser();
    expect(await a.userCache.getUserItem('test')).toBeUndefined();
    expect(await b.userCache.getUserItem('test')).toBe('b');
    expect(await a.session.load()).not.toBeNull();
    expect(await a.journal.load('towns')).not.toBeNull();
    expect(storage.getItem('unrelated')).toBe('kept');
  });

  it('the user cache belongs to the signed-in user: another user never sees it, clearing touches only the own', async () => {
    const browser = createBrowserStorage({ storage });
    const signIn = (username: string) => browser.session.save({ user: { username }, signedInAt: '2026-11-20T10:00:00.000Z' });
    await signIn('alice');
    await browser.userCache.setUserItem('test', 'alice 的值');
    expect(storage.getItem('gportal:cache@alice:test')).toBe('{"gportal":1,"kind":"cache@alice","data":"alice 的值"}');
    await signIn('bob');
    expect(await browser.userCache.getUserItem('test')).toBeUndefined();
    await browser.userCache.setUserItem('test', 'bob 的值');
    await browser.userCache.clearUser();
    expect(await browser.userCache.getUserItem('test')).toBeUndefined();
    // A name cannot reach into another user's records.
    await signIn('alice:x');
    expect(await browser.userCache.getUserItem('test')).toBeUndefined();
    await signIn('alice');
    expect(await browser.userCache.getUserItem('test')).toBe('alice 的值');
    await browser.session.clear();
    expect(await browser.userCache.getUserItem('test')).toBeUndefined();
  });

  it('refuses what cannot be cached with a ValidationError', async () => {
    const cache = open().userCache;
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(cache.setUserItem('', 1)).rejects.toBeInstanceOf(ValidationError);
    await expect(cache.setUserItem('test', undefined)).rejects.toBeInstanceOf(ValidationError);
    await expect(cache.setUserItem('test', circular)).rejects.toBeInstanceOf(ValidationError);
    await expect(open().journal.save({ typeName: 'towns' } as unknown as JournalEntry)).rejects.toBeInstanceOf(ValidationError);
  });

  it('a journal save that exceeds the quota fails with BrowserStorageError and keeps the previous entry', async () => {
    storage = new MemoryStorage(2_000);
    const journal = open().journal;
    await journal.save(journalEntry('towns', 1));
    const error = await journal.save(journalEntry('towns', 50)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BrowserStorageError);
    expect(error).toMatchObject({ kind: 'browser-storage', reason: 'quota', key: 'gportal:journal:towns' });
    expect(await journal.load('towns')).toEqual(journalEntry('towns', 1));
  });

  it('refuses a namespace that would make keys ambiguous', () => {
    expect(() => createBrowserStorage({ storage, namespace: '' })).toThrow(TypeError);
    expect(() => createBrowserStorage({ storage, namespace: 'a:b' })).toThrow(TypeError);
  });

  describe('when the browser denies localStorage', () => {
    afterEach(() => vi.restoreAllMocks());

    it('falls back to memory and reports it', async () => {
      vi.spyOn(globalThis, 'localStorage', 'get').mockImplementation(() => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      });
      const browser = createBrowserStorage({ onProblem: (problem) => problems.push(problem) });
      await browser.userCache.setUserItem('test', 'still works');
      expect(await browser.userCache.getUserItem('test')).toBe('still works');
      expect(problems).toEqual([{ key: '*', reason: 'unavailable', detail: 'The operation is insecure.' }]);
    });
  });
});

describe('storageModule', () => {
  it('binds the three ports to browser storage, replacing earlier bindings', async () => {
    const memory = createMemoryAdapters();
    const container = new Container();
    container.loadSync(
      new ContainerModule(({ bind }) => {
        bind(USER_CACHE).toConstantValue(memory.userCache);
        bind(SESSION_STORE).toConstantValue(memory.session);
      }),
    );
    const storage = new MemoryStorage();
    await container.load(storageModule({ storage, namespace: 'app' }));

    const cache = container.get<UserCache>(USER_CACHE);
    await cache.setUserItem('test', 'x');
    expect(storage.getItem('app:cache:test')).not.toBeNull();
    expect(container.get(SESSION_STORE)).not.toBe(memory.session);
    expect(container.get(EDIT_JOURNAL)).toBe(container.get<BrowserStorage>(BROWSER_STORAGE).journal);
  });
});
