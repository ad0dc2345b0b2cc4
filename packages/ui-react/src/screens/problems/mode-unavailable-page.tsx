import { Alert } from 'antd';
import { errorDetail } from '../../i18n/describe-error';
import { useI18n } from '../../i18n/i18n-provider';
import { ErrorMessage } from '../../ui/error-detail';
import { useDocumentTitle } from '../../i18n/use-document-title';

/** Shown instead of the app when the configured mode cannot run in this build. */
export function ModeUnavailablePage({ detail }: { detail: string }) {
  const { t } = useI18n();
  useDocumentTitle(t('problems.modeUnavailableTitle'));
  return (
    <main style={{ maxWidth: 640, margin: '0 auto', padding: '48px 16px' }}>
      <Alert type="error" showIcon role="alert" title={t('problems.modeUnavailableTitle')} description={<ErrorMessage tell={(translate) => ({ message: translate('problems.modeUnavailable'), detail: errorDetail(detail) })} />} />
    </main>
  );
}
