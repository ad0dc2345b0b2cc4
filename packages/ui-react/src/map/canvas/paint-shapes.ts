import type { PathOptions } from 'leaflet';
import type { ScreenShape } from './flat-shape';

/**
 * Painting flat shapes on a 2D canvas, shared by the feature canvas (on the main thread) and its
 * raster worker: no Leaflet, no DOM beyond the canvas context, so the worker draws exactly what
 * the main thread would.
 */

/** A 2D context of a canvas or of an `OffscreenCanvas`: the calls painting uses. */
export type PaintContext = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Traces the rings (or lines) of a shape as a new path, in canvas pixels (world pixels less the canvas's top left). */
function trace(context: PaintContext, { points, rings }: ScreenShape, left: number, top: number, closed: boolean): void {
  context.beginPath();
  for (let ring = 0; ring < rings.length - 1; ring += 1) {
    const start = (rings[ring] as number) * 2;
    const end = (rings[ring + 1] as number) * 2;
    if (end === start) continue;
    const x = (points[start] as number) - left;
    const y = (points[start + 1] as number) - top;
    context.moveTo(x, y);
    for (let at = start + 2; at < end; at += 2) context.lineTo((points[at] as number) - left, (points[at + 1] as number) - top);
    // Back to the first point rather than `closePath()`, which Chromium makes cost more with every
    // subpath already in the path. A lone point still shows, as a dot.
    if (end - start === 2 || (closed && (points[end - 2] !== points[start] || points[end - 1] !== points[start + 1]))) context.lineTo(x, y);
  }
}

const dashes = new Map<string, number[]>();

/**
 * Draws shapes in a Leaflet path style as Leaflet's canvas does: each its own path, filled
 * even-odd (holes stay open) and stroked. One path per feature rasterises in about half the
 * time of one path for them all, whose outline the stroker would turn into one huge shape.
 */
export function paintShapes(context: PaintContext, style: PathOptions, shapes: readonly ScreenShape[], origin: { left: number; top: number }, polygon: boolean): void {
  const color = style.color ?? '#3388ff';
  const fill = polygon && style.fill !== false;
  const stroke = style.stroke !== false && style.weight !== 0;
  const fillOpacity = style.fillOpacity ?? 0.2;
  const opacity = style.opacity ?? 1;
  const dashArray = typeof style.dashArray === 'string' ? style.dashArray : (style.dashArray ?? []).join(' ');
  let dash = dashes.get(dashArray);
  if (!dash) {
    dash = dashArray.split(/[, ]+/).filter(Boolean).map(Number);
    dashes.set(dashArray, dash);
  }
  context.setLineDash(dash);
  context.fillStyle = style.fillColor ?? color;
  context.strokeStyle = color;
  context.lineWidth = style.weight ?? 3;
  // Leaflet's round caps; bevelled joins, which cost the stroker less at every vertex and differ
  // from its round ones by w/2 · (1 − cos(φ/2)) at a turn of φ: under half a pixel at weight 3
  // for any turn up to 90°, and only on the outer corner.
  context.lineCap = 'round';
  context.lineJoin = 'bevel';
  for (const shape of shapes) {
    trace(context, shape, origin.left, origin.top, polygon);
    if (fill) {
      context.globalAlpha = fillOpacity;
      context.fill('evenodd');
    }
    if (stroke) {
      context.globalAlpha = opacity;
      context.stroke();
    }
  }
}
