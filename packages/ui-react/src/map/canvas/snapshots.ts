import { intersects, type Rect } from './screen-rect';

/** Zooms whose simplified shapes and snapshots the feature canvas keeps (zooming in and out again redraws from them). */
export const CACHED_ZOOMS = 3;
/** Copies of the canvas kept to copy into again once no snapshot holds them (`CanvasSnapshots.spare`). */
export const SPARE_COPIES = 2;

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
  /**
   * Copies no snapshot holds any more, to copy into again. A canvas's first drawing allocates its
   * pixels: 15–65 ms for a 1000 × 800 copy in a software-rendered Chromium, against under 1 ms
   * for a canvas drawn before, so a pan would otherwise pay for a new copy.
   */
  private spare: HTMLCanvasElement[] = [];

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
      // The copy this one replaces, when no other snapshot shares it, else one no snapshot holds.
      const reused = replaced?.layers.length === 1 ? replaced.layers[0] : undefined;
      const shared = reused && [...this.list, this.shown].some((snapshot) => snapshot && snapshot !== replaced && snapshot.layers.includes(reused));
      const canvas = reused && !isBitmap(reused) && !shared ? reused : this.spareCanvas(source);
      if (canvas.width !== source.width) canvas.width = source.width;
      if (canvas.height !== source.height) canvas.height = source.height;
      const copy = canvas.getContext('2d');
      if (copy) {
        // The source's pixels replace what a reused copy held (transparent ones included).
        copy.globalCompositeOperation = 'copy';
        copy.drawImage(source, 0, 0);
      }
      layers = [canvas];
    }
    const previous = this.shown;
    const next = { zoom, area, layers };
    this.list.unshift(next);
    this.shown = next;
    // What no longer shows anywhere (the copy this one replaces, the last shown one) is let go.
    for (const old of new Set([replaced, previous])) if (old && !this.list.includes(old)) this.release(old);
  }

  /** Forgets the snapshots (the features or what is hidden changed), all but the last shown, which a moved canvas still shows. */
  drop(): void {
    if (this.list[0]) this.shown = this.list[0];
    const dropped = this.list.filter((snapshot) => snapshot !== this.shown);
    this.list = [];
    for (const snapshot of dropped) this.release(snapshot);
  }

  /** Forgets everything, the last shown included, and the spare copies (the canvas left the map). */
  clear(): void {
    this.drop();
    const shown = this.shown;
    this.shown = undefined;
    if (shown) this.release(shown);
    this.spare = [];
  }

  /**
   * Makes a spare copy of this size, its pixels allocated, unless there is one: done while the
   * map is still, so the next view drawn here (from tiles painted ahead, say) is copied into it
   * at once. A canvas's first drawing allocates its pixels, 20–30 ms for 1000 × 800 in a
   * software-rendered Chromium: a task well under 50 ms on its own.
   */
  prepareSpare(width: number, height: number): void {
    if (width === 0 || height === 0 || this.spare.some((canvas) => canvas.width === width && canvas.height === height)) return;
    if (this.spare.length >= SPARE_COPIES) this.spare.shift();
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return;
    // A pixel drawn and read back makes the browser allocate the canvas's pixels now, not at its
    // first copy (which replaces every pixel: this one too).
    context.fillRect(0, 0, 1, 1);
    context.getImageData(0, 0, 1, 1);
    this.spare.push(canvas);
  }

  /** How many copies wait to be drawn into again (for tests). */
  get spareCopies(): number {
    return this.spare.length;
  }

  /**
   * Lets a snapshot go: the worker bitmaps no kept snapshot shares are freed, and its copies no
   * kept snapshot shares are kept to copy into again (`SPARE_COPIES` at most).
   */
  private release(snapshot: Snapshot): void {
    const live = this.shown && !this.list.includes(this.shown) ? [...this.list, this.shown] : this.list;
    for (const layer of snapshot.layers) {
      if (live.some((kept) => kept.layers.includes(layer))) continue;
      if (isBitmap(layer)) layer.close();
      else if (this.spare.length < SPARE_COPIES && !this.spare.includes(layer)) this.spare.push(layer);
    }
  }

  /** A spare copy, the one of the source's size first, else a new canvas. */
  private spareCanvas(source: HTMLCanvasElement): HTMLCanvasElement {
    const index = this.spare.findIndex((canvas) => canvas.width === source.width && canvas.height === source.height);
    const [canvas] = this.spare.splice(index >= 0 ? index : 0, 1);
    return canvas ?? document.createElement('canvas');
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

/** Whether an image is an `ImageBitmap` (which jsdom, for one, does not define). */
function isBitmap(image: HTMLCanvasElement | ImageBitmap): image is ImageBitmap {
  return typeof ImageBitmap !== 'undefined' && image instanceof ImageBitmap;
}
