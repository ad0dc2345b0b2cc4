import { useI18n } from '../../i18n/i18n-provider';
import { ScreenPlaceholder } from '../layout/screen-placeholder';

/** Route testMap: the layer-type map test (comes in a later issue). */
export function TestMapPage() {
  const { t } = useI18n();
  return <ScreenPlaceholder title={t('testMap.title')} />;
}
