import { Menu } from 'antd';
import { Link, Outlet, useParams } from 'react-router-dom';
import { MANAGE_MODULES, ROUTES } from '../../shell/routes';
import { useI18n } from '../../i18n/i18n-provider';
import { Panel } from '../layout/panel';
import './manage-layout.css';

/** The management container: a pass-through holding its child routes (manageMoudle{n}) and navigation between them. */
export function ManageLayout() {
  const { n } = useParams();
  const { t } = useI18n();
  return (
    <Panel title={t('manage.title')} className="gportal-manage">
      <nav aria-label={t('manage.title')}>
        <Menu
          mode="inline"
          selectedKeys={n ? [n] : []}
          className="gportal-manage-menu"
          items={MANAGE_MODULES.map((module) => ({
            key: String(module),
            label: <Link to={ROUTES.manageModule(module)}>{t('manage.module', { n: module })}</Link>,
          }))}
        />
      </nav>
      <section className="gportal-manage-module">
        <Outlet />
      </section>
    </Panel>
  );
}
