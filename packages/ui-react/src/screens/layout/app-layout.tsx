import {
  ApiOutlined,
  AppstoreOutlined,
  EditOutlined,
  EnvironmentOutlined,
  GlobalOutlined,
  HomeOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  UploadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, Layout, Space, Tag } from 'antd';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { AppConfig } from '../../shell/app-config';
import { APP_CONFIG, PROBLEM_LOG } from '../../shell/app-tokens';
import type { ProblemLog } from '../../shell/problem-log';
import { MANAGE_MODULES, ROUTES } from '../../shell/routes';
import { useService } from '../../ui/services';
import { useSession } from '../../shell/session-provider';
import { useI18n, type Translate } from '../../i18n/i18n-provider';
import { LanguageSwitch } from '../../i18n/language-switch';
import type { MessageKey } from '../../i18n/messages';
import { ProblemBanner } from '../problems/problem-banner';
import { MenuSheet } from './menu-sheet';
import { PageLoading } from './page-loading';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { NavList, type NavGroup } from '../../ui/nav-list';
import { STRONG_TEXT } from '../../ui/text-styles';
import { COMPACT_LAYOUT_QUERY, useMediaQuery } from '../../ui/use-media-query';
import './shell.css';

interface NavigationItem {
  path: string;
  icon: ReactNode;
  label: (t: Translate) => string;
}

const label = (key: MessageKey) => (t: Translate) => t(key);

/** Every screen, grouped as in a GIS workbench: demo, management, map server, maps. */
const NAVIGATION: ReadonlyArray<{ group: MessageKey; items: readonly NavigationItem[] }> = [
  { group: 'shell.group.demo', items: [{ path: ROUTES.testIndex, icon: <HomeOutlined aria-hidden />, label: label('nav.testIndex') }] },
  {
    group: 'shell.group.management',
    items: MANAGE_MODULES.map((n) => ({ path: ROUTES.manageModule(n), icon: <AppstoreOutlined aria-hidden />, label: (t: Translate) => t('manage.module', { n }) })),
  },
  {
    group: 'shell.group.mapServer',
    items: [
      { path: ROUTES.geoserverUpload, icon: <UploadOutlined aria-hidden />, label: label('geoserver.fileTest') },
      { path: ROUTES.geoserverApi, icon: <ApiOutlined aria-hidden />, label: label('geoserver.apiTest') },
      { path: ROUTES.geoserverMap, icon: <EnvironmentOutlined aria-hidden />, label: label('geoserver.map') },
    ],
  },
  {
    group: 'shell.group.maps',
    items: [
      { path: ROUTES.testMap, icon: <GlobalOutlined aria-hidden />, label: label('nav.testMap') },
      { path: ROUTES.featureMap, icon: <EditOutlined aria-hidden />, label: label('nav.featureMap') },
    ],
  },
];

const PATHS = NAVIGATION.flatMap(({ items }) => items.map(({ path }) => path));

/** The menu entry of a location: the longest path it is at or under. */
function selectedPath(pathname: string): string | undefined {
  return PATHS.filter((path) => pathname === path || pathname.startsWith(`${path}/`)).sort((a, b) => b.length - a.length)[0];
}

/**
 * Wide enough for the longest entry in either language in a wide font: "Management module 1" is
 * 154 px in the app's Noto Sans and 163 px in DejaVu Sans (a machine's sans-serif when the
 * app's font is missing), and an entry's text gets the width less 72 px (margins, indent, icon).
 */
const SIDER_WIDTH = 248;



/**
 * The signed-in workbench: a collapsible side menu with every screen (a drawer opened from the
 * header on phones and tablets, where a side menu would narrow the map), a header with the mode,
 * the language switch and the user; unauthenticated visits go to the login page, which brings
 * the user back here afterwards.
 */
export function AppLayout() {
  const { session, signOut } = useSession();
  const { mode } = useService<AppConfig>(APP_CONFIG);
  const problems = useService<ProblemLog>(PROBLEM_LOG);
  const { t } = useI18n();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const drawerMenu = useMediaQuery(COMPACT_LAYOUT_QUERY);
  const [menuOpen, setMenuOpen] = useState(false);
  // Choosing a screen in the drawer closes it; so does growing past the drawer's widths.
  useEffect(() => setMenuOpen(false), [location.pathname, drawerMenu]);
  // An explicit sign-out asks for no page to come back to; losing the session otherwise (another tab) does.
  const leaving = useRef(false);
  if (!session) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={ROUTES.login} replace state={leaving.current ? null : { from }} />;
  }

  const selected = selectedPath(location.pathname);
  const groups: NavGroup[] = NAVIGATION.map(({ group, items: entries }) => ({
    title: t(group),
    entries: entries.map(({ path, icon, label: text }) => ({ path, icon, label: text(t) })),
  }));
  const leave = () => {
    leaving.current = true;
    void signOut();
  };

  const menu = (
    <nav aria-label={t('shell.menu')}>
      <NavList groups={groups} current={selected} collapsed={collapsed && !drawerMenu} />
    </nav>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      {drawerMenu ? (
        <MenuSheet open={menuOpen} onClose={() => setMenuOpen(false)} title={t('app.title')} closeLabel={t('shell.closeMenu')}>
          {menu}
        </MenuSheet>
      ) : (
        <Layout.Sider
          theme="light"
          width={SIDER_WIDTH}
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          breakpoint="lg"
          trigger={null}
          style={{ borderRight: '1px solid #f0f0f0' }}
        >
          {menu}
        </Layout.Sider>
      )}
      {/* min-width 0: a wide child (a table, a map) scrolls inside the page, never the page sideways. */}
      <Layout style={{ minWidth: 0 }}>
        {/* The controls move to a second row rather than cut the title (1024 px in English). */}
        <Layout.Header className="gportal-header">
          {drawerMenu ? (
            <Button type="text" aria-label={t('shell.openMenu')} aria-expanded={menuOpen} icon={<MenuOutlined aria-hidden />} onClick={() => setMenuOpen(true)} />
          ) : (
            <Button
              type="text"
              aria-label={t(collapsed ? 'shell.expand' : 'shell.collapse')}
              icon={collapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
              onClick={() => setCollapsed(!collapsed)}
            />
          )}
          <strong style={{ ...STRONG_TEXT, flex: '1 1 auto' }}>{t('app.title')}</strong>
          <Space size="middle" wrap style={{ marginInlineStart: 'auto', justifyContent: 'flex-end' }}>
            <Tag color={mode === 'embedded' ? 'blue' : 'purple'} style={{ marginInlineEnd: 0 }}>
              {t(`mode.${mode}`)}
            </Tag>
            <LanguageSwitch />
            <span data-testid="signed-in-user" style={{ whiteSpace: 'nowrap' }}>
              <UserOutlined aria-hidden /> {t('header.signedInAs', { name: session.user.displayName ?? session.user.username })}
            </span>
            <Button icon={<LogoutOutlined aria-hidden />} onClick={leave}>
              {t('header.signOut')}
            </Button>
          </Space>
        </Layout.Header>
        {/* antd's Content is the page's <main>. */}
        <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} className="gportal-content">
          <ProblemBanner log={problems} />
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
