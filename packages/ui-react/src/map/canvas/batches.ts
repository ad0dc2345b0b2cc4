import type { FlatShape, ScreenShape } from './flat-shape';
import type L from 'leaflet';
import type { CanvasFeature } from './types';

/**
 * Positions (after simplification) handed to the painter at a time: a worker paints one batch
 * while the next is simplified. The first batches are small, so that the workers start early.
 */
const BATCH_POSITIONS = { first: 512, most: 4_096 };

/** Shapes of one style and kind simplified for a zoom, painted together, in one part (layer) of a repaint. */
export interface PaintBatch {
  style: L.PathOptions;
  polygon: boolean;
  screens: ScreenShape[];
  /** The layer the batch is painted in: part 0 lies under part 1, and so on. */
  part: number;
}

/**
 * Hands features (in drawing order) to `paintBatch` as they are simplified (`screenOf`), in
 * batches: style by style in the order the styles first appear (unsaved after saved, as the
 * session lists them), polygons then lines. That order is cut into `parts` runs of about as many
 * positions each, so that the parts, painted as layers one over the other, paint what one pass
 * would; a batch never spans two parts. Batches start small, so that a worker starts early, and
 * grow to `BATCH_POSITIONS.most` simplified positions.
 */
export function paintBatches(features: readonly CanvasFeature[], parts: number, screenOf: (shape: FlatShape) => ScreenShape, paintBatch: (batch: PaintBatch) => void): void {
  const groups = new Map<L.PathOptions, { polygons: FlatShape[]; lines: FlatShape[] }>();
  let total = 0;
  for (const { shape, style } of features) {
    let group = groups.get(style);
    if (!group) {
      group = { polygons: [], lines: [] };
      groups.set(style, group);
    }
    (shape.kind === 'polygon' ? group.polygons : group.lines).push(shape);
    total += shape.positions;
  }
  // Parts are cut by positions before simplification, which the simplified ones follow closely enough.
  const perPart = total / parts;
  let before = 0;
  let batchPositions = BATCH_POSITIONS.first;
  for (const [style, { polygons, lines }] of groups) {
    for (const [shapes, polygon] of [
      [polygons, true],
      [lines, false],
    ] as const) {
      let screens: ScreenShape[] = [];
      let positions = 0;
      let part = 0;
      const flush = () => {
        if (screens.length === 0) return;
        paintBatch({ style, polygon, screens, part });
        screens = [];
        positions = 0;
        batchPositions = Math.min(BATCH_POSITIONS.most, batchPositions * 2);
      };
      for (const shape of shapes) {
        const shapePart = perPart > 0 ? Math.min(parts - 1, Math.floor(before / perPart)) : 0;
        before += shape.positions;
        if (shapePart !== part) flush();
        part = shapePart;
        const screen = screenOf(shape);
        screens.push(screen);
        positions += screen.points.length / 2;
        if (positions >= batchPositions) flush();
      }
      flush();
    }
  }
}
