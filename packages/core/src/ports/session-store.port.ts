import type { Session } from '../domain/auth.js';

/** Keeps the signed-in user and token between page loads. Never stores a password. */
export interface SessionStore {
  /** Stores the session; a password is never kept. */
  save(session: Session): Promise<void>;
  /** The stored session, or `null`. */
  load(): Promise<Session | null>;
  /** Forgets the session (sign-out). */
  clear(): Promise<void>;
}
/** The inversify token of {@link SessionStore}. */
export const SESSION_STORE = Symbol.for('gportal.SessionStore');
