import { BROWSER_STORAGE, type BrowserStorage } from '@gportal/adapters-storage';
import { AUTH_GATEWAY, SESSION_STORE, type AuthGateway, type Session, type SessionStore } from '@gportal/core';
import { App } from 'antd';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-provider';
import { useService } from '../ui/services';

interface SessionState {
  /** The signed-in user, or `null`. */
  session: Session | null;
  /** Records a session the sign-in flow has stored. */
  signedIn(session: Session): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

/**
 * Holds the signed-in user for the screens; `initialSession` is what the session store had at
 * start-up. Other tabs of the app share the stored session: signing out (or in) in one tab is
 * followed here when the browser reports the change of its storage record.
 */
export function SessionProvider({ initialSession, children }: { initialSession: Session | null; children: ReactNode }) {
  const [session, setSession] = useState(initialSession);
  const store = useService<SessionStore>(SESSION_STORE);
  const gateway = useService<AuthGateway>(AUTH_GATEWAY);
  const { records } = useService<BrowserStorage>(BROWSER_STORAGE);
  const { message } = App.useApp();
  const { t } = useI18n();

  useEffect(() => {
    const sessionKey = records.keyOf('session');
    const followOtherTab = (event: StorageEvent) => {
      // `key` is null when another tab cleared the whole storage.
      if (event.key !== null && event.key !== sessionKey) return;
      void store.load().then((stored) => {
        if (session && !stored) void message.info({ key: 'shell.signedOutElsewhere', content: t('shell.signedOutElsewhere') });
        setSession(stored);
      });
    };
    window.addEventListener('storage', followOtherTab);
    return () => window.removeEventListener('storage', followOtherTab);
  }, [records, store, session, message, t]);

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
