import type { WorkOptions } from './file-types.js';

/** How long the work runs between two yields to the event loop. */
const SLICE_MS = 50;

const now = (): number => (typeof performance === 'undefined' ? Date.now() : performance.now());

/**
 * The checkpoints of long work: it reports progress and, every {@link SLICE_MS} or so, yields to
 * the event loop so that an abort (in a worker, a message that aborts the signal) is seen; it then
 * stops with the signal's reason.
 */
export class Work {
  private sliceStart = now();
  private from = 0;
  private to = 1;
  private reported = 0;

  constructor(private readonly options: WorkOptions = {}) {
    options.signal?.throwIfAborted();
  }

  /** A checkpoint `done` items of `total` into the work; cheap enough to call per feature. */
  async step(done: number, total: number): Promise<void> {
    if ((done & 0xff) !== 0 || now() - this.sliceStart < SLICE_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.sliceStart = now();
    this.options.signal?.throwIfAborted();
    const fraction = Math.min(this.from + (this.to - this.from) * (total > 0 ? done / total : 0), 0.99);
    if (fraction > this.reported) {
      this.reported = fraction;
      this.options.onProgress?.(fraction);
    }
  }

  /** The steps that follow are the part of the whole work from `from` to `to` (fractions of it). */
  part(from: number, to: number): void {
    this.from = from;
    this.to = to;
  }

  /** The end of the work. */
  finish(): void {
    this.options.signal?.throwIfAborted();
    this.options.onProgress?.(1);
  }
}
