import type { ViewState } from '@gportal/core';
import { formatCount } from '../../i18n/format-count';
import { useI18n } from '../../i18n/i18n-provider';

/**
 * Over the map, while the view holds more features than a load: how many, and that zooming in
 * lets them be edited. Nothing otherwise.
 */
export function ViewLimitNotice({ state }: { state: ViewState | undefined }) {
  const { t, locale } = useI18n();
  if (state?.kind !== 'too-many') return null;
  // `count` picks the plural; `number` is the count as the language writes it (100,000).
  const number = formatCount(state.count, locale);
  return (
    <div className="gportal-view-limit" role="status" data-testid="view-limit">
      {t('map.tooManyInView', { count: state.count, number })}
    </div>
  );
}
