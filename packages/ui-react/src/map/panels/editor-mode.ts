import type { MessageKey } from '../../i18n/messages';
import type { DrawTool } from '../draw';
import type { PartTool } from '../vertex';

/**
 * What the editor's tools are doing: nothing, drawing a shape, measuring (a path or a polygon
 * drawn as a shape is, never a feature; `done` once finished, shown until cleared), editing a
 * shape, marking features to delete, splitting one (分割: `id` once picked, its cutting line then
 * drawn) or picking features to merge (合并: the picks are the map's selection).
 */
export type EditorMode =
  | { type: 'idle' }
  | { type: 'draw'; tool: DrawTool }
  | { type: 'measure'; tool: MeasureTool; done?: boolean }
  | { type: 'edit'; id?: string } | { type: 'delete'; marked: string[] }
  | { type: 'split'; id?: string }
  | { type: 'merge' };

/** What 测距离 and 测面积 draw. */
export type MeasureTool = 'line' | 'polygon';

/** The drawing tool a mode runs: a drawing's, a measure's until it is finished, and a split's cutting line. */
export function runningDrawTool(mode: EditorMode): DrawTool | undefined {
  if (mode.type === 'split') return mode.id === undefined ? undefined : 'line';
  return mode.type === 'draw' || (mode.type === 'measure' && !mode.done) ? mode.tool : undefined;
}

const PART_HINTS: Readonly<Record<PartTool, MessageKey>> = { hole: 'map.hint.cutHole', addPart: 'map.hint.addPart', removePart: 'map.hint.removePart' };

/** The hints as a touch screen words them: taps, and no Esc key to press. */
const TOUCH_HINTS: Readonly<Partial<Record<MessageKey, MessageKey>>> = {
  'map.hint.draw': 'map.hint.touch.draw',
  'map.hint.drawPoint': 'map.hint.touch.drawPoint',
  'map.hint.edit': 'map.hint.touch.edit',
  'map.hint.editing': 'map.hint.touch.editing',
  'map.hint.delete': 'map.hint.touch.delete',
  'map.hint.cutHole': 'map.hint.touch.cutHole',
  'map.hint.addPart': 'map.hint.touch.addPart',
  'map.hint.removePart': 'map.hint.touch.removePart',
  'map.hint.splitPick': 'map.hint.touch.splitPick',
  'map.hint.splitDraw': 'map.hint.touch.splitDraw',
  'map.hint.merge': 'map.hint.touch.merge',
};

function mouseHint(mode: EditorMode, partTool: PartTool | undefined): MessageKey | undefined {
  if (partTool) return PART_HINTS[partTool];
  switch (mode.type) {
    case 'draw':
      return mode.tool === 'point' ? 'map.hint.drawPoint' : 'map.hint.draw';
    case 'measure':
      return mode.done ? undefined : 'map.hint.draw';
    case 'edit':
      return mode.id ? 'map.hint.editing' : 'map.hint.edit';
    case 'delete':
      return 'map.hint.delete';
    case 'split':
      return mode.id === undefined ? 'map.hint.splitPick' : 'map.hint.splitDraw';
    case 'merge':
      return 'map.hint.merge';
    default:
      return undefined;
  }
}

/**
 * The hint under the tools for the mode (a part tool of a shape edit first), worded for a touch
 * screen when `touch`, with the count of features marked in 删除 or picked in 合并 (`picked`, the
 * map's selection); none while idle.
 */
export function editorHint(mode: EditorMode, partTool: PartTool | undefined, touch: boolean, picked = 0): { key: MessageKey; values: { count: number } } | undefined {
  const key = mouseHint(mode, partTool);
  if (!key) return undefined;
  return { key: (touch && TOUCH_HINTS[key]) || key, values: { count: mode.type === 'delete' ? mode.marked.length : mode.type === 'merge' ? picked : 0 } };
}
