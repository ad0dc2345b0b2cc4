import type { JournalTakeOver } from '@gportal/core';
import type { VersionedStorage } from './versioned-storage.js';

/** The part of the Web Locks API the journal uses (`navigator.locks`). */
export interface LockManagerLike {
  /** Runs `callback` holding the lock `name` (as `navigator.locks.request`). */
  request(name: string, options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal }, callback: (lock: unknown) => Promise<unknown>): Promise<unknown>;
}

/** What the tabs of one browser profile tell each other about a journal (`name`). */
export interface TabMessage {
  /**
   * `handover`: please journal and let go; `busy`: handing over, but a save is still under way
   * (sent again while it lasts: wait, do not take); `released`: let go; `taken`: taken without an
   * answer (the holder did not reply).
   */
  type: 'handover' | 'busy' | 'released' | 'taken';
  name: string;
  tab: string;
}

/** A channel to the other tabs of the profile (default: a `BroadcastChannel`, present in plain-HTTP pages too). */
export interface TabMessages {
  /** Sends a message to the other tabs of this origin. */
  post(message: TabMessage): void;
  /** Calls `handler` with each message from another tab; returns the way to stop listening. */
  listen(handler: (message: TabMessage) => void): () => void;
}

export interface JournalClaimsOptions {
  /** Web Locks; `null` where they are missing (plain HTTP): a lease in storage takes their place. */
  locks: LockManagerLike | null;
  /** `null`: no channel (a hand-over then waits for the holder's lease to run out). */
  messages: TabMessages | null;
  /** This tab's id; the same for every journal of the page. */
  tabId: string;
  timing: JournalLeaseTiming;
}

/** How the storage lease that stands in for Web Locks (plain HTTP) is timed. */
export interface JournalLeaseTiming {
  /** A lease not renewed for this long belongs to a closed or crashed tab. */
  leaseMs: number;
  /** How often the holding tab renews its lease (well under `leaseMs`, as hidden tabs' timers are slowed). */
  renewMs: number;
  /**
   * How long a take-over waits for the holding tab to answer before taking the journal anyway; a
   * holder still saving says `busy` within it, again and again, and is waited for while it does.
   */
  handOverMs: number;
}

/** The default lease timing where Web Locks are missing: a 15 s lease renewed every 3 s, a 5 s wait for a hand-over. */
export const JOURNAL_LEASE_TIMING: JournalLeaseTiming = { leaseMs: 15_000, renewMs: 3_000, handOverMs: 5_000 };

const LEASE_KIND = 'journal-lease';

interface Lease {
  tab: string;
  until: number;
}

function isLease(data: unknown): data is Lease {
  return typeof data === 'object' && data !== null && typeof (data as Lease).tab === 'string' && typeof (data as Lease).until === 'number';
}

/** A Web Lock this page holds for a journal, and how to let it go. */
interface HeldLock {
  granted: Promise<boolean>;
  release: () => void;
}

/**
 * The journal locks this page holds (or was refused), per lock manager: shared by every journal
 * of the page, since a lock belongs to the tab, not to one object (a second composition root, a
 * hot reload).
 */
const PAGE_LOCKS = new WeakMap<LockManagerLike, Map<string, HeldLock>>();

