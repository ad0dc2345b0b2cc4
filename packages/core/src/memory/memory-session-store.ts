import { withoutPassword, type Session } from '../domain/auth.js';
import type { SessionStore } from '../ports/session-store.port.js';

export class MemorySessionStore implements SessionStore {
  private session: Session | null = null;

  /** Holds the session (a copy, without any password). */
  async save(session: Session): Promise<void> {
    this.session = structuredClone({ ...session, user: withoutPassword(session.user) });
  }

  /** The session held, or `null`. */
  async load(): Promise<Session | null> {
    return this.session && structuredClone(this.session);
  }

  /** Forgets the session. */
  async clear(): Promise<void> {
    this.session = null;
  }
}
