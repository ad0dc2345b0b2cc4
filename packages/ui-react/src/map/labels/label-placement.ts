/** A label to place: its text's size, where it is anchored on screen, and how it may sit there. */
export interface LabelCandidate {
  text: string;
  /** The anchor on screen (px in the map's container). */
  x: number;
  y: number;
  /** The text's size (px). */
  width: number;
  height: number;
  kind: 'area' | 'line' | 'point';
  /** Areas: the inside's width at the anchor (px): an area narrower than {@link MIN_AREA_ROOM_PX} on screen is not labelled. */
  room?: number;
  /** Larger first (an area's size on screen): placed before the others. */
  priority: number;
}

/** A label placed: its text and its box on screen (px, top left and size), the halo included. */
export interface PlacedLabel {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The halo around a label's text, and the least gap between two labels (px). */
export const LABEL_HALO_PX = 2;
const GAP_PX = 2;
/** An area this narrow on screen (px) is a speck at this zoom: its label waits for a closer one. */
export const MIN_AREA_ROOM_PX = 8;
/** A point's label starts this far right of the point (its marker is 24 px wide). */
const POINT_OFFSET_PX = 14;

/** Where `candidate`'s box lies: centred on an area's or a line's anchor, right of a point. */
function boxOf(candidate: LabelCandidate): PlacedLabel {
  const width = candidate.width + 2 * LABEL_HALO_PX;
  const height = candidate.height + 2 * LABEL_HALO_PX;
  const left = candidate.kind === 'point' ? candidate.x + POINT_OFFSET_PX : candidate.x - width / 2;
  return { text: candidate.text, x: Math.round(left), y: Math.round(candidate.y - height / 2), width: Math.ceil(width), height: Math.ceil(height) };
}

const overlaps = (a: PlacedLabel, b: PlacedLabel) =>
  a.x < b.x + b.width + GAP_PX && b.x < a.x + a.width + GAP_PX && a.y < b.y + b.height + GAP_PX && b.y < a.y + a.height + GAP_PX;

/**
 * The labels that show: in order of priority, each that lies inside the view, belongs to an area
 * wide enough on screen to be read as one, and overlaps no label placed before it (a label may
 * be wider than its area, as QGIS draws them by default). Greedy, as map renderers place labels (Mapbox GL's collision index, QGIS's PAL in
 * its simplest mode): what is left out shows again when a zoom gives it room.
 */
export function placeLabels(candidates: readonly LabelCandidate[], view: { width: number; height: number }): PlacedLabel[] {
  const ordered = [...candidates].sort((a, b) => b.priority - a.priority);
  const placed: PlacedLabel[] = [];
  // A grid of 64 px cells keeps the overlap test to the labels nearby.
  const CELL = 64;
  const grid = new Map<number, PlacedLabel[]>();
  const cells = (box: PlacedLabel) => {
    const keys: number[] = [];
    for (let cx = Math.floor(box.x / CELL); cx <= Math.floor((box.x + box.width) / CELL); cx++) {
      for (let cy = Math.floor(box.y / CELL); cy <= Math.floor((box.y + box.height) / CELL); cy++) keys.push(cx * 100_003 + cy);
    }
    return keys;
  };
  for (const candidate of ordered) {
    if (candidate.text === '') continue;
    if (candidate.kind === 'area' && (candidate.room ?? 0) < MIN_AREA_ROOM_PX) continue;
    const box = boxOf(candidate);
    if (box.x < 0 || box.y < 0 || box.x + box.width > view.width || box.y + box.height > view.height) continue;
    const keys = cells(box);
    if (keys.some((key) => grid.get(key)?.some((other) => overlaps(box, other)))) continue;
    placed.push(box);
    for (const key of keys) {
      const list = grid.get(key);
      if (list) list.push(box);
      else grid.set(key, [box]);
    }
  }
  return placed;
}
