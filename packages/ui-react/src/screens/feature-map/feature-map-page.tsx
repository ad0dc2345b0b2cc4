import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AppConfig } from '../../shell/app-config';
import { APP_CONFIG } from '../../shell/app-tokens';
import { fieldLabelsOf } from '../../shell/sample-field-labels';
import { useService } from '../../ui/services';
import { useI18n } from '../../i18n/i18n-provider';
import { useDocumentTitle } from '../../i18n/use-document-title';
import { FeatureMapView, parseShownLayers, shownLayersParam, useLeaveGuard, wmsUrlOf, type ShownLayerChoice } from '../../map';
import { Panel } from '../layout/panel';
import './feature-map-page.css';

/** The feature map: draw, edit, delete, measure and save the features of a layer. */
export function FeatureMapPage() {
  const { t } = useI18n();
  useDocumentTitle(t('featureMap.title'));
  const config = useService<AppConfig>(APP_CONFIG);
  const [dirty, setDirty] = useState(false);
  useLeaveGuard(dirty);
  // The chosen layer lives in the URL (`?layer=store_33:line`): kept over a reload, and shareable.
  const [params, setParams] = useSearchParams();
  const [initialTypeName] = useState(() => params.get('layer') ?? undefined);
  // Made once: the session's labels follow this object.
  const fieldLabels = useMemo(() => fieldLabelsOf(config), [config]);
  // And the layers shown under it (`&show=store_33:line~0.6,store_33:point`).
  const [initialShown] = useState(() => (params.has('show') ? parseShownLayers(params.get('show') ?? '') : undefined));
  const keep = useCallback(
    (name: string, value: string) =>
      setParams(
        (now) => {
          const next = new URLSearchParams(now);
          if (value === '') next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const keepLayer = useCallback((layer: string) => keep('layer', layer), [keep]);
  const keepShown = useCallback((shown: readonly ShownLayerChoice[]) => keep('show', shownLayersParam(shown)), [keep]);
  return (
    <Panel title={t('featureMap.title')} bodyStyle={{ paddingTop: 12 }} className="gportal-feature-map-page">
      <FeatureMapView
        wmtsUrl={config.mode === 'map-server' ? config.wmtsUrl : undefined}
        wmsUrl={config.mode === 'map-server' ? wmsUrlOf(config.wfsUrl) : undefined}
        credentialsOrigin={config.geoserverRestUrl}
        tiandituKey={config.tiandituKey || undefined} tiandituReviewNumber={config.tiandituReviewNumber || undefined}
        height="calc(100vh - 260px)" onDirtyChange={setDirty}
        initialTypeName={initialTypeName} onLayerChange={keepLayer} initialShownLayers={initialShown} onShownLayersChange={keepShown} layerInfoTemplate={config.layerInfoTemplate}
        fieldLabels={fieldLabels} unknownOutcomeWindowMs={config.unknownOutcomeWindowMs} layerList={config.mode === 'map-server' ? 'server' : 'kinds'} />
    </Panel>
  );
}
