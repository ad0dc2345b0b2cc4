import { DeleteColumnOutlined, PlusSquareOutlined, ScissorOutlined } from '@ant-design/icons';
import type { GeometryKind } from '@gportal/core';
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import type { MessageKey } from '../../i18n/messages';
import { LabelledButton } from '../../ui/labelled-button';
import { partToolsOf, type PartTool } from '../vertex';

const BUTTONS: Readonly<Record<PartTool, { label: MessageKey; icon: ReactNode }>> = {
  hole: { label: 'map.tool.cutHole', icon: <ScissorOutlined /> },
  addPart: { label: 'map.tool.addPart', icon: <PlusSquareOutlined /> },
  removePart: { label: 'map.tool.removePart', icon: <DeleteColumnOutlined /> },
};

/** The part tools of a shape edit that the layer takes; the active one is highlighted, a second press ends it. */
export function PartToolButtons({ kind, active, onChange }: { kind: GeometryKind | undefined; active: PartTool | undefined; onChange(tool: PartTool | undefined): void }) {
  const { t } = useI18n();
  return partToolsOf(kind).map((tool) => (
    <LabelledButton
      key={tool}
      label={t(BUTTONS[tool].label)}
      icon={BUTTONS[tool].icon}
      type={active === tool ? 'primary' : 'default'}
      aria-pressed={active === tool}
      onClick={() => onChange(active === tool ? undefined : tool)}
    />
  ));
}
