/** A user-cache entry (spec section 3): the demo uses key `test` and one text value. */
export interface UserCacheEntry<T = unknown> {
  key: string;
  data: T;
}
