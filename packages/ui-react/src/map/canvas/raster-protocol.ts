import type { PathOptions } from 'leaflet';
import type { ScreenShape } from './flat-shape';

/**
 * The messages between the feature canvas and its raster worker. A job paints one whole canvas:
 * `begin`, then `paint` batches in drawing order (each one style, polygons or lines), then `end`,
 * which the worker answers with the canvas as an `ImageBitmap`. A `begin` drops any job before it.
 * `warm` readies the worker's canvas of a size for the jobs to come (nothing is answered).
 */
export type RasterRequest =
  | { kind: 'warm'; width: number; height: number; ratio: number }
  | { kind: 'begin'; job: number; width: number; height: number; ratio: number }
  | ({ kind: 'paint'; job: number; style: PathOptions; polygon: boolean } & PackedShapes)
  | { kind: 'end'; job: number };

export type RasterReply = { kind: 'done'; job: number; bitmap: ImageBitmap } | { kind: 'failed'; job: number; message: string };

/**
 * Screen shapes in one transferable block, moved so that the canvas's top left is 0, 0: every
 * shape's rings (each with its end, as in `ScreenShape`) one after the other in `rings`, indexing
 * `points`; shape `i`'s rings are `rings[shapes[i]]` up to `rings[shapes[i + 1]]`.
 */
export interface PackedShapes {
  points: Float64Array;
  rings: Uint32Array;
  shapes: Uint32Array;
}

/** Packs shapes drawn at world pixels for a canvas whose top left is at `left`, `top`. */
export function packShapes(screens: readonly ScreenShape[], left: number, top: number): PackedShapes {
  let pointValues = 0;
  let ringValues = 0;
  for (const { points, rings } of screens) {
    pointValues += points.length;
    ringValues += rings.length;
  }
  const points = new Float64Array(pointValues);
  const rings = new Uint32Array(ringValues);
  const shapes = new Uint32Array(screens.length + 1);
  let pointAt = 0;
  let ringAt = 0;
  screens.forEach((screen, index) => {
    shapes[index] = ringAt;
    const source = screen.points;
    for (let value = 0; value < source.length; value += 2) {
      points[pointAt + value] = (source[value] as number) - left;
      points[pointAt + value + 1] = (source[value + 1] as number) - top;
    }
    const offset = pointAt / 2;
    for (const ring of screen.rings) rings[ringAt++] = ring + offset;
    pointAt += source.length;
  });
  shapes[screens.length] = ringAt;
  return { points, rings, shapes };
}

/** The shapes of a packed block, in canvas pixels (their bounds are not carried: painting does not read them). */
export function unpackShapes({ points, rings, shapes }: PackedShapes): ScreenShape[] {
  const screens: ScreenShape[] = [];
  for (let index = 0; index < shapes.length - 1; index += 1) {
    screens.push({ points, rings: rings.subarray(shapes[index], shapes[index + 1]), bounds: [0, 0, 0, 0] });
  }
  return screens;
}

/** The buffers a packed block hands over to the worker. */
export function transferablesOf({ points, rings, shapes }: PackedShapes): Transferable[] {
  return [points.buffer, rings.buffer, shapes.buffer];
}
