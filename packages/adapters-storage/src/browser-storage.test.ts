import {
  EDIT_JOURNAL,
  EditSession,
  JournalConflictError,
  SESSION_STORE,
  USER_CACHE,
  ValidationError,
  type ChangeSet,
  type CommitResult,
  type JournalEntry,
  type UserCache,
} from '@gportal/core';
import { editJournalContract, sessionStoreContract, userCacheContract } from '@gportal/core/contracts';
import { createMemoryAdapters, sampleSeed } from '@gportal/core/memory';
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
  type LockManagerLike,
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
    storage.setItem(`gportal:journal:default//store_33%3Aline`, JSON.stringify({ gportal: 1, kind: 'journal', data: journalEntry('store_33:point') }));
    storage.setItem(`gportal:journal:default//store_33%3Apoint`, JSON.stringify({ gportal: 1, kind: 'cache', data: journalEntry('store_33:point') }));
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
      ['gportal:journal:default//store_33%3Aline', 'shape'],
      ['gportal:journal:default//store_33%3Apoint', 'foreign'],
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

  it('a journal save that exceeds the quota fails with BrowserStorageError, keeps the previous entry and leaves nothing behind', async () => {
    storage = new MemoryStorage(2_000);
    const journal = open().journal;
    await journal.save(journalEntry('towns', 1));
    const keys = () => Array.from({ length: storage.length }, (_, index) => storage.key(index)).sort();
    const before = keys();
    const error = await journal.save(journalEntry('towns', 50)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BrowserStorageError);
    expect(error).toMatchObject({ kind: 'browser-storage', reason: 'quota', key: expect.stringMatching(/^gportal:journal-part:default\/\/towns\/i:new-\d+$/) });
    expect(await journal.load('towns')).toEqual(journalEntry('towns', 1));
    expect(keys()).toEqual(before);
    // A reload reads the same.
    expect(await open().journal.load('towns')).toEqual(journalEntry('towns', 1));
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

/** Web Locks as one browser gives them to its tabs: each tab has its own `navigator.locks`, a name is held by one tab at a time. */
class BrowserLocks {
  private readonly names = new Set<string>();
  tab(): LockManagerLike {
    return {
      request: async (name, _options, callback) => {
        if (this.names.has(name)) return callback(null);
        this.names.add(name);
        try {
          return await callback({ name });
        } finally {
          this.names.delete(name);
        }
      },
    };
  }
}

/** Storage that counts the characters each setItem writes. */
class CountingStorage extends MemoryStorage {
  writes: Array<{ key: string; size: number }> = [];
  override setItem(key: string, value: string): void {
    this.writes.push({ key, size: value.length });
    super.setItem(key, value);
  }
}

describe('BrowserEditJournal', () => {
  const signIn = (browser: BrowserStorage, username: string) => browser.session.save({ user: { username }, signedInAt: '2026-11-20T10:00:00.000Z' });

  it('keeps journals apart per map server and signed-in user', async () => {
    const storage = new MemoryStorage();
    const embedded = createBrowserStorage({ storage, mapServer: 'embedded' });
    const server = createBrowserStorage({ storage, mapServer: 'map-server /geoserver/wfs' });
    await signIn(embedded, 'alice');
    await embedded.journal.save(journalEntry('towns'));
    expect(await server.journal.load('towns')).toBeNull();
    await signIn(embedded, 'bob');
    expect(await embedded.journal.load('towns')).toBeNull();
    await embedded.journal.save({ ...journalEntry('towns'), deletes: ['towns.9'] });
    await signIn(embedded, 'alice');
    expect(await embedded.journal.load('towns')).toEqual(journalEntry('towns'));
  });

  it('round-trips the generation and an unconfirmed send', async () => {
    const journal = createBrowserStorage({ storage: new MemoryStorage() }).journal;
    const entry: JournalEntry = {
      ...journalEntry('towns', 2),
      generation: 3,
      unconfirmed: { inserts: journalEntry('towns', 1).inserts, updates: [{ id: 'towns.1', properties: { name: '福州' } }], deletes: ['towns.2'], generation: 3, preexisting: ['towns.4'] },
    };
    await journal.save(entry);
    expect(await journal.load('towns')).toEqual(entry);
  });

  it('a second tab cannot read or write a layer journal another tab holds: JournalConflictError', async () => {
    const storage = new MemoryStorage();
    const browser = new BrowserLocks();
    const tab = browser.tab();
    const first = createBrowserStorage({ storage, locks: tab }).journal;
    const second = createBrowserStorage({ storage, locks: browser.tab() }).journal;
    await first.save(journalEntry('towns'));
    await expect(second.save({ ...journalEntry('towns'), deletes: [] })).rejects.toBeInstanceOf(JournalConflictError);
    await expect(second.load('towns')).rejects.toMatchObject({ kind: 'journal-conflict', journalKey: 'towns' });
    await expect(second.clear('towns')).rejects.toBeInstanceOf(JournalConflictError);
    expect(await first.load('towns')).toEqual(journalEntry('towns'));
    // Another layer is free.
    await second.save(journalEntry('roads'));
    expect(await second.load('roads')).toEqual(journalEntry('roads'));
    // A second journal object in the first tab (another composition root, a hot reload) is the same tab.
    expect(await createBrowserStorage({ storage, locks: tab }).journal.load('towns')).toEqual(journalEntry('towns'));
  });

  it('writes only what changed: one feature edited among a hundred pending costs one small record and the index', async () => {
    const storage = new CountingStorage();
    // With Web Locks: without, the first call also writes the tab's lease.
    const journal = createBrowserStorage({ storage, locks: new BrowserLocks().tab() }).journal;
    const entry = journalEntry('towns', 100);
    await journal.save(entry);
    expect(storage.writes).toHaveLength(101);
    storage.writes = [];
    const edited = { ...entry, inserts: entry.inserts.map((insert, index) => (index === 42 ? { ...insert, properties: { name: '莆田' } } : insert)) };
    await journal.save(edited);
    expect(storage.writes.map((write) => write.key)).toEqual(['gportal:journal-part:default//towns/i:new-42', 'gportal:journal:default//towns']);
    const total = storage.writes.reduce((sum, write) => sum + write.size, 0);
    expect(total).toBeLessThan(3_000);
    expect(await journal.load('towns')).toEqual(edited);

    // Dropping features removes their records; clearing removes everything.
    await journal.save({ ...edited, inserts: edited.inserts.slice(0, 10) });
    expect(storage.length).toBe(11);
    await journal.clear('towns');
    expect(storage.length).toBe(0);
  });

  it('reads an index whose part records are missing as the parts that are there', async () => {
    const storage = new MemoryStorage();
    const journal = createBrowserStorage({ storage }).journal;
    await journal.save(journalEntry('towns', 2));
    storage.removeItem('gportal:journal-part:default//towns/i:new-1');
    expect((await createBrowserStorage({ storage }).journal.load('towns'))?.inserts.map((insert) => insert.handle)).toEqual(['new-0']);
  });
});

describe('EditSession over the browser journal: a page reload right after save was pressed', () => {
  const POLYGONS = 'store_33:polygon';
  const square = (lng: number, lat: number) => ({
    type: 'Polygon' as const,
    coordinates: [[[lng, lat], [lng + 0.1, lat], [lng + 0.1, lat + 0.1], [lng, lat + 0.1], [lng, lat]]],
  });

  it.each([
    ['the server committed', true],
    ['the server never got it', false],
  ])('%s: the journal survives in storage and a restore neither loses nor duplicates', async (_label, commits) => {
    const storage = new MemoryStorage();
    const server = createMemoryAdapters(sampleSeed());
    const open = () => {
      const browser = createBrowserStorage({ storage, mapServer: 'embedded' });
      return { browser, journal: browser.journal };
    };
    const rows = async () => (await server.features.getFeatures({ typeName: POLYGONS })).features;

    const page = open();
    await page.browser.session.save({ user: { username: 'demo' }, signedInAt: '2026-11-20T10:00:00.000Z' });
    const hung = {
      commit: async (changes: ChangeSet) => {
        if (commits) await server.transactions.commit(changes);
        return new Promise<CommitResult>(() => undefined);
      },
    };
    const session = new EditSession({ source: server.features, transactions: hung, journal: page.journal, typeName: POLYGONS });
    await session.load();
    session.add({ geometry: square(118, 24), properties: { name: '新' } });
    session.update(`${POLYGONS}.1`, { properties: { name: '榕城' } });
    session.remove(`${POLYGONS}.2`);
    void session.save();
    await new Promise((resolve) => setTimeout(resolve, 10));

    // The reloaded page: new storage objects over the same localStorage, same user.
    const reloaded = open();
    // A send cut off by the reload may still be running on the server: the restored session waits
    // for its window before sending what it did not find (on this clock, at once).
    const waits: number[] = [];
    let now = Date.now();
    const clock = { now: () => now, sleep: async (ms: number) => void (waits.push(ms), (now += ms)) };
    const next = new EditSession({ source: server.features, transactions: server.transactions, journal: reloaded.journal, typeName: POLYGONS, clock });
    expect(await next.restore()).not.toBeNull();
    expect(next.pending().inserts).toHaveLength(commits ? 0 : 1);
    expect((await next.save()).ok).toBe(true);
    expect(waits).toHaveLength(commits ? 0 : 1);
    const saved = await rows();
    expect(saved.filter((row) => row.properties.name === '新')).toHaveLength(1);
    expect(saved.find((row) => row.id === `${POLYGONS}.1`)?.properties.name).toBe('榕城');
    expect(saved.some((row) => row.id === `${POLYGONS}.2`)).toBe(false);
    await next.flushJournal();
    expect(await reloaded.journal.load(POLYGONS)).toBeNull();
  });
});
