import type { StorageLike } from './storage-like.js';

/**
 * A Web Storage stand-in kept in memory: used when the browser denies storage, and in tests.
 * With `quota` (in UTF-16 code units of keys plus values, as browsers count) a write that
 * would exceed it throws a `QuotaExceededError` and changes nothing, like `localStorage`.
 */
export class MemoryStorage implements StorageLike {
  private readonly items = new Map<string, string>();

  constructor(private readonly quota = Number.POSITIVE_INFINITY) {}

  get length(): number {
    return this.items.size;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    const used = this.used() - (this.items.has(key) ? key.length + (this.items.get(key) as string).length : 0);
    if (used + key.length + value.length > this.quota) {
      throw new DOMException(`Setting the value of '${key}' exceeded the quota.`, 'QuotaExceededError');
    }
    this.items.set(key, String(value));
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  private used(): number {
    let total = 0;
    for (const [key, value] of this.items) total += key.length + value.length;
    return total;
  }
}
