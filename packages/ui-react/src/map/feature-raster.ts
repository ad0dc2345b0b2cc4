import type { PathOptions } from 'leaflet';
import type { ScreenShape } from './flat-shape';
import { packShapes, transferablesOf, type RasterReply, type RasterRequest } from './raster-protocol';

/** One whole canvas being painted off the main thread. */
export interface RasterJob {
  /** Hands a batch of shapes (world pixels) to the worker, which paints it while the caller goes on. */
  paint(style: PathOptions, polygon: boolean, screens: readonly ScreenShape[]): void;
  /** Closes the job: the painted canvas, or a rejection when the worker failed. */
  end(): Promise<ImageBitmap>;
}

let shared: RasterWorker | undefined;

/**
 * The main thread's side of the feature canvas's raster worker (`feature-raster.worker.ts`), one
 * for the page, shared by every feature canvas: a worker takes a while to start, and a job is
 * sent whole (`begin`, every `paint`, `end`) in one task, so jobs of two canvases never mix.
 * `shared` gives `undefined` where a worker cannot paint (no `Worker` or `OffscreenCanvas`, as in
 * jsdom): the canvas then paints on the main thread. Once the worker fails (it did not load, a
 * job threw) every open and later job is rejected, the canvases paint on the main thread, and
 * the next `shared` starts a new worker.
 */
export class RasterWorker {
  private lastJob = 0;
  private readonly waiting = new Map<number, { resolve(bitmap: ImageBitmap): void; reject(error: Error): void }>();
  private failure: Error | undefined;

  static shared(): RasterWorker | undefined {
    if (shared && !shared.failed) return shared;
    shared = undefined;
    if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return undefined;
    try {
      shared = new RasterWorker(new Worker(new URL('./feature-raster.worker.ts', import.meta.url), { type: 'module', name: 'gportal-feature-raster' }));
    } catch {
      shared = undefined;
    }
    return shared;
  }

  private constructor(private readonly worker: Worker) {
    worker.onmessage = ({ data: reply }: MessageEvent<RasterReply>) => {
      const waiter = this.waiting.get(reply.job);
      this.waiting.delete(reply.job);
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
  }

  /** Whether the worker failed: nothing more is sent to it. */
  get failed(): boolean {
    return this.failure !== undefined;
  }

  /** Starts painting a canvas of `width` × `height` CSS pixels whose top left is at world pixel `left`, `top`. */
  begin(area: { left: number; top: number; width: number; height: number }, ratio: number): RasterJob {
    const job = ++this.lastJob;
    this.send({ kind: 'begin', job, width: area.width, height: area.height, ratio });
    return {
      paint: (style, polygon, screens) => {
        const packed = packShapes(screens, area.left, area.top);
        // A style is a Leaflet options object, which may carry functions: only its painting values cross.
        const { color, weight, opacity, fill, fillColor, fillOpacity, stroke, dashArray } = style;
        this.send({ kind: 'paint', job, style: { color, weight, opacity, fill, fillColor, fillOpacity, stroke, dashArray }, polygon, ...packed }, transferablesOf(packed));
      },
      end: () =>
        new Promise<ImageBitmap>((resolve, reject) => {
          if (this.failure) {
            reject(this.failure);
            return;
          }
          this.waiting.set(job, { resolve, reject });
          this.send({ kind: 'end', job });
        }),
    };
  }

  private send(request: RasterRequest, transfer: Transferable[] = []): void {
    if (!this.failure) this.worker.postMessage(request, transfer);
  }

  private fail(error: Error): void {
    if (!this.failure) {
      this.failure = error;
      this.worker.terminate();
    }
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }
}
