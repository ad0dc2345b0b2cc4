import type { KeyboardEvent } from 'react';
import { useI18n } from './i18n-provider';
import { LOCALES, type Locale } from './messages';
import './language-switch.css';

/**
 * The language choice: a radio group drawn as antd's small `Segmented` (which, with its motion,
 * weighs ~4 KiB gzip in the first screen for two options).
 */
export function LanguageSwitch() {
  const { locale, setLocale, t } = useI18n();
  // Arrow keys move the choice, as in any radio group.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = LOCALES[(LOCALES.indexOf(locale) + step + LOCALES.length) % LOCALES.length] as Locale;
    setLocale(next);
    (event.currentTarget.parentElement?.querySelector(`[data-locale="${next}"]`) as HTMLButtonElement | null)?.focus();
  };
  return (
    <div role="radiogroup" aria-label={t('language.label')} className="gportal-language">
      {LOCALES.map((value) => (
        <button
          key={value}
          type="button"
          role="radio"
          data-locale={value}
          // Each label is in its own language (中文, English): screen readers pronounce it so.
          lang={value}
          aria-checked={value === locale}
          tabIndex={value === locale ? 0 : -1}
          onClick={() => setLocale(value)}
          onKeyDown={onKeyDown}
        >
          {t(`language.${value}`)}
        </button>
      ))}
    </div>
  );
}
