import { AimOutlined, CloseOutlined, DeleteOutlined, EditOutlined, CheckOutlined, SaveOutlined, BorderOutlined, UndoOutlined, RedoOutlined, EnvironmentOutlined, ColumnWidthOutlined, ExpandOutlined } from '@ant-design/icons';
import type { GeometryKind } from '@gportal/core';
import { Tooltip } from 'antd';
import { memo, useId, useState, type ReactNode, type RefObject } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import type { MessageKey } from '../../i18n/messages';
import { runningDrawTool, type EditorMode, type MeasureTool } from './editor-mode';
import { FoldingToolbar } from './folding-toolbar';
import { KeyboardHelpButton, KeyboardKeys } from './keyboard-help';
import { LabelledButton } from '../../ui/labelled-button';
import { PartToolButtons } from './part-tool-buttons';
import { SnapToggle } from './snap-toggle';
import { FINISH_MINIMUM, type DrawTool } from '../draw';
import type { FocusOpener } from './use-editor-focus';
import type { PartTool } from '../vertex';

/** Props of {@link EditorToolbar}. */
export interface EditorToolbarProps {
  ref: RefObject<HTMLDivElement | null>;
  /** The tools fold behind one button (a small map). */
  folded: boolean;
  mode: EditorMode;
  /** The layer can be edited now (loaded, not edited in another tab, not too many features in view). */
  ready: boolean;
  /** The shape the layer's features have: the one drawing tool that fits it. */
  shapeKind: DrawTool | undefined;
  /** The drawing's vertices so far: 完成 needs enough of them. */
  drawnPoints: number;
  /** Whether the layer shows any feature: 编辑 and 删除 need one. */
  hasFeatures: boolean;
  /** The hint under the tools for the tool in use, in the active language. */
  hint: string | undefined;
  canUndo: boolean;
  canRedo: boolean;
  snapping: { enabled: boolean; setEnabled(on: boolean): void };
  /** A shape is being edited: its part tools show. */
  editing: boolean;
  geometryKind: GeometryKind | undefined;
  partTool: PartTool | undefined;
  /** Controls shown while no tool is active (save, redraw …). */
  children?: ReactNode;
  onStart(next: EditorMode, opener: FocusOpener): void;
  onFinish(): void;
  /** 保存 of 编辑 and 删除: hands the edit to the session. */
  onSave(): void;
  onCancel(): void;
  onUndo(): void;
  onRedo(): void;
  onPartTool(tool: PartTool | undefined): void;
  /** 输入坐标 while drawing or editing a shape: opens the dialog that types the drawing's vertices, or moves the edited shape's. */
  onEnterCoordinates(): void;
}

/**
 * The editor's tools at the top right of the map (spec section 6): the drawing tools (only the
 * one fitting the layer enabled), undo and redo, snapping, 编辑 and 删除 with the screen's own
 * controls, the part tools while a shape is edited, and the keyboard help; while a tool is in use,
 * its 完成 or 保存 and 取消, with its hint beneath.
 */
