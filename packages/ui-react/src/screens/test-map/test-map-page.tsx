import { CloudUploadOutlined } from '@ant-design/icons';
import { DRAWING, SAMPLE_DEFAULTS } from '@gportal/core';
import { App, Space } from 'antd';
import { useMemo } from 'react';
import type { AppConfig } from '../../shell/app-config';
import { APP_CONFIG } from '../../shell/app-tokens';
import { useService } from '../../ui/services';
import { useI18n } from '../../i18n/i18n-provider';
import { useDocumentTitle } from '../../i18n/use-document-title';
import { baseLayerOf, EditorMap, LayerTypeSelect, ServerLayerSelect, PendingBadge, useBeforeUnload, useFeatureSession, useLayerChoice, useLeaveGuard } from '../../map';
import { LabelledButton } from '../../ui/labelled-button';
import { SECONDARY_TEXT } from '../../ui/text-styles';
import { Panel } from '../layout/panel';

const SIZE = DRAWING.sampleMapSizePx;

/** Route testMap: a 500 × 500 map of one layer type at a time, and a button that saves what was drawn. */
export function TestMapPage() {
  const { t } = useI18n();
  useDocumentTitle(t('testMap.title'));
  const config = useService<AppConfig>(APP_CONFIG);
  const { choice, choose } = useLayerChoice({ kind: SAMPLE_DEFAULTS.layer });
  const sessionOptions = useMemo(() => ({ fieldLabels: config.fieldLabels }), [config]);
  const { view, save } = useFeatureSession(choice.kind, choice.typeName, sessionOptions);
  const baseLayer = useMemo(() => baseLayerOf(config.mode === 'map-server' ? config.wmtsUrl : undefined, config.geoserverRestUrl), [config]);
  const { message } = App.useApp();
  const dirty = view.pending.total > 0;
  // With nothing pending a save would only report zero changes saved; say so instead.
  const submit = () => (dirty ? void save() : void message.info({ key: 'testMap.nothingToSave', content: t('testMap.nothingToSave') }));
  useBeforeUnload(dirty);
  useLeaveGuard(dirty);
  return (
    <Panel title={t('testMap.title')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <span style={SECONDARY_TEXT}>{t('testMap.intro')}</span>
        <Space wrap>
          {config.mode === 'map-server' ? (
            <ServerLayerSelect layers={view.layers} value={view.typeName ?? choice.typeName} onChange={(typeName) => choose({ kind: choice.kind, typeName }, dirty)} disabled={view.status === 'saving'} />
          ) : (
            <LayerTypeSelect value={choice.kind} onChange={(next) => choose({ kind: next }, dirty)} disabled={view.status === 'saving'} />
          )}
          <LabelledButton label={t('testMap.submit')} type="primary" icon={<CloudUploadOutlined />} loading={view.status === 'saving'} disabled={view.status !== 'ready'} onClick={submit} />
          <PendingBadge pending={view.pending} />
        </Space>
        {/* 500 × 500, narrower on a phone rather than wider than the page; the status line beneath it,
            the toolbar above it (its rows would cover a map this small). */}
        <EditorMap view={view} style={{ width: '100%', maxWidth: SIZE }} mapHeight={SIZE} baseLayer={baseLayer} toolbarPlacement="above" />
      </Space>
    </Panel>
  );
}
