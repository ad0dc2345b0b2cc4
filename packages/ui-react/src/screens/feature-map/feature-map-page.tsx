import { useState } from 'react';
import type { AppConfig } from '../../app/app-config';
import { APP_CONFIG } from '../../app/app-tokens';
import { useService } from '../../app/services';
import { useI18n } from '../../i18n/i18n-provider';
import { useDocumentTitle } from '../../i18n/use-document-title';
import { FeatureMapView } from '../../map/feature-map';
import { useLeaveGuard } from '../../map/use-leave-guard';
import { Panel } from '../layout/panel';

/** The feature map: draw, edit, delete, measure and save the features of a layer. */
export function FeatureMapPage() {
  const { t } = useI18n();
  useDocumentTitle(t('featureMap.title'));
  const config = useService<AppConfig>(APP_CONFIG);
  const [dirty, setDirty] = useState(false);
  useLeaveGuard(dirty);
  return (
    <Panel title={t('featureMap.title')} bodyStyle={{ paddingTop: 12 }}>
      <FeatureMapView
        wmtsUrl={config.mode === 'map-server' ? config.wmtsUrl : undefined}
        credentialsOrigin={config.geoserverRestUrl}
        height="calc(100vh - 260px)" onDirtyChange={setDirty} />
    </Panel>
  );
}
