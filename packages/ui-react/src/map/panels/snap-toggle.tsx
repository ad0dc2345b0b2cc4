import { AimOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n/i18n-provider';
import { LabelledButton } from '../../ui/labelled-button';

/** The 吸附 toggle: pressed (solid, as a primary button, for its contrast) while drawn and dragged vertices snap to neighbours. */
export function SnapToggle({ on, onChange }: { on: boolean; onChange(on: boolean): void }) {
  const { t } = useI18n();
  return <LabelledButton label={t('map.tool.snap')} icon={<AimOutlined />} type={on ? 'primary' : 'default'} aria-pressed={on} onClick={() => onChange(!on)} />;
}
