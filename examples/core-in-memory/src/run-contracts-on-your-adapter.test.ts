/**
 * How another team proves its own adapter behaves like gportal's: run the shared contract suite
 * of the port against it. Here, a user cache over a plain Map.
 */
import type { UserCache } from '@gportal/core';
import { userCacheContract } from '@gportal/core/contracts';

class MapUserCache implements UserCache {
  private readonly items = new Map<string, string>();
  async setUserItem<T>(key: string, data: T): Promise<void> {
    this.items.set(key, JSON.stringify(data));
  }
  async getUserItem<T>(key: string): Promise<T | undefined> {
    const text = this.items.get(key);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }
  async clearUser(): Promise<void> {
    this.items.clear();
  }
}

userCacheContract('a Map-backed cache from another team', () => new MapUserCache());
