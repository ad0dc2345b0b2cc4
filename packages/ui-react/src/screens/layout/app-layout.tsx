import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Space, Tag, Typography } from 'antd';
import { Suspense } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import type { AppConfig } from '../../app/app-config';
import { APP_CONFIG } from '../../app/app-tokens';
import { ROUTES } from '../../app/routes';
import { useService } from '../../app/services';
import { useSession } from '../../app/session-provider';
import { useI18n } from '../../i18n/i18n-provider';
import { LanguageSwitch } from '../../i18n/language-switch';
import type { MessageKey } from '../../i18n/messages';
import { ProblemBanner } from '../problems/problem-banner';
import { PageLoading } from './page-loading';

const NAVIGATION: ReadonlyArray<{ path: string; label: MessageKey }> = [
  { path: ROUTES.testIndex, label: 'nav.testIndex' },
  { path: ROUTES.manage, label: 'nav.manage' },
  { path: ROUTES.geoserver, label: 'nav.geoserver' },
  { path: ROUTES.testMap, label: 'nav.testMap' },
  { path: ROUTES.featureMap, label: 'nav.featureMap' },
];

/** The signed-in frame: header with navigation, user and sign-out; unauthenticated visits go to the login page. */
export function AppLayout() {
  const { session, signOut } = useSession();
  const { mode } = useService<AppConfig>(APP_CONFIG);
  const { t } = useI18n();
  const location = useLocation();
  if (!session) return <Navigate to={ROUTES.login} replace state={{ from: location.pathname }} />;

  const selected = NAVIGATION.find(({ path }) => location.pathname === path || location.pathname.startsWith(`${path}/`))?.path;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16, background: '#fff', borderBottom: '1px solid #f0f0f0' }}>
        <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
          {t('app.title')}
        </Typography.Text>
        <Menu
          mode="horizontal"
          selectedKeys={selected ? [selected] : []}
          items={NAVIGATION.map(({ path, label }) => ({ key: path, label: <Link to={path}>{t(label)}</Link> }))}
          style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
        />
        <Space size="middle">
          <Tag color={mode === 'embedded' ? 'blue' : 'green'}>{t(`mode.${mode}`)}</Tag>
          <LanguageSwitch />
          <span data-testid="signed-in-user">
            <UserOutlined /> {t('header.signedInAs', { name: session.user.displayName ?? session.user.username })}
          </span>
          <Button icon={<LogoutOutlined />} onClick={() => void signOut()}>
            {t('header.signOut')}
          </Button>
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <ProblemBanner />
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
