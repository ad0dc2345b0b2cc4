import { AimOutlined, LoadingOutlined } from '@ant-design/icons';
import { ValidationError, type LayerKind } from '@gportal/core';
import { App, Button, Input, Space, Tag } from 'antd';
import { useNavigate, useOutletContext } from 'react-router-dom';
import { ROUTES } from '../../shell/routes';
import { useI18n, type Translate } from '../../i18n/i18n-provider';
import { describeError, errorDetail, type DescribedError } from '../../i18n/describe-error';
import { useDocumentTitle } from '../../i18n/use-document-title';
import type { MessageKey } from '../../i18n/messages';
import { ErrorMessage, RAW_TEXT_ATTRIBUTE } from '../../ui/error-detail';
import '../../ui/checkbox.css';
import { API_CALLS, API_GROUPS, lacksInput, type ApiCall, type ApiForm } from './api-calls';
import type { ApiOutcome, ApiTestState } from './api-test-state';
import { FormField } from '../../ui/form-field';
import { Panel } from '../layout/panel';
import './api-test-page.css';

/** Refused inputs whose words live in the message table; other refusals are told by their kind (`describeError`). */
const REFUSAL_MESSAGES: Readonly<Record<string, (t: Translate, detail: string, form: ApiForm) => string>> = {
  workspaceName: (t) => t('geoserverApi.workspaceNameRequired'),
  dataBaseName: (t) => t('geoserverApi.databaseNameRequired'),
  layerName: (t) => t('geoserverApi.layerNameRequired'),
  styleName: (t) => t('geoserverApi.styleNameRequired'),
  sridValue: (t) => t('geoserverApi.sridRequired'),
  portalWorkspace: (t, detail) => t('geoserverApi.portalWorkspaceName', { name: detail }),
  layerKind: (t, detail, form) => t('geoserverApi.noLayerOfKind', { workspace: form.workspace.trim(), kind: t(`map.layer.${detail as LayerKind}`) }),
  srid: (t, _detail, form) => (form.srid === null ? t('geoserverApi.sridRequired') : t('geoserverApi.noMatchingCrs', { srid: form.srid })),
  sld: (t) => t('geoserverApi.sldNotWellFormed'),
};

/** Why a call was refused or failed, in the active language; the screen's own refusals first. */
function tellOutcomeError(error: unknown, form: ApiForm): (t: Translate) => DescribedError {
  return (t) => {
    const known = error instanceof ValidationError ? Object.entries(error.fields).filter(([field]) => Object.hasOwn(REFUSAL_MESSAGES, field)) : [];
    if (known.length === 0) return describeError(error, t);
    const message = known.map(([field, detail]) => (REFUSAL_MESSAGES[field] as (typeof REFUSAL_MESSAGES)[string])(t, detail, form)).join('\n');
    // A refused SLD or coordinate system keeps the check's own words beneath; the rest say it all.
    const checked = known.some(([field]) => field === 'sld' || (field === 'srid' && form.srid !== null));
    const raw = checked ? (error as ValidationError).message : '';
    return { message, detail: errorDetail(raw, message) };
  };
}

const STATUS_LINE: Readonly<Record<ApiOutcome['status'], MessageKey>> = {
  succeeded: 'geoserverApi.succeeded',
  failed: 'geoserverApi.failed',
  refused: 'geoserverApi.refused',
};

/**
 * The result area's text: the call it belongs to and how it went, then the server data, or the
 * error's sentence and its detail. `raw` is the part that is the server's words (data).
 */
function resultText(outcome: ApiOutcome | undefined, t: Translate, form: ApiForm): { text: string; raw: string } {
  if (!outcome) return { text: '', raw: '' };
  const lines = [t(STATUS_LINE[outcome.status], { call: t(outcome.call.label) })];
  if (outcome.headline) lines.push(t(outcome.headline));
  if (outcome.status === 'succeeded') {
    const raw = outcome.text ?? '';
    lines.push(raw || t('geoserverApi.noContent'));
    return { text: lines.join('\n'), raw };
  }
  const { message, detail = '' } = tellOutcomeError(outcome.error, form)(t);
  lines.push(message, ...(detail ? [detail] : []));
  return { text: lines.join('\n'), raw: detail };
}

const TEXT_FIELDS: ReadonlyArray<{ field: 'workspace' | 'store' | 'layer' | 'style'; label: MessageKey }> = [
  { field: 'workspace', label: 'geoserverApi.workspace' },
  { field: 'store', label: 'geoserverApi.store' },
  { field: 'layer', label: 'geoserverApi.layer' },
  { field: 'style', label: 'geoserverApi.style' },
];

