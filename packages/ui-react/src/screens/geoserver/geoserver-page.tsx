import { Tabs } from 'antd';
import { useI18n } from '../../i18n/i18n-provider';
import { ScreenPlaceholder } from '../layout/screen-placeholder';

/** The GeoServer test container: file test, API test and map (their screens come in a later issue). */
export function GeoserverPage() {
  const { t } = useI18n();
  return (
    <ScreenPlaceholder title={t('geoserver.title')}>
      <Tabs
        items={[
          { key: 'file', label: t('geoserver.fileTest') },
          { key: 'api', label: t('geoserver.apiTest') },
          { key: 'map', label: t('geoserver.map') },
        ]}
      />
    </ScreenPlaceholder>
  );
}
