import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { useI18n } from '../../i18n/i18n-provider';

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      extra={
        <Link to="/">
          <Button type="primary">{t('notFound.back')}</Button>
        </Link>
      }
    />
  );
}
