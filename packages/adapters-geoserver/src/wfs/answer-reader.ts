import type { WfsLayer } from './describe-feature-type.js';
import { readAnswerText, warnSkipped, type FeatureReadContext, type ReadAnswer } from './feature-reader.js';

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

/**
 * Reads GetFeature answers for `WfsFeatureSource`, as `readAnswer` does: on the main thread
 * ({@link readAnswerOnMainThread}, the default) or elsewhere, e.g. in a Web Worker
 * (`createWorkerAnswerReader`). Errors are the ones `readAnswer` throws (`MapServerError`).
 */
export type AnswerReader = ((answer: AnswerToRead) => Promise<ReadAnswer>) & {
  /**
   * Told when a layer's features are about to be read (its schema is asked for first): a reader
   * that needs time to start (a worker's script to load) starts now, so the first answer does
   * not wait for it. Optional: the main thread's reader needs none.
   */
  prepare?(): void;
};

/** `readAnswer` where it is called: Node, tests, and pages without workers. */
export const readAnswerOnMainThread: AnswerReader = async (answer) => {
  const read = readAnswerText({ text: textOf(answer.body), status: answer.status }, answer.layer, answer.context);
  warnSkipped(read, answer.layer);
  return read;
};

/** The text of an answer's body: bytes are UTF-8, as `Response.text()` reads them. */
export function textOf(body: string | ArrayBuffer): string {
  return typeof body === 'string' ? body : new TextDecoder().decode(body);
}
