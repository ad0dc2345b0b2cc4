import type { EditJournal, SessionStore, UserCache } from '@gportal/core';
import { BrowserEditJournal, type BrowserEditJournalOptions } from './browser-edit-journal.js';
import { BrowserSessionStore } from './browser-session-store.js';
import { BrowserUserCache } from './browser-user-cache.js';
import { describeError } from './describe-error.js';
import { MemoryStorage } from './memory-storage.js';
import { warnOnConsole, type StorageProblemHandler } from './storage-problem.js';
import type { StorageLike } from './storage-like.js';
import { VersionedStorage } from './versioned-storage.js';

/** Options of {@link createBrowserStorage}; the defaults are in {@link BROWSER_STORAGE_DEFAULTS}. */
export interface BrowserStorageOptions {
  /** Where records live. Default: `localStorage`, or an in-memory stand-in (reported) when the browser denies it. */
  storage?: StorageLike;
  /** Prefix of every key, so several apps or tests can share an origin. Default: `gportal`. */
  namespace?: string;
  /** Told about unusable data found in storage (then ignored). Default: a console warning. */
  onProblem?: StorageProblemHandler;
  /**
   * The map server the pending-edit journal belongs to: its mode and URL (`embedded`,
   * `map-server /geoserver/wfs`). The journal is kept per map server, signed-in user and layer.
   * Default: `default`.
   */
  mapServer?: string;
  /** Web Locks that keep two tabs from writing one journal. Default: `navigator.locks`; `null` for none (a lease in storage guards it then). */
  locks?: BrowserEditJournalOptions['locks'];
  /** How the journal's tabs talk and time their lease; see {@link BrowserEditJournalOptions}. */
  tabs?: Pick<BrowserEditJournalOptions, 'messages' | 'tabId' | 'timing'>;
}

/** The defaults of {@link BrowserStorageOptions}, in one place. */
export const BROWSER_STORAGE_DEFAULTS = { namespace: 'gportal', onProblem: warnOnConsole, mapServer: 'default' } as const;

/** The storage-backed ports: the user cache, the session and the pending-edit journal. */
export interface BrowserStorage {
  userCache: UserCache;
  session: SessionStore;
  journal: EditJournal;
  /** The versioned record store the ports share, for other data an app keeps beside them. */
  records: VersionedStorage;
}

function localStorageOrStandIn(onProblem: StorageProblemHandler): StorageLike {
  try {
    // Reading `localStorage` itself throws a SecurityError where storage is denied.
    if (globalThis.localStorage) return globalThis.localStorage;
  } catch (error) {
    onProblem({ key: '*', reason: 'unavailable', detail: describeError(error) });
    return new MemoryStorage();
  }
  onProblem({ key: '*', reason: 'unavailable', detail: 'this environment has no localStorage' });
  return new MemoryStorage();
}

/**
 * The user cache, session store and pending-edit journal over one Web Storage (`localStorage` by default).
 *
 * @example
 * ```ts
 * const storage = createBrowserStorage({ namespace: 'my-app', mapServer: 'map-server /geoserver/wfs' });
 * await storage.session.save(session);
 * const restored = await storage.journal.load('store_33:polygon');
 * ```
 */
export function createBrowserStorage(options: BrowserStorageOptions = {}): BrowserStorage {
  const namespace = options.namespace ?? BROWSER_STORAGE_DEFAULTS.namespace;
  const onProblem = options.onProblem ?? BROWSER_STORAGE_DEFAULTS.onProblem;
  if (!namespace || namespace.includes(':')) throw new TypeError(`invalid storage namespace "${namespace}": non-empty, without ":"`);
  const storage = options.storage ?? localStorageOrStandIn(onProblem);
  const records = new VersionedStorage({ storage, namespace, onProblem });
  const session = new BrowserSessionStore(records);
  const mapServer = options.mapServer ?? BROWSER_STORAGE_DEFAULTS.mapServer;
  // The user is read at every journal call, so a sign-in under another name sees only its own drafts.
  const scope = async () => ({ mapServer, user: session.username() ?? '' });
  return {
    // The cache belongs to whoever is signed in now.
    userCache: new BrowserUserCache(records, () => session.username()),
    session,
    journal: new BrowserEditJournal(records, { scope, ...options.tabs, ...(options.locks === undefined ? {} : { locks: options.locks }) }),
    records,
  };
}
