import { Outlet, useParams } from 'react-router-dom';
import { MANAGE_MODULES, ROUTES } from '../../shell/routes';
import { useI18n } from '../../i18n/i18n-provider';
import { NavList } from '../../ui/nav-list';
import { Panel } from '../layout/panel';
import './manage-layout.css';

/** The management container: a pass-through holding its child routes (manageMoudle{n}) and navigation between them. */
export function ManageLayout() {
  const { n } = useParams();
  const { t } = useI18n();
  return (
    <Panel title={t('manage.title')} className="gportal-manage">
      <nav aria-label={t('manage.title')}>
        <NavList
          className="gportal-manage-menu"
          current={n ? ROUTES.manageModule(Number(n)) : undefined}
          groups={[{ entries: MANAGE_MODULES.map((module) => ({ path: ROUTES.manageModule(module), label: t('manage.module', { n: module }) })) }]}
        />
      </nav>
      <section className="gportal-manage-module">
        <Outlet />
      </section>
    </Panel>
  );
}
