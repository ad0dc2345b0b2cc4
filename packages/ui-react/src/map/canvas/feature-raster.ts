import type { PathOptions } from 'leaflet';
import type { ScreenShape } from './flat-shape';
import { packShapes, transferablesOf, type RasterReply, type RasterRequest } from './raster-protocol';

/** One whole canvas being painted off the main thread, in `parts` layers (one per worker). */
export interface RasterJob {
  /** How many layers the canvas is painted in: part 0 lies under part 1, and so on. */
  readonly parts: number;
  /** Hands a batch of shapes (world pixels) to the worker of `part`, which paints it while the caller goes on. */
  paint(part: number, style: PathOptions, polygon: boolean, screens: readonly ScreenShape[]): void;
  /** Closes the job: each part's layer, bottom first, or a rejection when a worker failed. */
  end(): Promise<ImageBitmap[]>;
}

/** One canvas painted by one worker (a tile painted ahead). */
export interface TileJob {
  /** Hands a batch of shapes (world pixels) to the worker. */
  paint(style: PathOptions, polygon: boolean, screens: readonly ScreenShape[]): void;
  /** Closes the job: the tile's pixels, or a rejection when the worker failed. */
  end(): Promise<ImageBitmap>;
}

/** Workers a canvas is painted by: two on a machine of two cores or more (the main thread simplifies while they paint). */
const WORKERS = 2;

let shared: RasterWorkers | undefined;

/**
 * The main thread's side of the feature canvas's raster workers (`feature-raster.worker.ts`), one
 * set for the page, shared by every feature canvas: a worker takes a while to start, and a job is
 * sent whole (`begin`, every `paint`, `end`) in one task, so jobs of two canvases never mix. A
 * job's batches are painted as layers, part 0 by the first worker, part 1 by the second, and the
 * layers drawn over each other in that order give the canvas painted in one go (drawing over is
 * associative). `shared` gives `undefined` where a worker cannot paint (no `Worker` or
 * `OffscreenCanvas`, as in jsdom): the canvas then paints on the main thread. Once a worker fails
 * (it did not load, a job threw) every open and later job is rejected, the canvases paint on the
 * main thread, and the next `shared` starts new workers.
 */
export class RasterWorkers {
  private lastJob = 0;
  private readonly waiting = new Map<string, { resolve(bitmap: ImageBitmap): void; reject(error: Error): void }>();
  private failure: Error | undefined;
  /** The canvas sizes the workers were readied for (`warm`). */
  private readonly warmed = new Set<string>();

  static shared(): RasterWorkers | undefined {
    if (shared && !shared.failed) return shared;
    shared = undefined;
    if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return undefined;
    const count = Math.max(1, Math.min(WORKERS, navigator.hardwareConcurrency || 1));
    const workers: Worker[] = [];
    try {
      for (let index = 0; index < count; index += 1) {
        workers.push(new Worker(new URL('./feature-raster.worker.ts', import.meta.url), { type: 'module', name: `gportal-feature-raster-${index}` }));
      }
    } catch {
      for (const worker of workers) worker.terminate();
      return undefined;
    }
    shared = new RasterWorkers(workers);
    return shared;
  }

  /** Stops the shared workers (open jobs are rejected, their canvases paint on the main thread); the next `shared` starts new ones. */
  static stop(): void {
    shared?.fail(new Error('the raster workers were stopped'));
    shared = undefined;
  }

  private constructor(private readonly workers: readonly Worker[]) {
    workers.forEach((worker, part) => {
      worker.onmessage = ({ data: reply }: MessageEvent<RasterReply>) => {
        const key = `${reply.job}:${part}`;
        const waiter = this.waiting.get(key);
        this.waiting.delete(key);
        if (reply.kind === 'done') {
          if (waiter) waiter.resolve(reply.bitmap);
          else reply.bitmap.close();
        } else {
          this.fail(new Error(`the raster worker failed: ${reply.message}`));
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        this.fail(new Error(`the raster worker failed: ${event.message || 'it did not start'}`));
      };
    });
  }

  /** How many layers a job is painted in (one a worker). */
  get parts(): number {
    return this.workers.length;
  }

  /** Whether a worker failed: nothing more is sent to them. */
  get failed(): boolean {
    return this.failure !== undefined;
  }

  /**
   * Readies every worker's canvas for jobs of `width` × `height` CSS pixels at `ratio`, once a
   * size: a canvas drawn before its features come (a map opened as its layer loads) has its
   * first repaint painted without waiting for the workers' first allocation.
   */
  warm(width: number, height: number, ratio: number): void {
    const size = `${width}x${height}@${ratio}`;
    if (this.warmed.has(size)) return;
    this.warmed.add(size);
    for (let part = 0; part < this.workers.length; part += 1) this.send(part, { kind: 'warm', width, height, ratio });
  }

  /** Starts painting a canvas of `width` × `height` CSS pixels whose top left is at world pixel `left`, `top`. */
  begin(area: { left: number; top: number; width: number; height: number }, ratio: number): RasterJob {
    const job = ++this.lastJob;
    const parts = this.workers.length;
    for (let part = 0; part < parts; part += 1) this.send(part, { kind: 'begin', job, width: area.width, height: area.height, ratio });
    return {
      parts,
      paint: (part, style, polygon, screens) => this.paint(job, part, area, style, polygon, screens),
      end: () => Promise.all(this.workers.map((_, part) => this.ended(job, part))),
    };
  }

  /**
   * Starts painting a canvas in the worker of `part` alone (a tile painted ahead): sent whole in
   * one task like a job, so a job sent after it waits for this one canvas at most.
   */
  beginOn(part: number, area: { left: number; top: number; width: number; height: number }, ratio: number): TileJob {
    const job = ++this.lastJob;
    this.send(part, { kind: 'begin', job, width: area.width, height: area.height, ratio });
    return {
      paint: (style, polygon, screens) => this.paint(job, part, area, style, polygon, screens),
      end: () => this.ended(job, part),
    };
  }

  private paint(job: number, part: number, area: { left: number; top: number }, style: PathOptions, polygon: boolean, screens: readonly ScreenShape[]): void {
    const packed = packShapes(screens, area.left, area.top);
    // A style is a Leaflet options object, which may carry functions: only its painting values cross.
    const { color, weight, opacity, fill, fillColor, fillOpacity, stroke, dashArray } = style;
    this.send(part, { kind: 'paint', job, style: { color, weight, opacity, fill, fillColor, fillOpacity, stroke, dashArray }, polygon, ...packed }, transferablesOf(packed));
  }

  /** Ends job `job` in the worker of `part`: its canvas, once painted. */
  private ended(job: number, part: number): Promise<ImageBitmap> {
    return new Promise<ImageBitmap>((resolve, reject) => {
      if (this.failure) {
        reject(this.failure);
        return;
      }
      this.waiting.set(`${job}:${part}`, { resolve, reject });
      this.send(part, { kind: 'end', job });
    });
  }

  private send(part: number, request: RasterRequest, transfer: Transferable[] = []): void {
    if (!this.failure) this.workers[part]?.postMessage(request, transfer);
  }

  private fail(error: Error): void {
    if (!this.failure) {
      this.failure = error;
      for (const worker of this.workers) worker.terminate();
    }
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }
}
