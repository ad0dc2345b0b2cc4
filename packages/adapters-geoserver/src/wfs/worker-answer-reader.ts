import type { MapFeature } from '@gportal/core';
import { readAnswerOnMainThread, type AnswerReader, type AnswerToRead } from './answer-reader.js';
import { errorOfFailure, type AnswerReply, type AnswerRequest, type AnswerWorkerMessage } from './answer-worker-protocol.js';
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

/** A read given to the worker, or waiting for it to start: the features of the blocks received so far. */
interface PendingRead {
  answer: AnswerToRead;
  features: MapFeature[];
  resolve(read: ReadAnswer): void;
  reject(error: unknown): void;
}

/**
 * An `AnswerReader` that reads GetFeature answers in a Web Worker (one, started when the reader is
 * prepared or at the first answer). The answer's bytes are transferred to it, undecoded, and the features come back in
 * blocks, their positions in transferred typed arrays, each block rebuilt into the core's
 * geometries in a task of its own: no task of the page grows with the answer. Equal to
 * `readAnswer` (proven on the captured answers). Until the worker says it started, answers wait
 * on the main thread; where no worker starts (no `Worker`, its script did not load), they and
 * every later one are read on the main thread. A worker that fails after starting (it crashed)
 * fails the reads it held, whose bytes it had, and the main thread reads from then on.
 */
export function createWorkerAnswerReader({ createWorker }: WorkerAnswerReaderOptions): AnswerReader {
  let worker: Worker | undefined;
  let ready = false;
  /** Set when no worker could start or one failed: the main thread reads. */
  let unavailable = false;
  let lastId = 0;
  /** Reads the worker holds, by request id. */
  const pending = new Map<number, PendingRead>();
  /** Reads waiting for the worker to start. */
  const waiting = new Map<number, PendingRead>();

  const readHere = (read: PendingRead): void => {
    readAnswerOnMainThread(read.answer).then(read.resolve, read.reject);
  };

  const send = (id: number, read: PendingRead): void => {
    const { body, status, layer, context } = read.answer;
    pending.set(id, read);
    const request: AnswerRequest = { id, body, status, layer, context };
    worker?.postMessage(request, typeof body === 'string' ? [] : [body]);
  };

  const failed = (reason: string): void => {
    worker?.terminate();
    worker = undefined;
    unavailable = true;
    for (const read of waiting.values()) readHere(read);
    waiting.clear();
    for (const read of pending.values()) read.reject(new Error(`the WFS answer worker failed while reading: ${reason}`));
    pending.clear();
  };

  const receive = (reply: AnswerReply): void => {
    const read = pending.get(reply.id);
    if (!read) return;
    if (reply.kind === 'features') {
      for (const feature of unpackFeatures(reply.features)) read.features.push(feature);
      return;
    }
    pending.delete(reply.id);
    if (reply.kind === 'failed') {
      read.reject(errorOfFailure(reply.failure));
      return;
    }
    const { skippedIds, conventional, featureNamespace } = reply;
    const result: ReadAnswer = { features: read.features, skippedIds, ...(conventional ? { conventional } : {}), ...(featureNamespace ? { featureNamespace } : {}) };
    warnSkipped(result, read.answer.layer);
    read.resolve(result);
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
      for (const [id, read] of waiting) send(id, read);
      waiting.clear();
    };
    worker.onmessageerror = () => failed('a reply could not be read');
    worker.onerror = (event) => {
      event.preventDefault();
      failed(event.message || 'it did not start');
    };
    return true;
  };

  const readAnswer = (answer: AnswerToRead): Promise<ReadAnswer> => {
    const { signal } = answer;
    if (signal?.aborted) return Promise.reject(signal.reason as unknown);
    if (!start()) return readAnswerOnMainThread(answer);
    return new Promise<ReadAnswer>((resolve, reject) => {
      const id = ++lastId;
      const stop = () => {
        if (pending.delete(id) || waiting.delete(id)) reject(signal?.reason);
      };
      signal?.addEventListener('abort', stop, { once: true });
      const settled = <T>(then: (value: T) => void) => (value: T) => {
        signal?.removeEventListener('abort', stop);
        then(value);
      };
      const read: PendingRead = { answer, features: [], resolve: settled(resolve), reject: settled(reject) };
      if (ready) send(id, read);
      else waiting.set(id, read);
    });
  };
  // The worker's script loads and starts while the layer's schema and counts are read: the first answer finds it ready.
  return Object.assign(readAnswer, { prepare: () => void start() });
}
