import { intersects, type Rect } from './screen-rect';

/** Zooms whose simplified shapes and snapshots the feature canvas keeps (zooming in and out again redraws from them). */
export const CACHED_ZOOMS = 3;

/** What the canvas showed once: drawn at `zoom` over `area` (world pixels at that zoom), as layers drawn one over the other. */
export interface Snapshot {
  zoom: number;
  area: Rect;
  layers: Array<HTMLCanvasElement | ImageBitmap>;
}

/**
 * What the feature canvas showed at its last few zooms (one snapshot a zoom): a pan at the same
 * zoom copies what it still shows from it, and a moved canvas shows the last one, scaled, until
 * its repaint arrives (as map tiles of the last zoom stay until the new ones load). The workers'
 * bitmaps are closed once no snapshot holds them.
 */
export class CanvasSnapshots {
  private list: Snapshot[] = [];
  /** The last snapshot taken, kept when the features change (`drop`): what a moved canvas shows until its repaint arrives. */
  private shown: Snapshot | undefined;

  /** The snapshot of this zoom, if any. */
  at(zoom: number): Snapshot | undefined {
    return this.list.find((candidate) => candidate.zoom === zoom);
  }

  /** The last snapshot kept, while the features have not changed since: what the canvas shows if it has not moved since. */
  latest(): Snapshot | undefined {
    return this.list[0];
  }

  /** Keeps what the canvas shows at this zoom: a copy of the canvas, or layers (the workers' bitmaps, a snapshot's layers: held, not copied). */
  keep(zoom: number, area: Rect, source: HTMLCanvasElement | Snapshot['layers']): void {
    const index = this.list.findIndex((candidate) => candidate.zoom === zoom);
    const [replaced] = index >= 0 ? this.list.splice(index, 1) : this.list.length >= CACHED_ZOOMS ? this.list.splice(-1, 1) : [];
    let layers: Snapshot['layers'];
    if (Array.isArray(source)) {
      layers = source;
    } else {
      const reused = replaced?.layers.length === 1 ? replaced.layers[0] : undefined;
      const canvas = reused && !isBitmap(reused) ? reused : document.createElement('canvas');
      canvas.width = source.width;
      canvas.height = source.height;
      canvas.getContext('2d')?.drawImage(source, 0, 0);
      layers = [canvas];
    }
    const previous = this.shown;
    const next = { zoom, area, layers };
    this.list.unshift(next);
    this.shown = next;
    // What no longer shows anywhere (the copy this one replaces, the last shown one) frees its worker bitmaps.
    for (const old of [replaced, previous]) if (old && !this.list.includes(old)) closeLayers(old, layers);
  }

  /** Forgets the snapshots (the features or what is hidden changed), all but the last shown, which a moved canvas still shows. */
  drop(): void {
    if (this.list[0]) this.shown = this.list[0];
    for (const snapshot of this.list) if (snapshot !== this.shown) closeLayers(snapshot);
    this.list = [];
  }

  /** Forgets everything, the last shown included (the canvas left the map). */
  clear(): void {
    this.drop();
    if (this.shown) closeLayers(this.shown);
    this.shown = undefined;
  }

  /**
   * Draws the last snapshot (of this zoom, else of any) scaled and moved to where it belongs on
   * a canvas moved to `area` at `zoom`; `scaleFrom(zoom)` is the map's scale from that zoom to
   * this one. A jump past all it showed draws nothing.
   */
  drawPlaceholder(context: CanvasRenderingContext2D, area: Rect, ratio: number, zoom: number, scaleFrom: (zoom: number) => number): void {
    const source = this.at(zoom) ?? this.list[0] ?? this.shown;
    if (!source) return;
    const scale = scaleFrom(source.zoom);
    const placed: Rect = { left: source.area.left * scale, top: source.area.top * scale, width: source.area.width * scale, height: source.area.height * scale };
    if (!intersects(placed, area)) return;
    context.setTransform(1, 0, 0, 1, 0, 0);
    for (const layer of source.layers) {
      context.drawImage(layer, (placed.left - area.left) * ratio, (placed.top - area.top) * ratio, placed.width * ratio, placed.height * ratio);
    }
  }
}

/** Frees the worker bitmaps of a snapshot no longer kept (those in `kept` excepted). */
function closeLayers(snapshot: Snapshot, kept: Snapshot['layers'] = []): void {
  for (const layer of snapshot.layers) if (isBitmap(layer) && !kept.includes(layer)) layer.close();
}

/** Whether an image is an `ImageBitmap` (which jsdom, for one, does not define). */
function isBitmap(image: HTMLCanvasElement | ImageBitmap): image is ImageBitmap {
  return typeof ImageBitmap !== 'undefined' && image instanceof ImageBitmap;
}
