import { boundsOfGeometries, DRAWING, FEATURE_SOURCE, fittableBounds, type FeatureSource, type MapFeature } from '@gportal/core';
import { Alert, App, Space, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useOutletContext } from 'react-router-dom';
import type { AppConfig } from '../../shell/app-config';
import { APP_CONFIG } from '../../shell/app-tokens';
import { useService } from '../../ui/services';
import { baseLayerOf, L, toLatLngBounds, useBaseLayer, useLeafletMap } from '../../map';
import '../../map/styles/map.css';
import { useI18n } from '../../i18n/i18n-provider';
import { useDocumentTitle } from '../../i18n/use-document-title';
import type { ApiTestState } from './api-test-state';
import { tellError } from '../../i18n/describe-error';
import { ErrorMessage, RAW_TEXT_ATTRIBUTE } from '../../ui/error-detail';

type LoadState = { status: 'loading' } | { status: 'loaded'; count: number } | { status: 'failed'; error: unknown };


/** A feature's properties as a text-only popup: values from the server are never read as HTML. */
function popupOf(feature: MapFeature): HTMLElement {
  const list = document.createElement('dl');
  list.setAttribute(RAW_TEXT_ATTRIBUTE, '');
  list.style.margin = '0';
  const rows: Array<[string, string]> = [['id', feature.id], ...Object.entries(feature.properties).map(([key, value]): [string, string] => [key, value instanceof Date ? value.toISOString().slice(0, 10) : String(value)])];
  for (const [key, value] of rows) {
    const term = document.createElement('dt');
    term.style.fontWeight = '600';
    term.textContent = key;
    const description = document.createElement('dd');
    description.style.margin = '0 0 4px';
    description.textContent = value;
    list.append(term, description);
  }
  return list;
}

/**
 * The map part of the GeoServer test: the layer named on the API test, read-only, drawn on one
 * canvas and zoomed to its features. The editable feature map lives in `src/map/`.
 */
export function LayerMapPage() {
  const { form } = useOutletContext<ApiTestState>();
  const source = useService<FeatureSource>(FEATURE_SOURCE);
  const { t } = useI18n();
  useDocumentTitle(t('a11y.pageTitle', { title: t('geoserver.map'), app: t('geoserver.title') }));
  const element = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const workspace = form.workspace.trim();
  const layer = form.layer.trim();
  const typeName = workspace && layer ? `${workspace}:${layer}` : undefined;

  // The map and base map of the feature map (offline Natural Earth land, or the WMTS layer in map-server mode).
  const map = useLeafletMap(element);
  const config = useService<AppConfig>(APP_CONFIG);
  const { message } = App.useApp();
  const baseLayer = useMemo(() => baseLayerOf(config.mode === 'map-server' ? config.wmtsUrl : undefined, config.geoserverRestUrl), [config]);
  useBaseLayer(map, baseLayer, (error) => void message.warning(<ErrorMessage tell={tellError(error)} lead={(reason, translate) => translate('map.baseMapFailed', { reason })} />));

  useEffect(() => {
    if (!map || !typeName) return;
    const container = map.getContainer();
    const renderer = L.canvas();
    const recordView = () => container.setAttribute('data-bounds', map.getBounds().toBBoxString());
    map.on('moveend', recordView);
    let current = true;
    let shown: L.Layer | undefined;
    setState({ status: 'loading' });
    source.getFeatures({ typeName }).then(
      ({ features }) => {
        if (!current) return;
        shown = L.geoJSON(
          // The whole feature rides in `properties`, so its popup can show the id too.
          features.map((feature) => ({ type: 'Feature' as const, id: feature.id, properties: feature, geometry: feature.geometry })),
          {
            style: { ...DRAWING.featureStyle },
            pointToLayer: (_point, latlng) => L.circleMarker(latlng, { renderer, radius: 6, ...DRAWING.featureStyle }),
            onEachFeature: (feature, shape) => shape.bindPopup(() => popupOf(feature.properties as MapFeature)),
          },
        ).addTo(map);
        const bounds = boundsOfGeometries(features.map((feature) => feature.geometry));
        if (bounds) map.fitBounds(toLatLngBounds(fittableBounds(bounds)), { animate: false, padding: [24, 24] });
        setState({ status: 'loaded', count: features.length });
      },
      (error: unknown) => {
        if (current) setState({ status: 'failed', error });
      },
    );
    return () => {
      current = false;
      map.off('moveend', recordView);
      if (shown) map.removeLayer(shown);
    };
  }, [map, source, typeName]);

  if (!typeName) return <Alert type="info" showIcon title={t('geoserverMap.none')} />;
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      <Space wrap>
        <Tag color="blue">{t('geoserverMap.layer', { typeName })}</Tag>
        {state.status === 'loaded' && <span data-testid="layer-map-count">{state.count === 0 ? t('geoserverMap.empty', { typeName }) : t('geoserverMap.count', { count: state.count })}</span>}
      </Space>
      {state.status === 'failed' && (
        <Alert type="error" showIcon title={<ErrorMessage tell={tellError(state.error)} lead={(detail, translate) => translate('geoserverMap.failed', { typeName, detail })} />} />
      )}
      <div ref={element} role="region" aria-label={t('geoserverMap.label')} data-testid="layer-map" className="gportal-sea" style={{ height: 480, width: '100%', border: '1px solid #f0f0f0' }} />
    </Space>
  );
}
