import { ValidationError, type UserCache } from '@gportal/core';
import { describeError } from './describe-error.js';
import type { VersionedStorage } from './versioned-storage.js';

const KIND = 'cache';

/** The cache holds whatever JSON value the caller chose, so any envelope content is valid. */
const anyJsonValue = (_data: unknown): _data is unknown => true;

/** The index demo's user cache (spec section 7) in browser storage: one record per key, JSON copies. */
export class BrowserUserCache implements UserCache {
  constructor(private readonly records: VersionedStorage) {}

  async setUserItem<T>(key: string, data: T): Promise<void> {
    if (!key) throw new ValidationError({ key: 'the cache key must not be empty' });
    if (data === undefined) throw new ValidationError({ data: 'undefined cannot be cached; use clearUser' });
    try {
      JSON.stringify(data);
    } catch (error) {
      throw new ValidationError({ data: `cannot be stored as JSON: ${describeError(error)}` });
    }
    this.records.write(KIND, key, data);
  }

  async getUserItem<T>(key: string): Promise<T | undefined> {
    return this.records.read(KIND, key, anyJsonValue) as T | undefined;
  }

  async clearUser(): Promise<void> {
    this.records.removeAll(KIND);
  }
}
