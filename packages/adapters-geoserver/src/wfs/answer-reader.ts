import type { WfsLayer } from './describe-feature-type.js';
import { readAnswerText, warnSkipped, type FeatureReadContext, type ReadAnswer } from './feature-reader.js';

/** A GetFeature answer to read, with what its reader must know (see `readAnswer`). */
export interface AnswerToRead {
  text: string;
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
export type AnswerReader = (answer: AnswerToRead) => Promise<ReadAnswer>;

/** `readAnswer` where it is called: Node, tests, and pages without workers. */
export const readAnswerOnMainThread: AnswerReader = async (answer) => {
  const read = readAnswerText(answer, answer.layer, answer.context);
  warnSkipped(read, answer.layer);
  return read;
};
