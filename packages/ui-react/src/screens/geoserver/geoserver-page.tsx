import { Card, Tabs } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ROUTES } from '../../app/routes';
import { useI18n } from '../../i18n/i18n-provider';
import type { MessageKey } from '../../i18n/messages';
import { useApiTestState } from './api-test-state';

const PARTS: ReadonlyArray<{ path: string; label: MessageKey }> = [
  { path: ROUTES.geoserverUpload, label: 'geoserver.fileTest' },
  { path: ROUTES.geoserverApi, label: 'geoserver.apiTest' },
  { path: ROUTES.geoserverMap, label: 'geoserver.map' },
];

/**
 * The GeoServer test container: file test, API test and map as tabs with their own routes. It
 * keeps the API test's inputs and last result, so the map tab shows the layer chosen there.
 */
export function GeoserverPage() {
  const { t } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const state = useApiTestState();
  const active = PARTS.find(({ path }) => location.pathname.startsWith(path))?.path;
  return (
    <Card title={t('geoserver.title')} size="small" styles={{ body: { paddingTop: 0 } }}>
      <Tabs activeKey={active} onChange={(path) => navigate(path)} items={PARTS.map(({ path, label }) => ({ key: path, label: t(label) }))} />
      <Outlet context={state} />
    </Card>
  );
}
