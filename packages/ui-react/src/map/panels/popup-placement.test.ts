import { describe, expect, it } from 'vitest';
import { popupPlacement } from './popup-placement';

const MAP = { width: 800, height: 500 };
const SIZE = { width: 280, height: 200 };
/** The toolbar's rows at the top right: two rows of buttons, 300 px wide. */
const ROWS = [
  { x: 480, y: 10, width: 300, height: 32 },
  { x: 480, y: 50, width: 300, height: 32 },
];
const base = { size: SIZE, map: MAP, obstacles: ROWS, margin: 24 };

describe('popupPlacement', () => {
  it("opens above a point with room above, centred on it: Leaflet's own placement", () => {
    expect(popupPlacement({ ...base, point: { x: 400, y: 400 } })).toEqual({ offset: [0, 7], below: false, tipShift: 0 });
  });

  it("opens below a point under the toolbar's rows, where the popup above would cover them", () => {
    const placement = popupPlacement({ ...base, point: { x: 600, y: 260 } });
    expect(placement.below).toBe(true);
    // The content's top 13 px below the point: 7 + 200 + 26.
    expect(placement.offset).toEqual([0, 233]);
  });

  it('opens above a point whose popup above passes beside the toolbar, though as low as its rows', () => {
    expect(popupPlacement({ ...base, point: { x: 150, y: 240 } }).below).toBe(false);
  });

  it('moves sideways past a button in its way rather than cover it, the tip still on the point', () => {
    // A lone button at the left; the popup centred above the point would cover it.
    const placement = popupPlacement({ ...base, obstacles: [{ x: 60, y: 90, width: 32, height: 32 }], size: { width: 280, height: 235 }, point: { x: 186, y: 372 } });
    expect(placement.below).toBe(false);
    // Its left edge 12 px past the button (104), from 46 centred: 58 px to the right, the tip 58 px back.
    expect(placement.offset).toEqual([58, 7]);
    expect(placement.tipShift).toBe(-58);
  });

  it('opens below a point near the top edge', () => {
    expect(popupPlacement({ ...base, obstacles: [], point: { x: 400, y: 150 } }).below).toBe(true);
  });

  it('takes the larger side when neither holds it', () => {
    expect(popupPlacement({ ...base, obstacles: [], size: { width: 280, height: 400 }, point: { x: 400, y: 300 } }).below).toBe(false);
    expect(popupPlacement({ ...base, obstacles: [], size: { width: 280, height: 400 }, point: { x: 400, y: 200 } }).below).toBe(true);
  });

  it('shifts away from a side edge and moves its tip back onto the point, within the content', () => {
    // Centred at x = 50 it would start at -90: moved right to the margin (24), 114 px.
    expect(popupPlacement({ ...base, point: { x: 50, y: 400 } })).toEqual({ offset: [114, 7], below: false, tipShift: -108 });
    expect(popupPlacement({ ...base, point: { x: 700, y: 400 } })).toEqual({ offset: [-64, 7], below: false, tipShift: 64 });
    // Right at the edge: the tip stops short of the content's corner (140 - 32).
    expect(popupPlacement({ ...base, point: { x: 2, y: 400 } }).tipShift).toBe(-108);
  });

  it('keeps the left edge in when the popup is wider than the map', () => {
    expect(popupPlacement({ ...base, map: { width: 300, height: 500 }, point: { x: 150, y: 400 } }).offset[0]).toBe(14);
  });
});
