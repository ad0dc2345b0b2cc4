import { Spin } from 'antd';
import { useI18n } from '../../i18n/i18n-provider';

/** Shown while a lazily loaded screen arrives. */
export function PageLoading() {
  const { t } = useI18n();
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
      <Spin description={t('app.loading')} />
    </div>
  );
}
