import { useRef, type KeyboardEvent } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ROUTES } from '../../shell/routes';
import { useI18n } from '../../i18n/i18n-provider';
import type { MessageKey } from '../../i18n/messages';
import { useApiTestState } from './api-test-state';
import { Panel } from '../layout/panel';
import './geoserver-page.css';

const PARTS: ReadonlyArray<{ path: string; label: MessageKey }> = [
  { path: ROUTES.geoserverUpload, label: 'geoserver.fileTest' },
  { path: ROUTES.geoserverApi, label: 'geoserver.apiTest' },
  { path: ROUTES.geoserverMap, label: 'geoserver.map' },
];

/**
 * The GeoServer test container: file test, API test and map as tabs with their own routes. It
 * keeps the API test's inputs and last result, so the map tab shows the layer chosen there. The
 * tabs are a WAI-ARIA tab list drawn as antd's `Tabs` (which would add ~9 KiB gzip for three links).
 */
export function GeoserverPage() {
  const { t } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const state = useApiTestState();
  const active = PARTS.find(({ path }) => location.pathname.startsWith(path))?.path;
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  // Arrow keys, Home and End move between the tabs and open the one reached, as antd's do.
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = PARTS.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    tabs.current[next]?.focus();
    void navigate((PARTS[next] as (typeof PARTS)[number]).path);
  };
  return (
    <Panel title={t('geoserver.title')} size="small" level={1} bodyStyle={{ paddingTop: 0 }}>
      <div role="tablist" className="gportal-tabs">
        {PARTS.map(({ path, label }, index) => (
          <button
            key={path}
            id={`geoserver-tab-${index}`}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            className="gportal-tab"
            aria-selected={path === active}
            tabIndex={path === active || (!active && index === 0) ? 0 : -1}
            onClick={() => void navigate(path)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {t(label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-labelledby={active && `geoserver-tab-${PARTS.findIndex(({ path }) => path === active)}`}>
        <Outlet context={state} />
      </div>
    </Panel>
  );
}
