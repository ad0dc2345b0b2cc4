// antd's component styles, prebuilt: the theme is `zeroRuntime` (see THEME). First, so the app's own sheets come after it.
import 'antd/dist/antd.css';
import { ConfigProvider, type ConfigProviderProps } from 'antd';
// The ES builds: antd's components fall back to its English texts (`antd/es/locale/en_US`), which
// the page carries anyway; `antd/locale/*` are CommonJS copies of the same tables.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { THEME } from '../theme/theme';
import { loadMessages, messagesLoaded, translate, type Locale, type MessageKey } from './messages';

const ANTD_LOCALES: Readonly<Record<Locale, NonNullable<ConfigProviderProps['locale']>>> = { 'zh-CN': zhCN, en: enUS };

/**
 * Fetches the messages of `locale` unless they are there: only the language shown is part of the
 * first screen. The app awaits the stored language before its first render.
 */
export function loadLocale(locale: Locale): Promise<void> {
  return loadMessages(locale);
}

/** Translates a message key into the active language, filling its `{placeholders}` from `values`. */
export type Translate = (key: MessageKey, values?: Readonly<Record<string, string | number>>) => string;

interface I18n {
  locale: Locale;
  setLocale(locale: Locale): void;
  t: Translate;
}

const I18nContext = createContext<I18n | null>(null);

export interface I18nProviderProps {
  initialLocale: Locale;
  /** Told about every switch, so the choice can be kept for the next visit. */
  onLocaleChange?: (locale: Locale) => void;
  children: ReactNode;
}

/** The message table and antd's own texts (the default buttons of its dialogs …) follow one locale; antd takes the app's theme. */
export function I18nProvider({ initialLocale, onLocaleChange, children }: I18nProviderProps) {
  const [locale, setLocaleState] = useState(initialLocale);
  // A language not yet fetched (an embedding app's first render in English) renders once it is there.
  const [, setArrived] = useState(0);
  const loaded = messagesLoaded(locale);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    loadLocale(locale).then(
      () => {
        if (live) setArrived((count) => count + 1);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [locale, loaded]);
  // A switch waits for the language's messages, then shows them all at once; a failed fetch leaves the language as it was.
  const setLocale = useCallback(
    (next: Locale) => {
      loadLocale(next).then(
        () => {
          setLocaleState(next);
          onLocaleChange?.(next);
        },
        () => undefined,
      );
    },
    [onLocaleChange],
  );
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const value = useMemo<I18n>(() => ({ locale, setLocale, t: (key, values) => translate(locale, key, values) }), [locale, setLocale]);
  if (!loaded) return null;
  return (
    <I18nContext.Provider value={value}>
      <ConfigProvider locale={ANTD_LOCALES[locale]} theme={THEME}>{children}</ConfigProvider>
    </I18nContext.Provider>
  );
}

/**
 * The active language, its setter and `t` for the message table; needs an {@link I18nProvider} above.
 *
 * @example
 * ```tsx
 * function SaveButton() {
 *   const { t } = useI18n();
 *   return <button>{t('map.tool.done')}</button>;
 * }
 * ```
 */
export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n needs an <I18nProvider> above it');
  return i18n;
}
