import { AimOutlined, CloseOutlined, DeleteOutlined, EditOutlined, CheckOutlined, SaveOutlined, BorderOutlined, UndoOutlined, RedoOutlined, EnvironmentOutlined, ColumnWidthOutlined, ExpandOutlined, ScissorOutlined, MergeOutlined, BlockOutlined, NodeIndexOutlined } from '@ant-design/icons';
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
  /** Whether the layer shows any feature: 编辑, 删除 and 分割 need one. */
  hasFeatures: boolean;
  /** Whether it shows two or more: 合并 needs them. */
  hasFeaturesToMerge: boolean;
  /** The hint under the tools for the tool in use, in the active language. */
  hint: string | undefined;
  canUndo: boolean;
  canRedo: boolean;
  snapping: { enabled: boolean; setEnabled(on: boolean): void };
  /** 避免重叠, on a polygon layer: offered beside a polygon being drawn or reshaped. */
  avoidOverlaps?: { enabled: boolean; setEnabled(on: boolean): void };
  /** 拓扑编辑, on a polygon or line layer: offered beside a shape being edited. */
  topological?: { enabled: boolean; setEnabled(on: boolean): void };
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
  /** 完成 of 编辑, 删除 and 合并: hands the edit to the session (合并's dialog first). */
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
  const { ref, folded, placement, mode, ready, shapeKind, drawnPoints, hasFeatures, hasFeaturesToMerge, hint, canUndo, canRedo, snapping, avoidOverlaps, topological, editing, geometryKind, partTool, children } = props;
  const { t } = useI18n();
  const [keysOpen, setKeysOpen] = useState(false);
  const keysId = useId();
  const drawTool = runningDrawTool(mode);
  // 测量 reads the map only: usable with any layer, editable or not, and again over a finished measure.
  const measureFree = mode.type === 'idle' || (mode.type === 'measure' && mode.done === true);
  // While measuring, the other of 测距离 and 测面积 beside 完成.
  const cuttable = shapeKind === 'polygon' || shapeKind === 'line';
  // In the tool's own bar on a narrow map (a tablet) the two toggles show their icons only (their names
  // stay their accessible names), so a shape edit's buttons keep to one row there.
  const narrowIcon = folded ? undefined : 'gportal-icon-when-narrow';
  const topologicalButton = topological && (
    <LabelledButton className={narrowIcon} label={t('map.topology.toggle')} icon={<NodeIndexOutlined />} type={topological.enabled ? 'primary' : 'default'} aria-pressed={topological.enabled} onClick={() => topological.setEnabled(!topological.enabled)} />
  );
  const avoidButton = avoidOverlaps && (
    <LabelledButton className={narrowIcon} label={t('map.avoid.toggle')} icon={<BlockOutlined />} type={avoidOverlaps.enabled ? 'primary' : 'default'} aria-pressed={avoidOverlaps.enabled} onClick={() => avoidOverlaps.setEnabled(!avoidOverlaps.enabled)} />
  );
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
            {/* The shape kept is cut back from its neighbours before it becomes pending: a choice made as it is drawn or reshaped. */}
            {!folded && avoidOverlaps && ((mode.type === 'draw' && mode.tool === 'polygon') || (mode.type === 'edit' && editing)) && avoidButton}
            {/* A vertex shared with a neighbour moves in both: a choice made as the shape is edited. */}
            {!folded && mode.type === 'edit' && editing && topologicalButton}
            {(mode.type === 'edit' || mode.type === 'delete' || mode.type === 'merge') && <LabelledButton label={t('map.tool.done')} type="primary" icon={<CheckOutlined />} onClick={props.onSave} />}
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
      {/* Folded (a phone), among the tools beside 吸附: the row under 工具 keeps to the mode's own buttons. */}
      {folded && avoidButton}
      {folded && topologicalButton}
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
      {/* A point is neither cut nor merged: only polygons and lines. */}
      {toolButton(mode.type === 'split', ready && hasFeatures && cuttable, t('map.tool.split'), <ScissorOutlined />, 'split', { type: 'split' })}
      {toolButton(mode.type === 'merge', ready && hasFeaturesToMerge && cuttable, t('map.tool.merge'), <MergeOutlined />, 'merge', { type: 'merge' })}
      <ConfigProvider componentDisabled={!measureFree}>{children}</ConfigProvider>
      <KeyboardHelpButton open={keysOpen} keys={keysId} onToggle={() => setKeysOpen(!keysOpen)} />
    </FoldingToolbar>
  );
});
