import { App } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { useI18n } from '../../i18n/i18n-provider';
import { UNSPACED_BUTTON } from '../../ui/labelled-button';

/** While `dirty`, leaving the screen inside the app asks first (closing the tab is `useBeforeUnload`'s). */
export function useLeaveGuard(dirty: boolean): void {
  const { t } = useI18n();
  const { modal } = App.useApp();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('featureMap.leaveConfirmTitle'),
      content: t('featureMap.leaveConfirmBody'),
      okText: t('featureMap.leaveConfirmOk'),
      cancelText: t('featureMap.stay'),
      okButtonProps: UNSPACED_BUTTON,
      cancelButtonProps: UNSPACED_BUTTON,
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);
}
