import { ValidationError } from '../errors/errors.js';
import type { UserCache } from '../ports/user-cache.port.js';

/** Keeps JSON copies, so it behaves exactly like the browser-storage cache (no shared references, no functions). */
export class MemoryUserCache implements UserCache {
  private readonly items = new Map<string, string>();

  /** Keeps a JSON copy of the value under `key`. */
  async setUserItem<T>(key: string, data: T): Promise<void> {
    if (!key) throw new ValidationError({ key: 'the cache key must not be empty' });
    if (data === undefined) throw new ValidationError({ data: 'undefined cannot be cached; use clearUser' });
    this.items.set(key, JSON.stringify(data));
  }

  async getUserItem<T>(key: string): Promise<T | undefined> {
    const text = this.items.get(key);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  /** Forgets every cached item. */
  async clearUser(): Promise<void> {
    this.items.clear();
  }
}
