import { QuestionOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useId, useState } from 'react';
import { useI18n } from '../i18n/i18n-provider';

/** The toolbar's `?`: the map's keys for drawing and for stepping through features, shown on demand. */
export function KeyboardHelp() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button
        icon={<QuestionOutlined aria-hidden />}
        aria-label={t('map.keys.help')}
        title={t('map.keys.help')}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      />
      <div id={id} className="gportal-hint gportal-keys" hidden={!open}>
        <p>{t('map.keys.draw')}</p>
        <p>{t('map.keys.features')}</p>
      </div>
    </>
  );
}
