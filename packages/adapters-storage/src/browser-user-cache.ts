import { ValidationError, type UserCache } from '@gportal/core';
import { describeError } from './describe-error.js';
import type { VersionedStorage } from './versioned-storage.js';

const KIND = 'cache';

/** The cache holds whatever JSON value the caller chose, so any envelope content is valid. */
const anyJsonValue = (_data: unknown): _data is unknown => true;

/**
 * The index demo's user cache (spec section 7) in browser storage: one record per key, JSON
 * copies. With `owner`, the records belong to the user it names (`cache@alice`), so another user
 * signing in on the same browser never sees them; without an owner the shared `cache` kind is used.
 */
export class BrowserUserCache implements UserCache {
  constructor(
    private readonly records: VersionedStorage,
    private readonly owner: () => string | undefined = () => undefined,
  ) {}

  /** Owner names are encoded so no name can reach into another owner's records. */
  private kind(): string {
    const owner = this.owner();
    return owner === undefined ? KIND : `${KIND}@${encodeURIComponent(owner)}`;
  }

  /**
   * Stores a JSON-serialisable value under `key` for the signed-in user; `BrowserStorageError` (`quota`) when it does not fit.
   */
  async setUserItem<T>(key: string, data: T): Promise<void> {
    if (!key) throw new ValidationError({ key: 'the cache key must not be empty' });
    if (data === undefined) throw new ValidationError({ data: 'undefined cannot be cached; use clearUser' });
    try {
      JSON.stringify(data);
    } catch (error) {
      throw new ValidationError({ data: `cannot be stored as JSON: ${describeError(error)}` });
    }
    this.records.write(this.kind(), key, data);
  }

  async getUserItem<T>(key: string): Promise<T | undefined> {
    return this.records.read(this.kind(), key, anyJsonValue) as T | undefined;
  }

  /** Removes the signed-in user's cached items (or the shared ones when signed out), nobody else's. */
  async clearUser(): Promise<void> {
    this.records.removeAll(this.kind());
  }
}
