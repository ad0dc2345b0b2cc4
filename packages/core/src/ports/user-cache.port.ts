/** The user cache of the index demo (spec section 7: setUserItem, getUserItem, clearUser). */
export interface UserCache {
  /** Stores a JSON-serialisable value under `key` for the signed-in user. */
  setUserItem<T = unknown>(key: string, data: T): Promise<void>;
  /** `undefined` when nothing is stored under `key`. */
  getUserItem<T = unknown>(key: string): Promise<T | undefined>;
  /** Forgets the signed-in user's items. */
  clearUser(): Promise<void>;
}
/** The inversify token of {@link UserCache}. */
export const USER_CACHE = Symbol.for('gportal.UserCache');
