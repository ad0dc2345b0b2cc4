import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n-provider';

/**
 * The editor while a save runs: marked busy, veiled, with a spinner and "saving" announced.
 * antd's nested `Spin` would make the whole editor a polite live region, so a screen reader
 * would read every change of the toolbar, hint and read-out; here only the status is one.
 */
export function SavingOverlay({ saving, children }: { saving: boolean; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="gportal-saving-frame" aria-busy={saving}>
      {children}
      <div role="status" className={saving ? 'gportal-saving' : 'gportal-visually-hidden'}>
        {saving && (
          <>
            <Spin /> <span>{t('map.saving')}</span>
          </>
        )}
      </div>
    </div>
  );
}
