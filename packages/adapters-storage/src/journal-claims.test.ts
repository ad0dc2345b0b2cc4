import { JournalConflictError, type JournalEntry } from '@gportal/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserStorage, MemoryStorage, type LockManagerLike, type TabMessage, type TabMessages } from './index.js';

/** One draft numbered `new-1`, as every tab numbers its first drawing. */
function draft(typeName: string, name: string): JournalEntry {
  return {
    version: 1,
    typeName,
    savedAt: '2026-11-20T10:00:00.000Z',
    inserts: [{ handle: 'new-1', geometry: { type: 'Point', coordinates: [119.3, 26.08] }, properties: { name } }],
    updates: [],
    deletes: [],
  };
}

/** The channel between the tabs of one profile: what one tab posts, the others receive (asynchronously, as in a browser). */
class TabBus {
  private readonly listeners = new Set<{ tab: number; handler: (message: TabMessage) => void }>();
  private tabs = 0;
  tab(): TabMessages {
    const tab = (this.tabs += 1);
    return {
      post: (message) => {
        for (const listener of this.listeners) if (listener.tab !== tab) queueMicrotask(() => listener.handler(structuredClone(message)));
      },
      listen: (handler) => {
        const listener = { tab, handler };
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
      },
    };
  }
}

/** Web Locks as a browser gives them to its tabs: one holder per name, waiting requests in order, `ifAvailable`, `steal` and `signal`. */
class BrowserLocks {
  private readonly held = new Map<string, { abort: (error: unknown) => void }>();
  private readonly waiting = new Map<string, Array<() => void>>();
  tab(): LockManagerLike {
    return {
      request: (name, options, callback) =>
        new Promise((resolve, reject) => {
          const grant = () => {
            this.held.set(name, { abort: reject });
            callback({ name }).then(
              (value) => {
                if (this.held.get(name)?.abort !== reject) return;
                this.held.delete(name);
                this.waiting.get(name)?.shift()?.();
                resolve(value);
              },
              reject,
            );
          };
          const holder = this.held.get(name);
          if (!holder) grant();
          else if (options.steal) {
            holder.abort(new DOMException('stolen', 'AbortError'));
            grant();
          } else if (options.ifAvailable) void callback(null).then(resolve, reject);
          else {
            const queue = this.waiting.get(name) ?? [];
            queue.push(grant);
            this.waiting.set(name, queue);
            options.signal?.addEventListener('abort', () => {
              queue.splice(queue.indexOf(grant), 1);
              reject(new DOMException('timed out', 'AbortError'));
            });
          }
        }),
    };
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('two tabs without Web Locks (any plain-HTTP address)', () => {
  const tabOf = (storage: MemoryStorage, tabId: string, messages: TabMessages | null = null) =>
    createBrowserStorage({ storage, locks: null, tabs: { tabId, messages } }).journal;

  it('a second tab never overwrites the first tab`s draft: its journal calls are refused with JournalConflictError', async () => {
    const storage = new MemoryStorage();
    const first = tabOf(storage, 'first');
    const second = tabOf(storage, 'second');
    await first.save(draft('towns', '福州'));
    await expect(second.save(draft('towns', '厦门'))).rejects.toBeInstanceOf(JournalConflictError);
    await expect(second.load('towns')).rejects.toBeInstanceOf(JournalConflictError);
    expect(await second.claim?.('towns')).toBe(false);
    expect(await first.load('towns')).toEqual(draft('towns', '福州'));
    // Another layer is free.
    await second.save(draft('roads', '厦门'));
    expect(await second.load('roads')).toEqual(draft('roads', '厦门'));
  });

  it('the journal of a tab that crashed is taken once its lease runs out, drafts and all', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-20T10:00:00Z') });
    const storage = new MemoryStorage();
    const first = tabOf(storage, 'first');
    await first.save(draft('towns', '福州'));
    // The heartbeat keeps the lease while the tab lives, however long.
    await vi.advanceTimersByTimeAsync(60_000);
    const second = tabOf(storage, 'second');
    expect(await second.claim?.('towns')).toBe(false);
    // The tab crashes: nothing renews its lease any more (clearing the timers also resets the clock).
    const crashedAt = Date.now();
    vi.clearAllTimers();
    vi.setSystemTime(crashedAt + 15_001);
    expect(await second.load('towns')).toEqual(draft('towns', '福州'));
    await expect(first.save(draft('towns', '莆田'))).rejects.toBeInstanceOf(JournalConflictError);
  });

  it('takeOver: the editing tab journals its pending edits, hands them over and writes nothing more', async () => {
    const storage = new MemoryStorage();
    const bus = new TabBus();
    const first = tabOf(storage, 'first', bus.tab());
    const second = tabOf(storage, 'second', bus.tab());
    await first.save(draft('towns', '福州'));
    const handedOver = vi.fn(() => first.save(draft('towns', '福州 and an edit not journaled yet')));
    first.onHandOver?.('towns', handedOver);
    await Promise.resolve();

    await second.takeOver?.('towns');
    expect(handedOver).toHaveBeenCalledTimes(1);
    expect(await second.load('towns')).toEqual(draft('towns', '福州 and an edit not journaled yet'));
    await expect(first.save(draft('towns', 'stale'))).rejects.toBeInstanceOf(JournalConflictError);
    expect(await first.claim?.('towns')).toBe(false);

    // And back.
    const handedBack = vi.fn();
    second.onHandOver?.('towns', handedBack);
    await Promise.resolve();
    await first.takeOver?.('towns');
    expect(handedBack).toHaveBeenCalledTimes(1);
    expect(await first.load('towns')).toEqual(draft('towns', '福州 and an edit not journaled yet'));
    await expect(second.save(draft('towns', 'stale'))).rejects.toBeInstanceOf(JournalConflictError);
  });

  it('takeOver from a tab that does not answer: taken once the wait is over, and that tab learns it lost the layer', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-20T10:00:00Z') });
    const storage = new MemoryStorage();
    const first = tabOf(storage, 'first');
    await first.save(draft('towns', '福州'));
    const lost = vi.fn();
    first.onHandOver?.('towns', lost);
    const second = tabOf(storage, 'second');
    const taking = second.takeOver?.('towns');
    await vi.advanceTimersByTimeAsync(5_000);
    await taking;
    expect(await second.load('towns')).toEqual(draft('towns', '福州'));
    // The first tab's next heartbeat finds the lease gone.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(lost).toHaveBeenCalledTimes(1);
    await expect(first.save(draft('towns', 'stale'))).rejects.toBeInstanceOf(JournalConflictError);
  });
});

