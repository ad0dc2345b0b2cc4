import { AimOutlined, CloseOutlined, DeleteOutlined, EditOutlined, CheckOutlined, SaveOutlined, BorderOutlined, UndoOutlined, RedoOutlined, EnvironmentOutlined, ColumnWidthOutlined, ExpandOutlined } from '@ant-design/icons';
import type { GeometryKind } from '@gportal/core';
import { ConfigProvider, Tooltip } from 'antd';
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
  /** Over the map's top right, or above the map ({@link FoldingToolbar}'s placement). */
  placement?: 'over' | 'above';
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
  /**
   * The screen's own controls (save, redraw …), in the tools' rows after 编辑 and 删除; antd
   * controls among them are disabled while a tool runs (unless they set `disabled` themselves:
   * `disabled={condition || undefined}` leaves it to the toolbar).
   */
  children?: ReactNode;
  onStart(next: EditorMode, opener: FocusOpener): void;
  onFinish(): void;
  /** 完成 of 编辑 and 删除: hands the edit to the session. */
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
 * one fitting the layer enabled), undo and redo, snapping, 测量, 编辑 and 删除 with the screen's
 * own controls, and the keyboard help. The rows are the same whatever runs: a running tool's
 * button shows pressed, the tools that cannot start meanwhile are disabled, and the tool's own
 * buttons (完成, 取消, 输入坐标, the part tools of a shape edit) come in their own place beside
 * the rows ({@link FoldingToolbar}'s actions), with its hint beneath.
 */
export const EditorToolbar = memo(function EditorToolbar(props: EditorToolbarProps) {
  const { ref, folded, placement, mode, ready, shapeKind, drawnPoints, hasFeatures, hint, canUndo, canRedo, snapping, editing, geometryKind, partTool, children } = props;
  const { t } = useI18n();
  const [keysOpen, setKeysOpen] = useState(false);
  const keysId = useId();
  const drawTool = runningDrawTool(mode);
  // 测量 reads the map only: usable with any layer, editable or not, and again over a finished measure.
  const measureFree = mode.type === 'idle' || (mode.type === 'measure' && mode.done === true);
  // While measuring, the other of 测距离 and 测面积 beside 完成.
  const otherMeasure: MeasureTool | undefined = mode.type === 'measure' ? (mode.tool === 'line' ? 'polygon' : 'line') : undefined;

  /** A tool's button in the rows: pressed (and not pressed again) while it runs, disabled while another does. */
  const toolButton = (running: boolean, usable: boolean, label: string, icon: ReactNode, tool: string, next: EditorMode) => (
    <LabelledButton
      label={label}
      icon={icon}
      className={running ? 'gportal-tool-active' : undefined}
      aria-pressed={running}
      disabled={running || !usable || !measureFree}
      data-tool={tool}
      onClick={() => props.onStart(next, tool)}
    />
  );
  const drawButton = (tool: DrawTool, label: MessageKey, icon: ReactNode) => {
    const fits = shapeKind === tool;
    const button = toolButton(mode.type === 'draw' && mode.tool === tool, ready && fits, t(label), icon, tool, { type: 'draw', tool });
    return ready && !fits ? <Tooltip title={t('map.tool.notForLayer')}>{button}</Tooltip> : button;
  };

  return (
    <FoldingToolbar
      ref={ref}
      folded={folded}
      placement={placement}
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
            {editing && <PartToolButtons kind={geometryKind} active={partTool} onChange={props.onPartTool} />}
            {(mode.type === 'edit' || mode.type === 'delete') && <LabelledButton label={t('map.tool.done')} type="primary" icon={<CheckOutlined />} onClick={props.onSave} />}
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
        className={mode.type === 'measure' ? 'gportal-tool-active' : undefined}
        aria-pressed={mode.type === 'measure'}
        disabled={!measureFree}
        data-tool="measure"
        onClick={() => props.onStart({ type: 'measure', tool: 'line' }, 'measure')}
      />
      {toolButton(mode.type === 'edit', ready && hasFeatures, t('map.tool.edit'), <EditOutlined />, 'edit', { type: 'edit' })}
      {toolButton(mode.type === 'delete', ready && hasFeatures, t('map.tool.delete'), <DeleteOutlined />, 'delete', { type: 'delete', marked: [] })}
      <ConfigProvider componentDisabled={!measureFree}>{children}</ConfigProvider>
      <KeyboardHelpButton open={keysOpen} keys={keysId} onToggle={() => setKeysOpen(!keysOpen)} />
    </FoldingToolbar>
  );
});
