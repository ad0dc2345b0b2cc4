import { Button, Space } from 'antd';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { MANAGE_MODULES, ROUTES } from '../../shell/routes';
import { useI18n } from '../../i18n/i18n-provider';
import { useDocumentTitle } from '../../i18n/use-document-title';

/** One child of the management container, `/manage/:n`. */
export function ManageModulePage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const n = Number(useParams().n);
  useDocumentTitle(t('manage.module', { n }));
  const first = MANAGE_MODULES[0];
  const last = MANAGE_MODULES[MANAGE_MODULES.length - 1] as number;
  if (!Number.isInteger(n) || n < first || n > last) return <Navigate to={ROUTES.manageModule(first)} replace />;
  return (
    <Space orientation="vertical" size="middle">
      <h2 style={{ margin: 0, fontSize: 20, fontWeight: 600, lineHeight: 1.4 }}>{t('manage.module', { n })}</h2>
      <p style={{ margin: 0 }}>{t('manage.moduleBody', { n })}</p>
      <Space>
        <Button disabled={n === first} onClick={() => navigate(ROUTES.manageModule(n - 1))}>
          {t('manage.previous')}
        </Button>
        <Button disabled={n === last} onClick={() => navigate(ROUTES.manageModule(n + 1))}>
          {t('manage.next')}
        </Button>
      </Space>
    </Space>
  );
}
