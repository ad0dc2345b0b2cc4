import { BROWSER_STORAGE, type BrowserStorage } from '@gportal/adapters-storage';
import type { Session } from '@gportal/core';
import { App as AntdApp } from 'antd';
import type { Container } from 'inversify';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { I18nProvider } from '../i18n/i18n-provider';
import { isLocale, type Locale } from '../i18n/messages';
import type { AppConfig } from './app-config';
import { createAppRouter } from './app-router';
import { APP_CONFIG } from './app-tokens';
import { ServicesProvider } from './services';
import { SessionProvider } from './session-provider';

/** The user's language choice is kept beside the other browser-storage records. */
const LOCALE_RECORD = ['settings', 'locale'] as const;

function storedLocale(container: Container): Locale | undefined {
  return container.get<BrowserStorage>(BROWSER_STORAGE).records.read(...LOCALE_RECORD, isLocale);
}

export function App({ container, initialSession }: { container: Container; initialSession: Session | null }) {
  const router = useMemo(() => createAppRouter(), []);
  const initialLocale = useMemo(() => storedLocale(container) ?? container.get<AppConfig>(APP_CONFIG).locale, [container]);
  const rememberLocale = useMemo(() => {
    const { records } = container.get<BrowserStorage>(BROWSER_STORAGE);
    return (locale: Locale) => records.write(...LOCALE_RECORD, locale);
  }, [container]);
  return (
    <ServicesProvider container={container}>
      <I18nProvider initialLocale={initialLocale} onLocaleChange={rememberLocale}>
        <AntdApp>
          <SessionProvider initialSession={initialSession}>
            <RouterProvider router={router} />
          </SessionProvider>
        </AntdApp>
      </I18nProvider>
    </ServicesProvider>
  );
}
