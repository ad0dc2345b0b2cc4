import { MapServerError, POSITION_DEPTH, type Geometry, type MapFeature } from '@gportal/core';
import { textOf } from './answer-reader.js';
import type { ConventionalLabel } from './axis-order.js';
import type { WfsLayer } from './describe-feature-type.js';
import { readAnswerText, type FeatureReadContext, type ReadAnswer } from './feature-reader.js';
import { packFeatures, transferablesOfFeatures, type PackedFeatures } from './packed-features.js';

/** An answer for the worker to read: everything in it survives a structured clone; bytes are transferred. */
export interface AnswerRequest {
  id: number;
  /** The answer's text, or its UTF-8 bytes (decoded by the worker). */
  body: string | ArrayBuffer;
  status: number;
  layer: WfsLayer;
  context: FeatureReadContext;
}

/** What `readAnswer` throws, as data: a `MapServerError` is rebuilt on the main thread, anything else is a failure of the worker. */
export type ReadFailure = { mapServer: { status?: number; code?: string; text: string } } | { message: string };

/** What the worker posts: first `ready` (it started), then the replies to each request. */
export type AnswerWorkerMessage = { kind: 'ready' } | AnswerReply;

/**
 * The worker's replies to one request, in order: the features in `features` blocks (positions in
 * transferred typed arrays), then `read` with the rest of what was read; or `failed` alone.
 */
export type AnswerReply =
  | { kind: 'features'; id: number; features: PackedFeatures }
  | { kind: 'read'; id: number; skippedIds: string[]; conventional?: ConventionalLabel; featureNamespace?: string }
  | { kind: 'failed'; id: number; failure: ReadFailure };

/**
 * Positions per `features` block: the main thread rebuilds one block per task. Fifty thousand
 * (a twentieth of 2000 features × 500) take it under 10 ms of thread time in Chromium, the
 * garbage collection of what it allocates included, so a task stays far from 50 ms.
 */
export const POSITIONS_PER_BLOCK = 50_000;

function positionsOf(geometry: Geometry): number {
  const count = (coordinates: unknown, depth: number): number => {
    if (depth === 0) return 1;
    if (depth === 1) return (coordinates as unknown[]).length;
    let total = 0;
    for (const child of coordinates as unknown[]) total += count(child, depth - 1);
    return total;
  };
  return count(geometry.coordinates, POSITION_DEPTH[geometry.type]);
}

function failureOf(error: unknown): ReadFailure {
  if (error instanceof MapServerError) {
    return { mapServer: { text: error.text, ...(error.status !== undefined ? { status: error.status } : {}), ...(error.code !== undefined ? { code: error.code } : {}) } };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/**
 * The worker's whole work for one request, as a pure function (tests run it directly): reads the
 * answer (`readAnswerText`) and gives the messages to post, in order, each with its transfer list.
 */
export function answerReplies(request: AnswerRequest): Array<{ reply: AnswerReply; transfer: Transferable[] }> {
  const { id } = request;
  let read: ReadAnswer;
  try {
    read = readAnswerText({ text: textOf(request.body), status: request.status }, request.layer, request.context);
  } catch (error) {
    return [{ reply: { kind: 'failed', id, failure: failureOf(error) }, transfer: [] }];
  }
  const replies: Array<{ reply: AnswerReply; transfer: Transferable[] }> = [];
  let block: MapFeature[] = [];
  let positions = 0;
  const send = () => {
    const packed = packFeatures(block);
    replies.push({ reply: { kind: 'features', id, features: packed }, transfer: transferablesOfFeatures(packed) });
    block = [];
    positions = 0;
  };
  for (const feature of read.features) {
    const count = positionsOf(feature.geometry);
    if (block.length > 0 && positions + count > POSITIONS_PER_BLOCK) send();
    block.push(feature);
    positions += count;
  }
  if (block.length > 0) send();
  const { skippedIds, conventional, featureNamespace } = read;
  replies.push({ reply: { kind: 'read', id, skippedIds, ...(conventional ? { conventional } : {}), ...(featureNamespace ? { featureNamespace } : {}) }, transfer: [] });
  return replies;
}

/** The global scope of the worker, as far as it is used. */
export interface AnswerWorkerScope {
  /** Set to the handler of the main thread's requests. */
  onmessage: ((event: MessageEvent<AnswerRequest>) => void) | null;
  /** Posts a reply to the main thread, its buffers moved. */
  postMessage(message: AnswerWorkerMessage, transfer: Transferable[]): void;
}

/**
 * Makes a worker read answers: its module is `serveAnswerRequests(self)`, started by the app
 * where its bundler can bundle a worker (see `createWorkerAnswerReader`). It says `ready` first:
 * until then the main thread keeps the answers, which it reads itself if the worker never starts.
 */
export function serveAnswerRequests(scope: AnswerWorkerScope): void {
  scope.onmessage = ({ data }) => {
    for (const { reply, transfer } of answerReplies(data)) scope.postMessage(reply, transfer);
  };
  scope.postMessage({ kind: 'ready' }, []);
}

/** The error a `failed` reply stands for. */
export function errorOfFailure(failure: ReadFailure): Error {
  return 'mapServer' in failure ? new MapServerError(failure.mapServer) : new Error(`the WFS answer worker failed: ${failure.message}`);
}
