import type { PreparedRequest } from '../http/http-client.js';
import type { WfsLayer } from './describe-feature-type.js';
import { readAnswerText, warnSkipped, type FeatureReadContext, type ReadAnswer } from './feature-reader.js';
import type { AnswerFromElsewhere } from './wfs-endpoint.js';

/** A GetFeature answer to read, with what its reader must know (see `readAnswer`). */
export interface AnswerToRead {
  /** The answer's text, or its UTF-8 bytes (as fetched: a worker decodes them, the main thread never does). */
  body: string | ArrayBuffer;
  status: number;
  layer: WfsLayer;
  context: FeatureReadContext;
  /** The request's signal: a reader may stop waiting for its result when it aborts (the abort reason is rethrown). */
  signal?: AbortSignal;
}

/** A GetFeature request for a reader that sends it itself (`AnswerReader.fetchAndRead`), with what reading its answer needs. */
export interface AnswerToFetch {
  /** The request as the WFS endpoint's HTTP client would send it. */
  prepared: PreparedRequest;
  layer: WfsLayer;
  context: FeatureReadContext;
  /** Stops the request: the reader rejects with the abort reason. */
  signal?: AbortSignal;
}

/**
 * What a reader that sent a request itself has: the features read; the answer handed back as
 * text when it is no readable one (an error, an exception report); or why it went unanswered.
 */
export type FetchedAnswer = { read: ReadAnswer } | { answer: AnswerFromElsewhere } | { unanswered: { reason: string; timedOut: boolean } };

/**
 * Reads GetFeature answers for `WfsFeatureSource`, as `readAnswer` does: on the main thread
 * ({@link readAnswerOnMainThread}, the default) or elsewhere, e.g. in a Web Worker
 * (`createWorkerAnswerReader`). Errors are the ones `readAnswer` throws (`MapServerError`).
 */
export type AnswerReader = ((answer: AnswerToRead) => Promise<ReadAnswer>) & {
  /**
   * Sends a GetFeature request and reads its answer where the reader runs (a worker: the bytes
   * never reach the page's thread). Optional; resolves `undefined` when the reader cannot send it
   * (no worker started): the caller then fetches and hands the answer to the reader as usual.
   */
  fetchAndRead?(request: AnswerToFetch): Promise<FetchedAnswer | undefined>;
  /**
   * Told when a layer's features are about to be read (its schema is asked for first): a reader
   * that needs time to start (a worker's script to load) starts now, so the first answer does
   * not wait for it. Optional: the main thread's reader needs none.
   */
  prepare?(): void;
  /**
   * How an answer fetched on the calling thread is best handed over: `text`, decoded there as
   * its chunks arrive (a reader on that thread, which reads text), or `bytes`, undecoded (a
   * worker's, to which they are transferred). Default `bytes`.
   */
  takes?: 'text' | 'bytes';
};

/** `readAnswer` where it is called: Node, tests, and pages without workers. */
export const readAnswerOnMainThread: AnswerReader = Object.assign(
  async (answer: AnswerToRead): Promise<ReadAnswer> => {
    const read = readAnswerText({ text: textOf(answer.body), status: answer.status }, answer.layer, answer.context);
    warnSkipped(read, answer.layer);
    return read;
  },
  { takes: 'text' as const },
);

/** The text of an answer's body: bytes are UTF-8, as `Response.text()` reads them. */
export function textOf(body: string | ArrayBuffer): string {
  return typeof body === 'string' ? body : new TextDecoder().decode(body);
}
