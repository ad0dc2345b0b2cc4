import { BROWSER_STORAGE, type BrowserStorage } from '@gportal/adapters-storage';
import type { Session } from '@gportal/core';
import { App as AntdApp } from 'antd';
import type { Container } from 'inversify';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { I18nProvider } from '../i18n/i18n-provider';
import type { Locale } from '../i18n/messages';
import type { AppConfig } from '../shell/app-config';
import { createAppRouter } from './app-router';
import { APP_CONFIG } from '../shell/app-tokens';
import { initialLocaleOf, rememberLocale } from './boot';
import { ServicesProvider } from '../ui/services';
import { SessionProvider } from '../shell/session-provider';

export function App({ container, initialSession }: { container: Container; initialSession: Session | null }) {
  const router = useMemo(() => createAppRouter(), []);
  const storage = useMemo(() => container.get<BrowserStorage>(BROWSER_STORAGE), [container]);
  const initialLocale = useMemo(() => initialLocaleOf({ config: container.get<AppConfig>(APP_CONFIG), storage }), [container, storage]);
  const keepLocale = useMemo(() => (locale: Locale) => rememberLocale(storage, locale), [storage]);
  return (
    <ServicesProvider container={container}>
      <I18nProvider initialLocale={initialLocale} onLocaleChange={keepLocale}>
        <AntdApp>
          <SessionProvider initialSession={initialSession}>
            <RouterProvider router={router} />
          </SessionProvider>
        </AntdApp>
      </I18nProvider>
    </ServicesProvider>
  );
}
