import { Result } from 'antd';
import { useI18n } from '../../i18n/i18n-provider';

/** Shown instead of the app when the configured mode cannot run in this build. */
export function ModeUnavailablePage({ detail }: { detail: string }) {
  const { t } = useI18n();
  return <Result status="error" title={t('problems.modeUnavailableTitle')} subTitle={t('problems.modeUnavailable', { detail })} />;
}
