import type { LayerKind } from '@gportal/core';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { UNSPACED_BUTTON } from '../../ui/labelled-button';

/** The layer asked for: a layer type, or a server type name (from the URL or the map-server selector) that wins when the server has it. */
export interface LayerChoice {
  kind: LayerKind;
  typeName?: string;
}

/**
 * The chosen layer. Choosing another while `dirty` asks first, as leaving the screen does: the
 * changes stay in the journal either way, but the badge of the next layer would not show them.
 */
export function useLayerChoice(initial: LayerChoice) {
  const { t } = useI18n();
  const { modal } = App.useApp();
  const [choice, setChoice] = useState<LayerChoice>(initial);
  const choose = useCallback(
    (next: LayerChoice, dirty: boolean) => {
      if (!dirty) {
        setChoice(next);
        return;
      }
      modal.confirm({
        title: t('featureMap.switchConfirmTitle'),
        content: t('featureMap.leaveConfirmBody'),
        okText: t('featureMap.switchConfirmOk'),
        cancelText: t('featureMap.stay'),
        okButtonProps: UNSPACED_BUTTON,
        cancelButtonProps: UNSPACED_BUTTON,
        onOk: () => setChoice(next),
      });
    },
    [modal, t],
  );
  return { choice, choose };
}
