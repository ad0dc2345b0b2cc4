import type { ViewState } from '@gportal/core';
import { useI18n } from '../i18n/i18n-provider';

/**
 * Over the map, while the view holds more features than a load: how many, and that zooming in
 * lets them be edited. Nothing otherwise.
 */
export function ViewLimitNotice({ state }: { state: ViewState | undefined }) {
  const { t } = useI18n();
  if (state?.kind !== 'too-many') return null;
  return (
    <div className="gportal-view-limit" role="status" data-testid="view-limit">
      {t('map.tooManyInView', { count: state.count })}
    </div>
  );
}
