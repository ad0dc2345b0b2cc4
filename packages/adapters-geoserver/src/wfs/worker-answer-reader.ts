import type { MapFeature } from '@gportal/core';
import { readAnswerOnMainThread, type AnswerReader, type AnswerToRead } from './answer-reader.js';
import { errorOfFailure, type AnswerReply, type AnswerRequest } from './answer-worker-protocol.js';
import { warnSkipped, type ReadAnswer } from './feature-reader.js';
import { unpackFeatures } from './packed-features.js';

/** Options of {@link createWorkerAnswerReader}. */
export interface WorkerAnswerReaderOptions {
  /**
   * Starts the worker, a module that runs `serveAnswerRequests(self)`; called once, at the first
   * answer. Returning `undefined` (no `Worker` in this runtime) or throwing: answers are read on
   * the main thread.
   */
  createWorker: () => Worker | undefined;
}

/** A read waiting for the worker: the features of the blocks received so far. */
interface PendingRead {
  answer: AnswerToRead;
  features: MapFeature[];
  resolve(read: ReadAnswer): void;
  reject(error: unknown): void;
}

/**
 * An `AnswerReader` that reads GetFeature answers in a Web Worker (one, started at the first
 * answer): the main thread sends the text and receives the features in blocks, their positions in
 * transferred typed arrays, each block rebuilt into the core's geometries in a task of its own,
 * so no task of the page runs long however large the answer. Equal to `readAnswer` (proven on
 * the captured answers). Where no worker starts, or a worker fails (its script did not load, it
 * crashed), the answers it held and every later one are read on the main thread.
 */
export function createWorkerAnswerReader({ createWorker }: WorkerAnswerReaderOptions): AnswerReader {
  let worker: Worker | undefined;
  /** Set when no worker could start or one failed: the main thread reads. */
  let unavailable = false;
  let lastId = 0;
  const pending = new Map<number, PendingRead>();

  const readHere = (read: PendingRead): void => {
    readAnswerOnMainThread(read.answer).then(read.resolve, read.reject);
  };

  const failed = (): void => {
    worker?.terminate();
    worker = undefined;
    unavailable = true;
    const waiting = [...pending.values()];
    pending.clear();
    for (const read of waiting) readHere(read);
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

  const start = (): Worker | undefined => {
    if (worker || unavailable) return worker;
    try {
      worker = createWorker();
    } catch {
      worker = undefined;
    }
    if (!worker) {
      unavailable = true;
      return undefined;
    }
    worker.onmessage = ({ data }: MessageEvent<AnswerReply>) => receive(data);
    worker.onmessageerror = failed;
    worker.onerror = (event) => {
      event.preventDefault();
      failed();
    };
    return worker;
  };

  return (answer) => {
    const { signal } = answer;
    if (signal?.aborted) return Promise.reject(signal.reason as unknown);
    const running = start();
    if (!running) return readAnswerOnMainThread(answer);
    return new Promise<ReadAnswer>((resolve, reject) => {
      const id = ++lastId;
      const stop = () => {
        if (pending.delete(id)) reject(signal?.reason);
      };
      signal?.addEventListener('abort', stop, { once: true });
      const settled = <T>(then: (value: T) => void) => (value: T) => {
        signal?.removeEventListener('abort', stop);
        then(value);
      };
      pending.set(id, { answer, features: [], resolve: settled(resolve), reject: settled(reject) });
      const request: AnswerRequest = { id, text: answer.text, status: answer.status, layer: answer.layer, context: answer.context };
      running.postMessage(request);
    });
  };
}
