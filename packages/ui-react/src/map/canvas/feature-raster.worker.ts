/**
 * The feature canvas's raster worker: paints whole canvases of simplified shapes on an
 * `OffscreenCanvas`, off the main thread, with the same `paintShapes` the main thread uses. Each batch
 * is rasterised when it arrives (a one-pixel read flushes the canvas's recorded calls), so the
 * worker paints while the main thread simplifies the next batch.
 */
import { paintShapes } from './paint-shapes';
import { unpackShapes, type RasterReply, type RasterRequest } from './raster-protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<RasterRequest>) => void) | null;
  postMessage(message: RasterReply, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
/**
 * One canvas for every job of a size, copied out at its end: after `transferToImageBitmap` the
 * next job's first paint waits tens of milliseconds for a new backing store, while the copy takes
 * well under one (its snapshot is taken when `createImageBitmap` is called, before the next job
 * clears it). Two sizes are kept, the map's canvas and the tiles painted ahead, so jobs of both
 * do not resize one canvas back and forth.
 */
const surfaces = new Map<string, { canvas: OffscreenCanvas; context: OffscreenCanvasRenderingContext2D }>();
const SURFACES = 2;
let surface: { canvas: OffscreenCanvas; context: OffscreenCanvasRenderingContext2D } | undefined;
/** The job being painted; batches of any other are dropped. */
let current: number | undefined;
const ORIGIN = { left: 0, top: 0 };

/** The canvas for jobs of this size (CSS pixels at `ratio`, at least one device pixel each way): the one kept for it, or a new one. */
function surfaceOf(request: { width: number; height: number; ratio: number }): { canvas: OffscreenCanvas; context: OffscreenCanvasRenderingContext2D } {
  const width = Math.max(1, request.width * request.ratio);
  const height = Math.max(1, request.height * request.ratio);
  const size = `${width}x${height}`;
  let kept = surfaces.get(size);
  if (!kept) {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D context on an OffscreenCanvas');
    kept = { canvas, context };
    // The size used least lately goes (a map resized).
    if (surfaces.size >= SURFACES) surfaces.delete(surfaces.keys().next().value as string);
  } else {
    surfaces.delete(size);
  }
  surfaces.set(size, kept);
  return kept;
}

/**
 * Readies the canvas of a size before its first job: its pixels allocated (one drawn and read
 * back), and an `ImageBitmap` of it made once. A worker's first job otherwise waited for both,
 * 200–300 ms on a 2-core machine, while the map showed no features.
 */
function warm(request: { width: number; height: number; ratio: number }): void {
  const { canvas, context } = surfaceOf(request);
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.fillRect(0, 0, 1, 1);
  context.getImageData(0, 0, 1, 1);
  context.clearRect(0, 0, 1, 1);
  void createImageBitmap(canvas).then(
    (bitmap) => bitmap.close(),
    () => undefined,
  );
}

function failed(job: number, error: unknown): void {
  scope.postMessage({ kind: 'failed', job, message: error instanceof Error ? error.message : String(error) });
}

scope.onmessage = ({ data: request }) => {
  try {
    if (request.kind === 'warm') {
      warm(request);
      return;
    }
    if (request.kind === 'begin') {
      surface = surfaceOf(request);
      const { canvas, context } = surface;
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.clearRect(0, 0, canvas.width, canvas.height);
      context.setTransform(request.ratio, 0, 0, request.ratio, 0, 0);
      current = request.job;
      return;
    }
    if (!surface || current !== request.job) return;
    if (request.kind === 'paint') {
      paintShapes(surface.context, request.style, unpackShapes(request), ORIGIN, request.polygon);
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
    surfaces.clear();
    failed('job' in request ? request.job : 0, error);
  }
};
