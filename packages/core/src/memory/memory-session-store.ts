import type { Session } from '../domain/auth.js';
import type { SessionStore } from '../ports/session-store.port.js';
import { cloneData } from '../util/clone.js';

/** Drops any `password` key a backend may have echoed: a session never keeps one. */
export function withoutPassword(session: Session): Session {
  const { password: _password, ...user } = session.user as Session['user'] & { password?: unknown };
  return { ...session, user };
}

export class MemorySessionStore implements SessionStore {
  private session: Session | null = null;

  async save(session: Session): Promise<void> {
    this.session = cloneData(withoutPassword(session));
  }

  async load(): Promise<Session | null> {
    return this.session && cloneData(this.session);
  }

  async clear(): Promise<void> {
    this.session = null;
  }
}
