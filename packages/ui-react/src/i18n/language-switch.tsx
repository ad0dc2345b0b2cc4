import { Segmented } from 'antd';
import { LOCALES, type Locale } from './messages';
import { useI18n } from './i18n-provider';

export function LanguageSwitch() {
  const { locale, setLocale, t } = useI18n();
  return (
    <Segmented<Locale>
      aria-label={t('language.label')}
      size="small"
      value={locale}
      onChange={setLocale}
      options={LOCALES.map((value) => ({ value, label: t(`language.${value}`) }))}
    />
  );
}
