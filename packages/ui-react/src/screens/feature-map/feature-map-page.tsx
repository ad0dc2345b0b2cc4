import { useI18n } from '../../i18n/i18n-provider';
import { ScreenPlaceholder } from '../layout/screen-placeholder';

/** The feature map with drawing and editing (comes in a later issue). */
export function FeatureMapPage() {
  const { t } = useI18n();
  return <ScreenPlaceholder title={t('featureMap.title')} />;
}
