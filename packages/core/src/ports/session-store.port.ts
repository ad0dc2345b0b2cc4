import type { Session } from '../domain/auth.js';

/** Keeps the signed-in user and token between page loads. Never stores a password. */
export interface SessionStore {
  save(session: Session): Promise<void>;
  load(): Promise<Session | null>;
  clear(): Promise<void>;
}
export const SESSION_STORE = Symbol.for('gportal.SessionStore');
