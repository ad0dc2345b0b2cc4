import type { MapFeature } from '@gportal/core';
import { readAnswerOnMainThread, type AnswerReader, type AnswerToFetch, type AnswerToRead, type FetchedAnswer } from './answer-reader.js';
import { errorOfFailure, type AbortFetch, type AnswerReply, type AnswerRequest, type AnswerWorkerMessage, type FetchRequest } from './answer-worker-protocol.js';
import type { WfsLayer } from './describe-feature-type.js';
import { warnSkipped, type ReadAnswer } from './feature-reader.js';
import { unpackFeatures } from './packed-features.js';

/** Options of {@link createWorkerAnswerReader}. */
export interface WorkerAnswerReaderOptions {
  /**
   * Starts the worker, a module that runs `serveAnswerRequests(self)`; called once, when the
   * reader is first prepared (`prepare`: `WfsFeatureSource` does so when it reads a layer's schema,
   * before any of its features) or at the first answer. Returning `undefined` (no `Worker` in this runtime) or throwing: answers are read on
   * the main thread.
   */
  createWorker: () => Worker | undefined;
}

/**
 * A read or a fetch given to the worker, or waiting for it to start: the features of the blocks
 * received so far. `here` is what the main thread does with it where no worker runs: a read is
 * read there, a fetch is left to the caller (`undefined`).
 */
interface Pending {
  request: AnswerRequest | FetchRequest;
  layer: WfsLayer;
  features: MapFeature[];
  /** Settles with the worker's outcome. */
  settle(outcome: FetchedAnswer): void;
  reject(error: unknown): void;
  here(): void;
}

/**
 * An `AnswerReader` that reads GetFeature answers in a Web Worker (one, started when the reader is
 * prepared or at the first answer), and, through `fetchAndRead`, sends GetFeature requests from it:
 * the answer's bytes then arrive in the worker and never reach the page's thread (receiving tens
 * of megabytes there blocks the page, however the body is read). An answer fetched on the page is
 * transferred to it, undecoded. The features come back in blocks, their positions in transferred
 * typed arrays, each block rebuilt into the core's geometries in a task of its own: no task of the
 * page grows with the answer. Equal to `readAnswer` (proven on the captured answers). Until the
 * worker says it started, answers and requests wait on the main thread; where no worker starts (no
 * `Worker`, its script did not load), answers are read there and requests left to the caller,
 * now and from then on. A worker that fails after starting (it crashed) fails the reads it held,
 * whose bytes it had, hands the requests it held back to the caller (nothing was lost: a GetFeature
 * may be sent again), and the main thread does the work from then on.
 */
