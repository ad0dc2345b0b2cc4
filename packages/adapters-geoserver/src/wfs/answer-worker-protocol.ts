import { MapServerError, POSITION_DEPTH, type Geometry, type MapFeature } from '@gportal/core';
import { bodyPreview, type PreparedRequest } from '../http/http-client.js';
import { textOf } from './answer-reader.js';
import type { ConventionalLabel } from './axis-order.js';
import type { WfsLayer } from './describe-feature-type.js';
import { readAnswerText, type FeatureReadContext, type ReadAnswer } from './feature-reader.js';
import { packFeatures, transferablesOfFeatures, type PackedFeatures } from './packed-features.js';
import { handedOnUndecoded, type AnswerFromElsewhere } from './wfs-endpoint.js';

/** An answer for the worker to read: everything in it survives a structured clone; bytes are transferred. */
export interface AnswerRequest {
  id: number;
  /** The answer's text, or its UTF-8 bytes (decoded by the worker). */
  body: string | ArrayBuffer;
  status: number;
  layer: WfsLayer;
  context: FeatureReadContext;
}

/**
 * A GetFeature request for the worker to send and then read (`fetch`: the request as the main
 * thread's HTTP client would send it): the answer's bytes arrive in the worker and never cross
 * to the page. `abort` (same `id`) stops it.
 */
export interface FetchRequest {
  id: number;
  fetch: PreparedRequest;
  layer: WfsLayer;
  context: FeatureReadContext;
}

/** Stops the fetch of request `id`: the main thread no longer waits for it. */
export interface AbortFetch {
  id: number;
  abort: true;
}

/** Every message the main thread posts to the worker. */
export type AnswerWorkerRequest = AnswerRequest | FetchRequest | AbortFetch;

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
  | { kind: 'failed'; id: number; failure: ReadFailure }
  /** A fetched answer that is not read there (an error, an exception report, an empty body): handed back whole, as text, for the main thread to tell. */
  | { kind: 'answer'; id: number; answer: AnswerFromElsewhere }
  /** A fetch that got no answer: why, and whether its time ran out. */
  | { kind: 'unanswered'; id: number; reason: string; timedOut: boolean };

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

/**
 * The worker's work for one fetch request: sends it with `fetcher` (time allowed as prepared,
 * stopped early by `signal`), then posts, in order, what reading the answer gives
 * (`answerReplies`), or the whole answer as text when it is no readable one (not 2xx, an
 * exception report, empty), or why it went unanswered. Nothing is posted once `signal` aborted.
 */
export async function fetchReplies(request: FetchRequest, fetcher: typeof fetch, signal: AbortSignal, post: (reply: AnswerReply, transfer: Transferable[]) => void): Promise<void> {
  const { id, fetch: prepared, layer, context } = request;
  const timeout = AbortSignal.timeout(prepared.timeoutMs);
  let response: Response;
  let bytes: ArrayBuffer;
  try {
    response = await fetcher(prepared.url, {
      method: prepared.method,
      headers: prepared.headers,
      credentials: prepared.credentials,
      signal: AbortSignal.any([signal, timeout]),
      ...(prepared.body !== undefined ? { body: prepared.body } : {}),
    });
    // Read whole here, off the page's thread.
    bytes = await response.arrayBuffer();
  } catch (error) {
    if (signal.aborted) return;
    const timedOut = timeout.aborted || (error instanceof Error && error.name === 'TimeoutError');
    post({ kind: 'unanswered', id, reason: error instanceof Error ? error.message : String(error), timedOut }, []);
    return;
  }
  if (signal.aborted) return;
  if (response.ok && handedOnUndecoded(bodyPreview(bytes))) {
    for (const { reply, transfer } of answerReplies({ id, body: bytes, status: response.status, layer, context })) post(reply, transfer);
    return;
  }
  const answer: AnswerFromElsewhere = { status: response.status, statusText: response.statusText, url: response.url || prepared.url, headers: [...response.headers], body: textOf(bytes) };
  post({ kind: 'answer', id, answer }, []);
}

/** The global scope of the worker, as far as it is used. */
export interface AnswerWorkerScope {
  /** Set to the handler of the main thread's requests. */
  onmessage: ((event: MessageEvent<AnswerWorkerRequest>) => void) | null;
  /** Posts a reply to the main thread, its buffers moved. */
  postMessage(message: AnswerWorkerMessage, transfer: Transferable[]): void;
}

/**
 * Makes a worker read answers: its module is `serveAnswerRequests(self)`, started by the app
 * where its bundler can bundle a worker (see `createWorkerAnswerReader`). It says `ready` first:
 * until then the main thread keeps the answers, which it reads itself if the worker never starts.
 */
export function serveAnswerRequests(scope: AnswerWorkerScope, fetcher: typeof fetch = (input, init) => fetch(input, init)): void {
  /** The fetches under way, by request id. */
  const fetching = new Map<number, AbortController>();
  const post = (reply: AnswerReply, transfer: Transferable[]) => scope.postMessage(reply, transfer);
  scope.onmessage = ({ data }) => {
    if ('abort' in data) {
      fetching.get(data.id)?.abort();
      fetching.delete(data.id);
      return;
    }
    if ('fetch' in data) {
      const controller = new AbortController();
      fetching.set(data.id, controller);
      void fetchReplies(data, fetcher, controller.signal, post)
        .catch((error: unknown) => post({ kind: 'failed', id: data.id, failure: failureOf(error) }, []))
        .finally(() => fetching.delete(data.id));
      return;
    }
    for (const { reply, transfer } of answerReplies(data)) post(reply, transfer);
  };
  scope.postMessage({ kind: 'ready' }, []);
}

/** The error a `failed` reply stands for. */
export function errorOfFailure(failure: ReadFailure): Error {
  return 'mapServer' in failure ? new MapServerError(failure.mapServer) : new Error(`the WFS answer worker failed: ${failure.message}`);
}
