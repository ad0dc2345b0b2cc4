import { Button, Empty } from 'antd';
import { Link } from 'react-router-dom';
import { useI18n } from '../../i18n/i18n-provider';
import { useDocumentTitle } from '../../i18n/use-document-title';

/** antd's `Empty`, not `Result`: `Result` carries three large status illustrations (~10 KiB gzip) for this one page. */
export function NotFoundPage() {
  const { t } = useI18n();
  useDocumentTitle(t('notFound.title'));
  return (
    <Empty style={{ paddingBlock: 48 }} description={<h1 style={{ margin: 0, fontSize: 24, fontWeight: 400, color: 'rgba(0, 0, 0, 0.88)' }}>{t('notFound.title')}</h1>}>
      <Link to="/">
        <Button type="primary">{t('notFound.back')}</Button>
      </Link>
    </Empty>
  );
}
