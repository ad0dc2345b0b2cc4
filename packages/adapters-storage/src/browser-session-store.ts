import { withoutPassword, type Session, type SessionStore } from '@gportal/core';
import type { VersionedStorage } from './versioned-storage.js';

const KIND = 'session';

function isSession(data: unknown): data is Session {
  if (typeof data !== 'object' || data === null) return false;
  const { user, token, signedInAt } = data as Partial<Session>;
  return (
    typeof user === 'object' &&
    user !== null &&
    typeof user.username === 'string' &&
    typeof signedInAt === 'string' &&
    (token === undefined || typeof token === 'string')
  );
}

/** The signed-in user and token in browser storage; a password never reaches storage. */
export class BrowserSessionStore implements SessionStore {
  constructor(private readonly records: VersionedStorage) {}

  async save(session: Session): Promise<void> {
    this.records.write(KIND, undefined, { ...session, user: withoutPassword(session.user) });
  }

  async load(): Promise<Session | null> {
    const session = this.records.read(KIND, undefined, isSession);
    // Data written by something else could still carry one: it is dropped on the way out too.
    return session ? { ...session, user: withoutPassword(session.user) } : null;
  }

  async clear(): Promise<void> {
    this.records.remove(KIND);
  }
}
