import { vi } from 'vitest';
import { RasterWorkers } from '../map/canvas/feature-raster';
import { L } from '../map/leaflet';
import type { RasterReply, RasterRequest } from '../map/canvas/raster-protocol';

/**
 * Stand-ins for what jsdom lacks and the feature canvas paints with: the raster workers (and the
 * bitmaps they paint), the machine's cores, and a 2D context that records what it is asked.
 */

/** A worker's painted layer (the global `ImageBitmap` where a test stubs it). */
export class FakeBitmap {
  readonly close = vi.fn();

  constructor(
    readonly part: number,
    readonly job: number,
  ) {}
}

/** A stand-in for the raster worker: records what it is sent and answers `end` as the real one does, or fails to start. */
export class FakeWorker {
  static made: FakeWorker[] = [];
  static broken = false;
  /** Answers held back until `release` (a worker still painting). */
  static held: Array<() => void> | undefined;
  static bitmaps: FakeBitmap[] = [];

  static reset(): void {
    FakeWorker.made = [];
    FakeWorker.broken = false;
    FakeWorker.held = undefined;
    FakeWorker.bitmaps = [];
  }

  static release(): void {
    for (const answer of FakeWorker.held?.splice(0) ?? []) answer();
  }

  onmessage: ((event: MessageEvent<RasterReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly received: Array<{ request: RasterRequest; transfer: Transferable[] }> = [];
  terminated = false;

  constructor() {
    FakeWorker.made.push(this);
  }

  postMessage(request: RasterRequest, transfer: Transferable[] = []): void {
    this.received.push({ request, transfer });
    if (request.kind !== 'end') return;
    const answer = () => {
      if (FakeWorker.broken) {
        this.onerror?.({ message: 'it did not load', preventDefault: () => undefined } as unknown as ErrorEvent);
        return;
      }
      const made = new FakeBitmap(FakeWorker.made.indexOf(this), request.job);
      FakeWorker.bitmaps.push(made);
      const bitmap = made as unknown as ImageBitmap;
      this.onmessage?.({ data: { kind: 'done', job: request.job, bitmap } } as MessageEvent<RasterReply>);
    };
    if (FakeWorker.held) FakeWorker.held.push(answer);
    else queueMicrotask(answer);
  }

  terminate(): void {
    this.terminated = true;
  }
}

/** The page's raster workers: two stand-ins (two cores) that paint and answer. */
export function withRasterWorkers(): void {
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('OffscreenCanvas', class {});
  vi.stubGlobal('ImageBitmap', FakeBitmap);
  cores(2);
}

/** The machine's cores as the page sees them. */
export function cores(count: number): void {
  Object.defineProperty(navigator, 'hardwareConcurrency', { value: count, configurable: true });
}

/** Gives every canvas a 2D context (jsdom has none) that hands each call to `record` as `[name, ...args]`, and keeps what is set on it. */
export function recordContexts(record: (call: [string, ...unknown[]]) => void): void {
  const contextOf = (canvas: HTMLCanvasElement) =>
    new Proxy({} as Record<string, unknown>, {
      get: (target, name: string) => (name === 'canvas' ? canvas : name in target ? target[name] : (...args: unknown[]) => record([name, ...args])),
      set: (target, name: string, value: unknown) => {
        target[name] = value;
        return true;
      },
    });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return contextOf(this) as never;
  } as never);
}

/** A 400 × 300 px map in the page (jsdom lays nothing out), over Fuzhou at zoom 10, and its element. */
export function mapOnPage(): { element: HTMLDivElement; map: L.Map } {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientWidth', { value: 400 });
  Object.defineProperty(element, 'clientHeight', { value: 300 });
  document.body.append(element);
  return { element, map: L.map(element).setView([26.02, 119.1], 10) };
}

/** Undoes what a test of the feature canvas set up: the map and its element, the shared raster workers, the stubs and the stand-ins. */
export function tearDownCanvasTest({ element, map }: { element: HTMLElement; map: L.Map }): void {
  map.remove();
  element.remove();
  RasterWorkers.stop();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (navigator as { hardwareConcurrency?: number }).hardwareConcurrency;
  FakeWorker.reset();
}
