import { describe, expect, it } from 'vitest';
import { isShownLayerChoices, parseShownLayers, shownLayersParam } from './use-shown-layers';

describe('the shown layers in a URL', () => {
  it('writes each layer from the lowest up, its opacity after ~ unless it is 1, and reads them back', () => {
    const shown = [
      { typeName: 'store_33:point', opacity: 1 },
      { typeName: 'store_33:line', opacity: 0.5 },
    ];
    expect(shownLayersParam(shown)).toBe('store_33:point,store_33:line~0.5');
    expect(parseShownLayers(shownLayersParam(shown))).toEqual(shown);
    expect(shownLayersParam([])).toBe('');
    expect(parseShownLayers('')).toEqual([]);
  });

  it('leaves out a part that does not read: an opacity out of 0–1 or not a number, an empty name', () => {
    expect(parseShownLayers('roads~1.5,rivers~x,~0.5, ,towns~0')).toEqual([{ typeName: 'towns', opacity: 0 }]);
  });

  it('takes a remembered list only when every entry has a name and an opacity within 0–1', () => {
    expect(isShownLayerChoices([{ typeName: 'roads', opacity: 0.3 }])).toBe(true);
    expect(isShownLayerChoices([])).toBe(true);
    expect(isShownLayerChoices([{ typeName: 'roads', opacity: 2 }])).toBe(false);
    expect(isShownLayerChoices([{ typeName: 3, opacity: 1 }])).toBe(false);
    expect(isShownLayerChoices({ typeName: 'roads', opacity: 1 })).toBe(false);
    expect(isShownLayerChoices(null)).toBe(false);
  });
});