export const EditorToolbar = memo(function EditorToolbar(props: EditorToolbarProps) {
  const { ref, folded, mode, ready, shapeKind, drawnPoints, hasFeatures, hint, canUndo, canRedo, snapping, editing, geometryKind, partTool, children } = props;
  const { t } = useI18n();
  const [keysOpen, setKeysOpen] = useState(false);
  const keysId = useId();
  const drawTool = runningDrawTool(mode);
  // 测量 reads the map only: usable with any layer, editable or not, and again over a finished measure.
  const measureFree = mode.type === 'idle' || (mode.type === 'measure' && mode.done === true);
  // While measuring, the other of 测距离 and 测面积 beside 完成: one button in the toolbar's rows.
  const otherMeasure: MeasureTool | undefined = mode.type === 'measure' ? (mode.tool === 'line' ? 'polygon' : 'line') : undefined;

  const drawButton = (tool: DrawTool, label: MessageKey, icon: ReactNode) => {
    const fits = shapeKind === tool;
    const button = (
      <LabelledButton label={t(label)} icon={icon} type={mode.type === 'draw' && mode.tool === tool ? 'primary' : 'default'} disabled={!ready || !fits || !measureFree} data-tool={tool} onClick={() => props.onStart({ type: 'draw', tool }, tool)} />
    );
    return ready && !fits ? <Tooltip title={t('map.tool.notForLayer')}>{button}</Tooltip> : button;
  };

  return (
    <FoldingToolbar
      ref={ref}
      folded={folded}
      actions={
        mode.type !== 'idle' && (
          <>
            {/* 完成 as a tap on the closing vertex: a finger hides the vertex it must hit. */}
            {drawTool && drawTool !== 'point' && (
              <LabelledButton label={t('map.draw.finish')} type="primary" icon={<CheckOutlined />} disabled={drawnPoints < FINISH_MINIMUM[drawTool]} onClick={props.onFinish} />
            )}
            {otherMeasure && (
              <LabelledButton
                label={t(otherMeasure === 'line' ? 'map.tool.measureLength' : 'map.tool.measureArea')}
                icon={otherMeasure === 'line' ? <ColumnWidthOutlined /> : <ExpandOutlined />}
                onClick={() => props.onStart({ type: 'measure', tool: otherMeasure }, 'measure')}
              />
            )}
            {(drawTool || (mode.type === 'edit' && editing && !partTool)) && <LabelledButton label={t('map.coords.open')} icon={<AimOutlined />} onClick={props.onEnterCoordinates} />}
            {(mode.type === 'edit' || mode.type === 'delete') && <LabelledButton label={t('map.tool.save')} type="primary" icon={<CheckOutlined />} onClick={props.onSave} />}
            <LabelledButton label={t('map.tool.cancel')} icon={<CloseOutlined />} onClick={props.onCancel} />
          </>
        )
      }
      below={
        <>
          {hint && <div className="gportal-hint">{hint}</div>}
          <KeyboardKeys id={keysId} open={keysOpen} />
        </>
      }
    >
      {drawButton('polygon', 'map.tool.drawPolygon', <BorderOutlined />)}
      {drawButton('line', 'map.tool.drawLine', <SaveOutlined />)}
      {drawButton('point', 'map.tool.drawPoint', <EnvironmentOutlined />)}
      <LabelledButton label={t('history.undo')} icon={<UndoOutlined />} disabled={!canUndo} onClick={props.onUndo} />
      <LabelledButton label={t('history.redo')} icon={<RedoOutlined />} disabled={!canRedo} onClick={props.onRedo} />
      <SnapToggle on={snapping.enabled} onChange={snapping.setEnabled} />
      <LabelledButton
        label={t('map.tool.measure')}
        icon={<ColumnWidthOutlined />}
        type={mode.type === 'measure' ? 'primary' : 'default'}
        disabled={!measureFree}
        data-tool="measure"
        onClick={() => props.onStart({ type: 'measure', tool: 'line' }, 'measure')}
      />
      {measureFree && (
        <>
          <LabelledButton label={t('map.tool.edit')} icon={<EditOutlined />} disabled={!ready || !hasFeatures} data-tool="edit" onClick={() => props.onStart({ type: 'edit' }, 'edit')} />
          <LabelledButton label={t('map.tool.delete')} icon={<DeleteOutlined />} disabled={!ready || !hasFeatures} data-tool="delete" onClick={() => props.onStart({ type: 'delete', marked: [] }, 'delete')} />
          {children}
        </>
      )}
      {editing && <PartToolButtons kind={geometryKind} active={partTool} onChange={props.onPartTool} />}
      <KeyboardHelpButton open={keysOpen} keys={keysId} onToggle={() => setKeysOpen(!keysOpen)} />
    </FoldingToolbar>
  );
});
