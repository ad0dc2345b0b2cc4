import { AUTH_GATEWAY, type AuthGateway, type Session } from '@gportal/core';
import type { Container } from 'inversify';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { I18nProvider } from '../i18n/i18n-provider';
import type { Locale } from '../i18n/messages';
import { LoginPage } from '../screens/login/login-page';
import { initialLocaleOf, ModeUnavailableError, rememberLocale, type AppBoot } from './boot';
import { ROUTES } from '../shell/routes';

// Only a misconfigured deployment sees this page: it stays out of the first screen's JavaScript.
const ModeUnavailablePage = lazy(() => import('../screens/problems/mode-unavailable-page').then((module) => ({ default: module.ModeUnavailablePage })));

interface LoadedApp {
  App: ComponentType<{ container: Container; initialSession: Session | null }>;
  container: Container;
}

/** The app behind the sign-in page: its router and screens, and the composition root's container. */
async function loadApp({ config, problems, storage }: AppBoot): Promise<LoadedApp> {
  const [{ App }, { createAppContainer }] = await Promise.all([import('./app'), import('./container')]);
  return { App, container: await createAppContainer({ config, problems, browserStorage: storage }) };
}

/**
 * The first screen. Opened on `/login` without a session, it shows the sign-in page at once, from
 * browser storage alone; the app and its container are loaded by the first sign-in attempt and
 * shown once signed in. Anywhere else (or already signed in) the app is loaded straight away.
 */
export function Root({ boot, initialSession }: { boot: AppBoot; initialSession: Session | null }) {
  const [session, setSession] = useState(initialSession);
  const [signingIn] = useState(() => initialSession === null && window.location.pathname === ROUTES.login);
  const [app, setApp] = useState<LoadedApp | null>(null);
  const [unavailable, setUnavailable] = useState<string | null>(null);

  const load = useMemo(() => {
    let loading: Promise<LoadedApp> | undefined;
    return () =>
      (loading ??= loadApp(boot).then(
        (loaded) => {
          setApp(loaded);
          return loaded;
        },
        (error: unknown) => {
          if (error instanceof ModeUnavailableError) setUnavailable(error.detail);
          throw error;
        },
      ));
  }, [boot]);
  const auth = useMemo<AuthGateway>(() => ({ login: async (credentials) => (await load()).container.get<AuthGateway>(AUTH_GATEWAY).login(credentials) }), [load]);
  const initialLocale = useMemo(() => initialLocaleOf(boot), [boot]);
  const keepLocale = useCallback((locale: Locale) => rememberLocale(boot.storage, locale), [boot]);

  const showApp = !signingIn || session !== null;
  useEffect(() => {
    if (showApp) void load().catch(() => undefined);
  }, [showApp, load]);

  if (app && showApp) return <app.App container={app.container} initialSession={session} />;
  if (!unavailable && showApp) return null;
  return (
    <I18nProvider initialLocale={initialLocale} onLocaleChange={keepLocale}>
      {unavailable ? (
        <Suspense>
          <ModeUnavailablePage detail={unavailable} />
        </Suspense>
      ) : (
        <LoginPage config={boot.config} problems={boot.problems} auth={auth} sessionStore={boot.storage.session} onSignedIn={setSession} />
      )}
    </I18nProvider>
  );
}