/** The map-server API test (`/geoserver/api`): inputs, a group of buttons per resource, and the result of the last call. */
export function ApiTestPage() {
  const { form, setForm, outcome, pending, adminApi, run } = useOutletContext<ApiTestState>();
  const { t } = useI18n();
  useDocumentTitle(t('a11y.pageTitle', { title: t('geoserver.apiTest'), app: t('geoserver.title') }));
  const { message, modal } = App.useApp();
  const navigate = useNavigate();

  const send = async (call: ApiCall) => {
    const result = await run(call);
    if (result.status === 'refused' && !call.quiet) {
      void message.warning({ key: 'geoserverApi.refused', content: <ErrorMessage tell={tellOutcomeError(result.error, form)} /> });
    }
  };

  // A deleting call names what goes and asks first; a blank input is refused at once, as for any call.
  const press = (call: ApiCall) => {
    if (!call.confirm || lacksInput(call, form, adminApi)) return send(call);
    const { title, content, values } = call.confirm(form, adminApi);
    return new Promise<void>((resolve) => {
      modal.confirm({
        title: t(title, values),
        content: t(content),
        okText: t('geoserverApi.confirm.ok'),
        okButtonProps: { danger: true },
        cancelText: t('geoserverApi.confirm.cancel'),
        onOk: () => {
          resolve();
          void send(call);
        },
        onCancel: () => resolve(),
      });
    });
  };

  // The loading icon is drawn here rather than by antd's `loading`, whose delayed state could stay
  // stuck on a call that answered within the same frame; the name of the button never changes.
  const button = (call: ApiCall) => {
    const running = pending.has(call.id);
    return (
      <Button key={call.id} aria-busy={running} icon={running ? <LoadingOutlined aria-hidden /> : undefined} onClick={() => running || void press(call)}>
        {t(call.label)}
      </Button>
    );
  };

  const result = resultText(outcome, t, form);
  return (
    <div className="gportal-api-columns">
      <div>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Panel size="small" title={t('geoserverApi.title')} extra={adminApi === 'portal' && <Tag color="blue">{t('geoserverApi.adminApiPortal')}</Tag>}>
            <div className="gportal-api-fields">
              {TEXT_FIELDS.map(({ field, label }) => (
                <div key={field}>
                  <FormField id={`api-${field}`} label={t(label)} style={{ marginBottom: 12 }}>
                    <Input id={`api-${field}`} value={form[field]} allowClear onChange={(event) => setForm({ [field]: event.target.value })} />
                  </FormField>
                </div>
              ))}
              <div>
                <FormField id="api-srid" label={t('geoserverApi.srid')} style={{ marginBottom: 12 }}>
                  <Input
                    id="api-srid"
                    type="number"
                    min={0}
                    step={1}
                    value={form.srid ?? ''}
                    onChange={(event) => setForm({ srid: event.target.value === '' ? null : Math.max(0, Math.round(Number(event.target.value))) })}
                  />
                </FormField>
              </div>
              <div style={{ display: 'flex', alignItems: 'center' }}>
                <label className="gportal-checkbox-label">
                  <input type="checkbox" className="gportal-checkbox" checked={form.recurse} onChange={(event) => setForm({ recurse: event.target.checked })} />
                  {t('geoserverApi.recurse')}
                </label>
              </div>
              <div className="gportal-api-wide">
                <FormField id="api-sld" label={t('geoserverApi.sld')} style={{ marginBottom: 0 }}>
                  <Input.TextArea
                    id="api-sld"
                    value={form.sld}
                    autoSize={{ minRows: 3, maxRows: 14 }}
                    spellCheck={false}
                    style={{ fontFamily: 'monospace', fontSize: 12 }}
                    onChange={(event) => setForm({ sld: event.target.value })}
                  />
                </FormField>
              </div>
            </div>
          </Panel>
          {API_GROUPS.map(({ group, title }) => (
            <Panel key={group} size="small" title={t(title)}>
              <Space wrap size={[8, 8]}>
                {API_CALLS.filter((call) => call.group === group).map(button)}
              </Space>
            </Panel>
          ))}
          <Panel size="small" title={t('geoserverApi.group.map')}>
            <Button type="primary" icon={<AimOutlined aria-hidden />} onClick={() => navigate(ROUTES.geoserverMap)}>
              {t('geoserverApi.mapZoom')}
            </Button>
          </Panel>
        </Space>
      </div>
      <div>
        <Panel
          size="small"
          title={t('geoserverApi.result')}
          extra={outcome && <Tag color={outcome.status === 'succeeded' ? 'success' : outcome.status === 'failed' ? 'error' : 'warning'}>{t(outcome.call.label)}</Tag>}
          style={{ position: 'sticky', top: 16 }}
        >
          <Input.TextArea
            aria-label={t('geoserverApi.result')}
            data-testid="api-result"
            data-outcome={outcome?.seq ?? 0}
            {...{ [RAW_TEXT_ATTRIBUTE]: result.raw }}
            readOnly
            value={result.text}
            placeholder={t('geoserverApi.resultEmpty')}
            autoSize={{ minRows: 10, maxRows: 32 }}
            spellCheck={false}
            style={{ fontFamily: 'monospace', fontSize: 12 }}
          />
        </Panel>
      </div>
    </div>
  );
}