export function createWorkerAnswerReader({ createWorker }: WorkerAnswerReaderOptions): AnswerReader {
  let worker: Worker | undefined;
  let ready = false;
  /** Set when no worker could start or one failed: the main thread reads. */
  let unavailable = false;
  let lastId = 0;
  /** Reads and fetches the worker holds, by request id. */
  const pending = new Map<number, Pending>();
  /** Reads and fetches waiting for the worker to start. */
  const waiting = new Map<number, Pending>();

  const send = (id: number, entry: Pending): void => {
    pending.set(id, entry);
    const { request } = entry;
    worker?.postMessage(request, 'body' in request && typeof request.body !== 'string' ? [request.body] : []);
  };

  const failed = (reason: string): void => {
    worker?.terminate();
    worker = undefined;
    unavailable = true;
    for (const entry of waiting.values()) entry.here();
    waiting.clear();
    for (const entry of pending.values()) {
      if ('fetch' in entry.request) entry.here();
      else entry.reject(new Error(`the WFS answer worker failed while reading: ${reason}`));
    }
    pending.clear();
  };

  const receive = (reply: AnswerReply): void => {
    const entry = pending.get(reply.id);
    if (!entry) return;
    if (reply.kind === 'features') {
      for (const feature of unpackFeatures(reply.features)) entry.features.push(feature);
      return;
    }
    pending.delete(reply.id);
    if (reply.kind === 'failed') {
      entry.reject(errorOfFailure(reply.failure));
      return;
    }
    if (reply.kind === 'answer') {
      entry.settle({ answer: reply.answer });
      return;
    }
    if (reply.kind === 'unanswered') {
      entry.settle({ unanswered: { reason: reply.reason, timedOut: reply.timedOut } });
      return;
    }
    const { skippedIds, conventional, featureNamespace } = reply;
    const result: ReadAnswer = { features: entry.features, skippedIds, ...(conventional ? { conventional } : {}), ...(featureNamespace ? { featureNamespace } : {}) };
    warnSkipped(result, entry.layer);
    entry.settle({ read: result });
  };

  const start = (): boolean => {
    if (worker) return true;
    if (unavailable) return false;
    try {
      worker = createWorker();
    } catch {
      worker = undefined;
    }
    if (!worker) {
      unavailable = true;
      return false;
    }
    worker.onmessage = ({ data }: MessageEvent<AnswerWorkerMessage>) => {
      if (data.kind !== 'ready') {
        receive(data);
        return;
      }
      ready = true;
      for (const [id, entry] of waiting) send(id, entry);
      waiting.clear();
    };
    worker.onmessageerror = () => failed('a reply could not be read');
    worker.onerror = (event) => {
      event.preventDefault();
      failed(event.message || 'it did not start');
    };
    return true;
  };

  /** Gives the worker a request (or keeps it until the worker starts), and settles by `outcome`; an abort of `signal` stops waiting, and stops the worker's fetch. */
  const submit = <T>(
    make: (id: number) => AnswerRequest | FetchRequest,
    { layer, signal }: { layer: WfsLayer; signal?: AbortSignal | undefined },
    outcome: (fetched: FetchedAnswer) => T,
    here: () => Promise<T>,
  ): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = ++lastId;
      const stop = () => {
        if (waiting.delete(id)) reject(signal?.reason);
        else if (pending.delete(id)) {
          if ('fetch' in entry.request) worker?.postMessage({ id, abort: true } satisfies AbortFetch);
          reject(signal?.reason);
        }
      };
      signal?.addEventListener('abort', stop, { once: true });
      const settled = <V>(then: (value: V) => void) => (value: V) => {
        signal?.removeEventListener('abort', stop);
        then(value);
      };
      const entry: Pending = {
        request: make(id),
        layer,
        features: [],
        settle: settled((fetched: FetchedAnswer) => {
          try {
            resolve(outcome(fetched));
          } catch (error) {
            reject(error);
          }
        }),
        reject: settled(reject),
        here: () => void here().then(settled(resolve), settled(reject)),
      };
      if (ready) send(id, entry);
      else waiting.set(id, entry);
    });

  const readAnswer = (answer: AnswerToRead): Promise<ReadAnswer> => {
    const { signal } = answer;
    if (signal?.aborted) return Promise.reject(signal.reason as unknown);
    if (!start()) return readAnswerOnMainThread(answer);
    const { body, status, layer, context } = answer;
    return submit(
      (id) => ({ id, body, status, layer, context }),
      answer,
      (fetched) => {
        if ('read' in fetched) return fetched.read;
        throw new Error('the WFS answer worker answered a read as a fetch');
      },
      () => readAnswerOnMainThread(answer),
    );
  };

  const fetchAndRead = (request: AnswerToFetch): Promise<FetchedAnswer | undefined> => {
    const { signal } = request;
    if (signal?.aborted) return Promise.reject(signal.reason as unknown);
    if (!start()) return Promise.resolve(undefined);
    const { prepared, layer, context } = request;
    return submit<FetchedAnswer | undefined>((id) => ({ id, fetch: prepared, layer, context }), request, (fetched) => fetched, () => Promise.resolve(undefined));
  };
  // The worker's script loads and starts while the layer's schema and counts are read: the first answer finds it ready.
  return Object.assign(readAnswer, { prepare: () => void start(), fetchAndRead });
}
