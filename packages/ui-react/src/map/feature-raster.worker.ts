/**
 * The feature canvas's raster worker: paints whole canvases of simplified shapes on an
 * `OffscreenCanvas`, off the main thread, with the same `paint` the main thread uses. Each batch
 * is rasterised when it arrives (a one-pixel read flushes the canvas's recorded calls), so the
 * worker paints while the main thread simplifies the next batch.
 */
import { paint } from './paint';
import { unpackShapes, type RasterReply, type RasterRequest } from './raster-protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<RasterRequest>) => void) | null;
  postMessage(message: RasterReply, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
/**
 * One canvas for every job, copied out at its end: after `transferToImageBitmap` the next job's
 * first paint waits tens of milliseconds for a new backing store, while the copy takes well under
 * one (its snapshot is taken when `createImageBitmap` is called, before the next job clears it).
 */
let surface: { canvas: OffscreenCanvas; context: OffscreenCanvasRenderingContext2D } | undefined;
/** The job being painted; batches of any other are dropped. */
let current: number | undefined;
const ORIGIN = { left: 0, top: 0 };

function failed(job: number, error: unknown): void {
  scope.postMessage({ kind: 'failed', job, message: error instanceof Error ? error.message : String(error) });
}

scope.onmessage = ({ data: request }) => {
  try {
    if (request.kind === 'begin') {
      const width = Math.max(1, request.width * request.ratio);
      const height = Math.max(1, request.height * request.ratio);
      if (!surface) {
        const canvas = new OffscreenCanvas(width, height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2D context on an OffscreenCanvas');
        surface = { canvas, context };
      }
      const { canvas, context } = surface;
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.clearRect(0, 0, width, height);
      context.setTransform(request.ratio, 0, 0, request.ratio, 0, 0);
      current = request.job;
      return;
    }
    if (!surface || current !== request.job) return;
    if (request.kind === 'paint') {
      paint(surface.context, request.style, unpackShapes(request), ORIGIN, request.polygon);
      // Rasterise the batch now, while the main thread simplifies the next one.
      surface.context.getImageData(0, 0, 1, 1);
      return;
    }
    const { job } = request;
    current = undefined;
    createImageBitmap(surface.canvas).then(
      (bitmap) => scope.postMessage({ kind: 'done', job, bitmap }, [bitmap]),
      (error: unknown) => failed(job, error),
    );
  } catch (error) {
    current = undefined;
    surface = undefined;
    failed(request.job, error);
  }
};