/** A save under way in the holding tab: its hand-over waits for it, as the map's does, then journals what it settled. */
function slowSave() {
  let settle: () => void = () => undefined;
  const saved = new Promise<void>((resolve) => (settle = resolve));
  return { saved, settle };
}

describe('a take-over while the holding tab is still saving', () => {
  it.each([
    ['without Web Locks', false],
    ['with Web Locks', true],
  ])('%s: the holder says it is busy, keeps the layer until its save settles, then hands over what it settled', async (_kind, withLocks) => {
    vi.useFakeTimers({ now: Date.parse('2026-11-20T10:00:00Z') });
    const storage = new MemoryStorage();
    const bus = new TabBus();
    const locks = new BrowserLocks();
    const tab = (tabId: string) => createBrowserStorage({ storage, locks: withLocks ? locks.tab() : null, tabs: { tabId, messages: bus.tab() } }).journal;
    const first = tab('first');
    const second = tab('second');
    await first.save(draft('towns', '福州, being saved'));
    const save = slowSave();
    first.onHandOver?.('towns', async () => {
      await save.saved;
      await first.save(draft('towns', '福州, saved: its new id settled'));
    });
    await Promise.resolve();

    let outcome: string | undefined;
    const taking = second.takeOver?.('towns').then((how) => (outcome = how));
    // Far past the hand-over wait: the save is still under way, so nothing is taken.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(outcome).toBeUndefined();
    // The holder still writes its journal meanwhile.
    await first.save(draft('towns', '福州, still being saved'));
    save.settle();
    await vi.advanceTimersByTimeAsync(1_000);
    await taking;
    expect(outcome).toBe('handed-over');
    expect(await second.load('towns')).toEqual(draft('towns', '福州, saved: its new id settled'));
    await expect(first.save(draft('towns', 'stale'))).rejects.toBeInstanceOf(JournalConflictError);
  });

  it.each([
    ['without Web Locks', false],
    ['with Web Locks', true],
  ])('%s: a holder that never answers is taken after the wait, and the take-over says so', async (_kind, withLocks) => {
    vi.useFakeTimers({ now: Date.parse('2026-11-20T10:00:00Z') });
    const storage = new MemoryStorage();
    const locks = new BrowserLocks();
    const tab = (tabId: string) => createBrowserStorage({ storage, locks: withLocks ? locks.tab() : null, tabs: { tabId, messages: null } }).journal;
    const first = tab('first');
    await first.save(draft('towns', '福州'));
    const taking = tab('second').takeOver?.('towns');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await taking).toBe('taken');
  });
});

describe('two tabs with Web Locks', () => {
  it('takeOver: the editing tab journals its pending edits and lets go of its lock', async () => {
    const storage = new MemoryStorage();
    const bus = new TabBus();
    const locks = new BrowserLocks();
    const first = createBrowserStorage({ storage, locks: locks.tab(), tabs: { tabId: 'first', messages: bus.tab() } }).journal;
    const second = createBrowserStorage({ storage, locks: locks.tab(), tabs: { tabId: 'second', messages: bus.tab() } }).journal;
    await first.save(draft('towns', '福州'));
    expect(await second.claim?.('towns')).toBe(false);
    first.onHandOver?.('towns', () => first.save(draft('towns', '福州, edited')));
    await Promise.resolve();

    await second.takeOver?.('towns');
    expect(await second.load('towns')).toEqual(draft('towns', '福州, edited'));
    await expect(first.save(draft('towns', 'stale'))).rejects.toBeInstanceOf(JournalConflictError);
  });

  it('takeOver from a tab that does not answer steals its lock, and that tab learns it lost the layer', async () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    const locks = new BrowserLocks();
    const first = createBrowserStorage({ storage, locks: locks.tab(), tabs: { tabId: 'first', messages: null } }).journal;
    const second = createBrowserStorage({ storage, locks: locks.tab(), tabs: { tabId: 'second', messages: null } }).journal;
    await first.save(draft('towns', '福州'));
    const lost = vi.fn();
    first.onHandOver?.('towns', lost);
    await Promise.resolve();
    const taking = second.takeOver?.('towns');
    await vi.advanceTimersByTimeAsync(5_000);
    await taking;
    expect(await second.load('towns')).toEqual(draft('towns', '福州'));
    expect(lost).toHaveBeenCalledTimes(1);
    await expect(first.save(draft('towns', 'stale'))).rejects.toBeInstanceOf(JournalConflictError);
  });
});
