import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { Panel } from './panel';

/** A screen whose content comes in a later issue: its route, title and lazily loaded chunk already exist. */
export function ScreenPlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useI18n();
  return (
    <Panel title={title}>
      {children}
      <Empty description={t('placeholder.later')} />
    </Panel>
  );
}
