import { Tag } from 'antd';
import { memo } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import type { PendingCounts } from '../session';

/** What is not saved yet (inserts, updates, deletes), always in sight: rendered again only when a count (or the language) changes. */
export const PendingBadge = memo(
  function PendingBadge({ pending }: { pending: PendingCounts }) {
    const { t } = useI18n();
    return (
      <Tag color={pending.total > 0 ? 'orange' : 'default'} data-testid="pending-badge" role="status" style={{ marginInlineEnd: 0 }}>
        {pending.total > 0 ? t('map.pending', { inserts: pending.inserts, updates: pending.updates, deletes: pending.deletes }) : t('map.noPending')}
      </Tag>
    );
  },
  (before, after) => before.pending.inserts === after.pending.inserts && before.pending.updates === after.pending.updates && before.pending.deletes === after.pending.deletes,
);
