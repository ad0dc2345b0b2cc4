/** The user cache of the index demo (spec section 7: setUserItem, getUserItem, clearUser). */
export interface UserCache {
  setUserItem<T = unknown>(key: string, data: T): Promise<void>;
  /** `undefined` when nothing is stored under `key`. */
  getUserItem<T = unknown>(key: string): Promise<T | undefined>;
  clearUser(): Promise<void>;
}
export const USER_CACHE = Symbol.for('gportal.UserCache');
