import { QuestionOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useI18n } from '../../i18n/i18n-provider';

/** The toolbar's `?`: shows or hides the map's keys (`KeyboardKeys`, element `keys`). */
export function KeyboardHelpButton({ open, keys, onToggle }: { open: boolean; keys: string; onToggle(): void }) {
  const { t } = useI18n();
  return (
    <Button icon={<QuestionOutlined aria-hidden />} aria-label={t('map.keys.help')} title={t('map.keys.help')} aria-expanded={open} aria-controls={keys} onClick={onToggle} />
  );
}

/** The map's keys for drawing and for stepping through features, below the toolbar like its hint. */
export function KeyboardKeys({ id, open }: { id: string; open: boolean }) {
  const { t } = useI18n();
  return (
    <div id={id} className="gportal-hint gportal-keys" hidden={!open}>
      <p>{t('map.keys.draw')}</p>
      <p>{t('map.keys.features')}</p>
    </div>
  );
}
