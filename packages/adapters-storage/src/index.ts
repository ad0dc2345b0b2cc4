/**
 * Browser storage adapters: the user cache, the session and the pending-edit journal over
 * `localStorage` (or any Web Storage), and `storageModule` binding them.
 *
 * @module @gportal/adapters-storage
 */
export { BrowserStorageError } from './browser-storage-error.js';
export { BrowserEditJournal, type BrowserEditJournalOptions, type JournalScope } from './browser-edit-journal.js';
export { JOURNAL_LEASE_TIMING, type JournalLeaseTiming, type LockManagerLike, type TabMessage, type TabMessages } from './journal-claims.js';
export { BrowserSessionStore } from './browser-session-store.js';
export { BrowserUserCache } from './browser-user-cache.js';
export {
  BROWSER_STORAGE_DEFAULTS,
  createBrowserStorage,
  type BrowserStorage,
  type BrowserStorageOptions,
} from './create-browser-storage.js';
export { MemoryStorage } from './memory-storage.js';
export { BROWSER_STORAGE, browserStorageModule, storageModule } from './storage-module.js';
export type { StorageLike } from './storage-like.js';
export { warnOnConsole, type StorageProblem, type StorageProblemHandler } from './storage-problem.js';
export { STORAGE_FORMAT_VERSION, VersionedStorage, type VersionedStorageOptions } from './versioned-storage.js';
