import { ToolOutlined } from '@ant-design/icons';
import { Space } from 'antd';
import { useEffect, useId, useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { LabelledButton } from '../../ui/labelled-button';
import './folding-toolbar.css';

/**
 * Below these sizes of the map the tools fold behind one button (工具). Unfolded, a dozen
 * buttons need about 660 px for two rows: on a phone's 374 px map they stack into a column over
 * half of it, on a tablet's 730 px map they take two rows (under a tenth of it), which is worth
 * a tap saved on every tool. The map test's 500 px map stays unfolded on a desktop; a landscape
 * phone's map, too low for two rows over it, folds.
 */
export const FOLD_BELOW_PX = { width: 480, height: 360 } as const;

/** Whether an element is smaller than {@link FOLD_BELOW_PX}, kept current as it resizes (a phone turned). */
export function useFolded(element: RefObject<HTMLElement | null>): boolean {
  // Folded from the first paint where the window itself is smaller (a phone), so a phone never
  // shows the unfolded tools for a frame. The element is measured by its ResizeObserver, whose
  // first answer comes with the first frame's layout: reading its size here, in the commit, would
  // lay out the whole page inside React's task, as long a task again on a slow machine.
  const [folded, setFolded] = useState(() => typeof window !== 'undefined' && (window.innerWidth < FOLD_BELOW_PX.width || window.innerHeight < FOLD_BELOW_PX.height));
  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return;
    const observer = new ResizeObserver(() => setFolded(target.clientWidth < FOLD_BELOW_PX.width || target.clientHeight < FOLD_BELOW_PX.height));
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return folded;
}

/**
 * How far down the map the toolbar's rows of buttons reach (px from the editor's top, where the map
 * starts): its first child, the tools' rows or the folded row. Not what shows beneath them for a
 * while (the hint, the keys, the unfolded tools), which a fit to the features need not leave clear.
 * 0 without a toolbar, or with one above the map.
 */
export function toolbarRowsBottom(toolbar: HTMLElement | null): number {
  const rows = toolbar?.firstElementChild;
  if (toolbar?.dataset.placement === 'above') return 0;
  return toolbar && rows instanceof HTMLElement ? toolbar.offsetTop + rows.offsetTop + rows.offsetHeight : 0;
}

/** Props of {@link FoldingToolbar}. */
export interface FoldingToolbarProps {
  /** The toolbar element, for focus to come back to a tool's button. */
  ref: RefObject<HTMLDivElement | null>;
  /** Behind one button (工具), opened and closed by it; otherwise the tools are shown as a row. */
  folded: boolean;
  /** The tools (buttons). */
  children: ReactNode;
  /**
   * The running mode's own buttons (完成, 取消, its part tools): always in the same place, never in
   * the tools' rows, so starting a tool moves none of them. Folded, beside the 工具 button, one tap
   * away while the mode runs; otherwise in a bar of their own under the rows, at the right.
   */
  actions?: ReactNode;
  /** Shown under the tools whether folded or not (the hint, the keys). */
  below?: ReactNode;
  /**
   * `over` the map, at its top right (the feature map), or `above` it, in the page's flow (a small
   * map such as the map test's, which rows over it would cover): there the tools' rows take their
   * own space, and what shows under them for a while (a tool's own bar, the hint, the opened
   * folded tools) lies over the map's top, so the map never moves as a tool starts.
   */
  placement?: 'over' | 'above';
}

/**
 * The map's toolbar at its top right. Folded, it is one button that shows and hides the tools
 * beneath it (a disclosure, so the tools stay inside the toolbar: focus comes back to the button
 * that opened a tool, found by `data-tool`). A tap on any of them folds them again, leaving the
 * map to the finger (a tool just chosen wants the map next), and so do Escape and a tap outside
 * them (the map); focus goes back to the 工具 button rather than to a hidden one. The running
 * mode's actions stay beside the 工具 button, so finishing or cancelling is one tap. Unfolded, the
 * tools' rows are the same whatever runs: a mode's actions come in a bar beneath them.
 */
export function FoldingToolbar({ ref, folded, children, actions, below, placement = 'over' }: FoldingToolbarProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const toolsId = useId();
  const fold = () => {
    setOpen(false);
    ref.current?.querySelector<HTMLElement>(`[aria-controls="${toolsId}"]`)?.focus();
  };

  useEffect(() => setOpen(false), [folded]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, ref]);

  // Folded, the running mode's own buttons beside 工具, by their icons (their names stay their
  // accessible names): with their words they ran off the left edge of a phone's map in English.
  // An action ends or finishes the mode: the tools, if shown, fold too (focus is the editor's to place).
  const foldedActions = actions && (
    <span className="gportal-toolbar-actions" onClick={() => setOpen(false)}>
      {actions}
    </span>
  );
  const tools = (
    <Space wrap size="small">
      {children}
    </Space>
  );
  return (
    <div
      ref={ref}
      className={['gportal-toolbar', folded ? 'gportal-toolbar-folded' : '', placement === 'above' ? 'gportal-toolbar-above' : ''].filter(Boolean).join(' ')}
      data-placement={placement}
      role="toolbar"
      aria-label={t('map.toolbar')}
      onKeyDown={(event) => {
        if (!open || event.key !== 'Escape') return;
        // Only the folded tools close: no tool in use is cancelled by this Escape.
        event.stopPropagation();
        fold();
      }}
    >
      {folded ? (
        <>
          <div className="gportal-toolbar-row">
            {foldedActions}
            <LabelledButton label={t('map.tools')} icon={<ToolOutlined />} type={open ? 'primary' : 'default'} aria-expanded={open} aria-controls={toolsId} onClick={() => setOpen(!open)} />
          </div>
          <div className="gportal-toolbar-beneath">
            <div
              id={toolsId}
              className="gportal-tools"
              hidden={!open}
              onClick={(event) => {
                if ((event.target as Element).closest('button')) fold();
              }}
            >
              {tools}
            </div>
            {below}
          </div>
        </>
      ) : (
        <>
          {tools}
          <div className="gportal-toolbar-beneath">
            {actions && (
              <div className="gportal-toolbar-actions gportal-toolbar-actions-bar" role="group" aria-label={t('map.toolActions')}>
                {actions}
              </div>
            )}
            {below}
          </div>
        </>
      )}
    </div>
  );
}
