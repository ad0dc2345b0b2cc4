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
  /** The session last saved or loaded; `undefined` until then. */
  private last: Session | null | undefined;

  constructor(private readonly records: VersionedStorage) {}

  /** Stores the token and user info; never a password. */
  async save(session: Session): Promise<void> {
    const kept = { ...session, user: withoutPassword(session.user) };
    this.records.write(KIND, undefined, kept);
    this.last = kept;
  }

  /** The stored session, or `null` when there is none or it cannot be used (reported, not thrown). */
  async load(): Promise<Session | null> {
    return this.readSession();
  }

  /**
   * The signed-in user's name as of the last save, load or clear (read once on first use), so the
   * user cache scoped by it does not re-read, or re-report, the session on every call.
   */
  username(): string | undefined {
    return (this.last === undefined ? this.readSession() : this.last)?.user.username;
  }

  /** Removes the stored session (sign-out). */
  async clear(): Promise<void> {
    this.records.remove(KIND);
    this.last = null;
  }

  private readSession(): Session | null {
    const session = this.records.read(KIND, undefined, isSession);
    // Data written by something else could still carry one: it is dropped on the way out too.
    this.last = session ? { ...session, user: withoutPassword(session.user) } : null;
    return this.last;
  }
}
