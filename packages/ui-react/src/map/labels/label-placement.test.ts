import { describe, expect, it } from 'vitest';
import { placeLabels, type LabelCandidate, type PlacedLabel } from './label-placement';

const VIEW = { width: 400, height: 300 };
const area = (text: string, x: number, y: number, room: number, priority = room): LabelCandidate => ({ text, x, y, width: 40, height: 12, kind: 'area', room, priority });

const overlap = (a: PlacedLabel, b: PlacedLabel) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('placeLabels', () => {
  it('places the larger of two colliding labels and leaves the other out', () => {
    const placed = placeLabels([area('小', 100, 100, 60), area('大', 110, 104, 200)], VIEW);
    expect(placed.map((label) => label.text)).toEqual(['大']);
  });

  it('places labels apart, each box around its anchor with the halo', () => {
    const placed = placeLabels([area('福州', 100, 100, 80), area('厦门', 300, 200, 80)], VIEW);
    expect(placed).toEqual([
      { text: '福州', x: 78, y: 92, width: 44, height: 16 },
      { text: '厦门', x: 278, y: 192, width: 44, height: 16 },
    ]);
  });

  it('leaves out the label of an area too narrow on screen to read as one, one outside the view, and an empty text', () => {
    expect(placeLabels([area('点', 100, 100, 7), area('外', 395, 100, 100), area('', 200, 100, 100)], VIEW)).toEqual([]);
    // Wider than its area, but the area is there to see: labelled.
    expect(placeLabels([area('窄', 100, 100, 30)], VIEW).map((label) => label.text)).toEqual(['窄']);
  });

  it("puts a point's label to its right", () => {
    expect(placeLabels([{ text: '站', x: 100, y: 100, width: 12, height: 12, kind: 'point', priority: 0 }], VIEW)).toEqual([{ text: '站', x: 114, y: 92, width: 16, height: 16 }]);
  });

  it('never overlaps two labels out of many crowded ones', () => {
    const candidates = Array.from({ length: 300 }, (_, index) => area(`t${index}`, 20 + ((index * 37) % 360), 10 + ((index * 53) % 280), 100, index % 7));
    const placed = placeLabels(candidates, VIEW);
    expect(placed.length).toBeGreaterThan(10);
    for (const [index, label] of placed.entries()) for (const other of placed.slice(index + 1)) expect(overlap(label, other)).toBe(false);
  });
});
