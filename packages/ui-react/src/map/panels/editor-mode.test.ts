import { describe, expect, it } from 'vitest';
import { editorHint, runningDrawTool } from './editor-mode';

describe('editorHint', () => {
  it('says nothing while idle, and names each mode by mouse', () => {
    expect(editorHint({ type: 'idle' }, undefined, false)).toBeUndefined();
    expect(editorHint({ type: 'draw', tool: 'polygon' }, undefined, false)?.key).toBe('map.hint.draw');
    expect(editorHint({ type: 'draw', tool: 'point' }, undefined, false)?.key).toBe('map.hint.drawPoint');
    expect(editorHint({ type: 'edit' }, undefined, false)?.key).toBe('map.hint.edit');
    expect(editorHint({ type: 'edit', id: 'a' }, undefined, false)?.key).toBe('map.hint.editing');
    expect(editorHint({ type: 'delete', marked: ['a', 'b'] }, undefined, false)).toEqual({ key: 'map.hint.delete', values: { count: 2 } });
  });

  it('puts a shape edit’s part tool first', () => {
    expect(editorHint({ type: 'edit', id: 'a' }, 'hole', false)?.key).toBe('map.hint.cutHole');
    expect(editorHint({ type: 'edit', id: 'a' }, 'removePart', true)?.key).toBe('map.hint.touch.removePart');
  });

  it('words every hint for a touch screen', () => {
    expect(editorHint({ type: 'draw', tool: 'line' }, undefined, true)?.key).toBe('map.hint.touch.draw');
    expect(editorHint({ type: 'edit', id: 'a' }, undefined, true)?.key).toBe('map.hint.touch.editing');
    expect(editorHint({ type: 'delete', marked: [] }, undefined, true)).toEqual({ key: 'map.hint.touch.delete', values: { count: 0 } });
    expect(editorHint({ type: 'edit', id: 'a' }, 'addPart', true)?.key).toBe('map.hint.touch.addPart');
  });
});

describe('measuring', () => {
  it('runs the drawing tool until the measure is finished, then none', () => {
    expect(runningDrawTool({ type: 'measure', tool: 'line' })).toBe('line');
    expect(runningDrawTool({ type: 'measure', tool: 'polygon', done: true })).toBeUndefined();
    expect(runningDrawTool({ type: 'draw', tool: 'point' })).toBe('point');
    expect(runningDrawTool({ type: 'edit' })).toBeUndefined();
  });

  it('hints as drawing does while measuring, and nothing over a finished measure', () => {
    expect(editorHint({ type: 'measure', tool: 'polygon' }, undefined, true)?.key).toBe('map.hint.touch.draw');
    expect(editorHint({ type: 'measure', tool: 'line', done: true }, undefined, false)).toBeUndefined();
  });
});

describe('splitting and merging', () => {
  it('draws the cutting line once the feature to split is picked, not before', () => {
    expect(runningDrawTool({ type: 'split' })).toBeUndefined();
    expect(runningDrawTool({ type: 'split', id: 'a' })).toBe('line');
    expect(runningDrawTool({ type: 'merge' })).toBeUndefined();
  });

  it('hints the pick, then the line; 合并 counts the features picked', () => {
    expect(editorHint({ type: 'split' }, undefined, false)?.key).toBe('map.hint.splitPick');
    expect(editorHint({ type: 'split', id: 'a' }, undefined, true)?.key).toBe('map.hint.touch.splitDraw');
    expect(editorHint({ type: 'merge' }, undefined, false, 3)).toEqual({ key: 'map.hint.merge', values: { count: 3 } });
    expect(editorHint({ type: 'merge' }, undefined, true, 1)).toEqual({ key: 'map.hint.touch.merge', values: { count: 1 } });
    expect(editorHint({ type: 'delete', marked: ['a'] }, undefined, false, 3)?.values.count).toBe(1);
  });
});
