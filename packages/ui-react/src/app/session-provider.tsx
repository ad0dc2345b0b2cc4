import { AUTH_GATEWAY, SESSION_STORE, type AuthGateway, type Session, type SessionStore } from '@gportal/core';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useService } from './services';

interface SessionState {
  /** The signed-in user, or `null`. */
  session: Session | null;
  /** Records a session the sign-in flow has stored. */
  signedIn(session: Session): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

/** Holds the signed-in user for the screens; `initialSession` is what the session store had at start-up. */
export function SessionProvider({ initialSession, children }: { initialSession: Session | null; children: ReactNode }) {
  const [session, setSession] = useState(initialSession);
  const store = useService<SessionStore>(SESSION_STORE);
  const gateway = useService<AuthGateway>(AUTH_GATEWAY);
  const signOut = useCallback(async () => {
    setSession(null);
    await store.clear();
    await gateway.logout?.();
  }, [store, gateway]);
  const value = useMemo<SessionState>(() => ({ session, signedIn: setSession, signOut }), [session, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession needs a <SessionProvider> above it');
  return state;
}