/** Generated without `crypto.randomUUID`, which plain-HTTP pages lack. */
export const PAGE_TAB_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export function broadcastMessages(channelName: string): TabMessages | null {
  if (typeof BroadcastChannel !== 'function' || typeof window === 'undefined') return null;
  const channel = new BroadcastChannel(channelName);
  return {
    post: (message) => channel.postMessage(message),
    listen: (handler) => {
      const listener = (event: MessageEvent<TabMessage>) => handler(event.data);
      channel.addEventListener('message', listener);
      return () => channel.removeEventListener('message', listener);
    },
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Which tab of a browser profile writes a layer's journal: one at a time, so two tabs never
 * number drafts over each other. With Web Locks the holder keeps a lock for the page's life; where
 * they are missing (any plain-HTTP address) it keeps a lease in storage, renewed by a heartbeat
 * and checked at every journal call, so a tab that lost it writes nothing. A tab that hands the
 * journal over (asked by `takeOver` in another tab) first lets its `onHandOver` handlers journal
 * what is pending, then lets go and claims nothing more until it takes the journal over itself.
 */
export class JournalClaims {
  private readonly released = new Set<string>();
  private readonly handlers = new Map<string, Set<() => Promise<void> | void>>();
  private readonly renewals = new Map<string, ReturnType<typeof setInterval>>();
  /** When the holder of a journal last said it is busy handing it over (see {@link TabMessage}). */
  private readonly lastBusy = new Map<string, number>();

  constructor(
    private readonly records: VersionedStorage,
    private readonly options: JournalClaimsOptions,
  ) {
    options.messages?.listen((message) => void this.received(message));
    if (!options.locks && typeof window !== 'undefined') {
      // A closing tab gives its leases back at once instead of letting them run out.
      window.addEventListener('pagehide', () => {
        for (const name of [...this.renewals.keys()]) this.letGo(name);
      });
    }
  }

  /** Whether this tab may write the journal `name`: it holds it, or takes it because no tab does. */
  async holds(name: string): Promise<boolean> {
    if (this.released.has(name)) return false;
    return this.options.locks ? this.lock(this.options.locks, name, false) : this.lease(name, false);
  }

  /**
   * Asks the tab holding `name` to hand it over and resolves once this tab holds it: when the
   * holder let go, or when it neither let go nor said it was busy within `handOverMs` (a frozen tab).
   */
  async takeOver(name: string): Promise<JournalTakeOver> {
    this.released.delete(name);
    this.lastBusy.delete(name);
    if (await this.holds(name)) return 'handed-over';
    this.options.messages?.post({ type: 'handover', name, tab: this.options.tabId });
    const taken = { forced: false };
    if (this.options.locks) await this.lock(this.options.locks, name, true, taken);
    else await this.lease(name, true, taken);
    return taken.forced ? 'taken' : 'handed-over';
  }

  onHandOver(name: string, handler: () => Promise<void> | void): () => void {
    const handlers = this.handlers.get(name) ?? new Set();
    handlers.add(handler);
    this.handlers.set(name, handlers);
    return () => handlers.delete(handler);
  }

  private async received(message: TabMessage): Promise<void> {
    if (message.tab === this.options.tabId) return;
    if (message.type === 'handover' && !this.released.has(message.name) && (await this.holdsNow(message.name))) {
      // The handlers wait for a save under way: the asking tab is told to wait as long as they run.
      const busy = () => this.options.messages?.post({ type: 'busy', name: message.name, tab: this.options.tabId });
      busy();
      const beat = setInterval(busy, Math.max(1, Math.floor(this.options.timing.handOverMs / 3)));
      try {
        await this.handOver(message.name);
      } finally {
        clearInterval(beat);
      }
      this.letGo(message.name);
      this.options.messages?.post({ type: 'released', name: message.name, tab: this.options.tabId });
    } else if (message.type === 'busy') {
      this.lastBusy.set(message.name, Date.now());
    } else if (message.type === 'taken' && !this.released.has(message.name)) {
      this.lost(message.name);
    }
  }

  /** Whether this tab holds `name` now, without taking it. */
  private async holdsNow(name: string): Promise<boolean> {
    const locks = this.options.locks;
    if (locks) return (await PAGE_LOCKS.get(locks)?.get(name)?.granted) ?? false;
    return this.records.read(LEASE_KIND, name, isLease)?.tab === this.options.tabId;
  }

  private async handOver(name: string): Promise<void> {
    for (const handler of this.handlers.get(name) ?? []) {
      try {
        await handler();
      } catch {
        // One handler's failure must not keep the journal from the tab that asked for it.
      }
    }
  }

  /** Taken from this tab without a hand-over: it writes nothing more, and says so. */
  private lost(name: string): void {
    if (this.released.has(name)) return;
    this.released.add(name);
    this.stopRenewing(name);
    if (this.options.locks) PAGE_LOCKS.get(this.options.locks)?.delete(name);
    void this.handOver(name);
  }

  private letGo(name: string): void {
    this.released.add(name);
    const locks = this.options.locks;
    if (locks) {
      const page = PAGE_LOCKS.get(locks);
      page?.get(name)?.release();
      page?.delete(name);
      return;
    }
    this.stopRenewing(name);
    if (this.records.read(LEASE_KIND, name, isLease)?.tab === this.options.tabId) this.records.remove(LEASE_KIND, name);
  }

  /** How long a take-over still waits: `handOverMs` from its start or from the holder's last `busy`. */
  private waitLeft(name: string, started: number): number {
    return Math.max(started, this.lastBusy.get(name) ?? 0) + this.options.timing.handOverMs - Date.now();
  }

  private lock(locks: LockManagerLike, name: string, wait: boolean, taken = { forced: false }): Promise<boolean> {
    const page = PAGE_LOCKS.get(locks) ?? new Map<string, HeldLock>();
    PAGE_LOCKS.set(locks, page);
    const current = page.get(name);
    if (current && !wait) return current.granted;
    let release: () => void = () => undefined;
    const request = (options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal }) =>
      new Promise<boolean>((resolve, reject) => {
        let held = false;
        locks
          .request(`gportal-journal:${name}`, options, (lock) => {
            held = lock !== null;
            resolve(held);
            // Granted: kept until handed over or the page goes away.
            return held ? new Promise<void>((done) => (release = done)) : Promise.resolve();
          })
          .catch((error: unknown) => {
            // Stolen by a tab whose hand-over this one did not answer in time.
            if (held) this.lost(name);
            // Or the wait ran out.
            else reject(error);
          });
      });
    const take = async (): Promise<boolean> => {
      if (!wait) return request({ ifAvailable: true });
      const waited = new AbortController();
      const started = Date.now();
      let timer: ReturnType<typeof setTimeout>;
      const check = () => {
        const left = this.waitLeft(name, started);
        if (left > 0) timer = setTimeout(check, left);
        else waited.abort();
      };
      timer = setTimeout(check, this.options.timing.handOverMs);
      // The holder neither let go nor said it was busy in time (a frozen tab): its lock is taken, and it is told so.
      return request({ signal: waited.signal })
        .catch(() => {
          taken.forced = true;
          return request({ steal: true });
        })
        .finally(() => clearTimeout(timer));
    };
    const granted = take();
    page.set(name, { granted, release: () => release() });
    // A refusal is asked again next time: the other tab may have closed.
    void granted.then(
      (held) => {
        if (!held && page.get(name)?.granted === granted) page.delete(name);
      },
      () => undefined,
    );
    return granted;
  }

  private async lease(name: string, force: boolean, taken = { forced: false }): Promise<boolean> {
    const started = Date.now();
    for (;;) {
      const lease = this.records.read(LEASE_KIND, name, isLease);
      // A lease no live tab could have written (beyond one lease from now: tampered, or a clock set
      // back) would block the layer for ever; it counts as run out.
      const now = Date.now();
      const free = !lease || lease.tab === this.options.tabId || lease.until <= now || lease.until > now + 2 * this.options.timing.leaseMs;
      if (free || (force && this.waitLeft(name, started) <= 0)) {
        if (lease?.tab !== this.options.tabId || lease.until - Date.now() < this.options.timing.leaseMs - this.options.timing.renewMs) this.writeLease(name);
        if (!free) {
          taken.forced = true;
          this.options.messages?.post({ type: 'taken', name, tab: this.options.tabId });
        }
        this.keepRenewing(name);
        return true;
      }
      if (!force) return false;
      await delay(Math.min(250, this.options.timing.handOverMs));
    }
  }

  private keepRenewing(name: string): void {
    if (this.renewals.has(name)) return;
    const timer = setInterval(() => {
      const lease = this.records.read(LEASE_KIND, name, isLease);
      if (lease && lease.tab !== this.options.tabId) {
        this.lost(name);
        return;
      }
      this.writeLease(name);
    }, this.options.timing.renewMs);
    // In Node (tests, server rendering) a lease must not keep the process alive.
    (timer as { unref?: () => void }).unref?.();
    this.renewals.set(name, timer);
  }

  private writeLease(name: string): void {
    try {
      this.records.write(LEASE_KIND, name, { tab: this.options.tabId, until: Date.now() + this.options.timing.leaseMs } satisfies Lease);
    } catch {
      // Storage full: no other tab can write its lease either, and a journal write says why it failed.
    }
  }

  private stopRenewing(name: string): void {
    clearInterval(this.renewals.get(name));
    this.renewals.delete(name);
  }
}
