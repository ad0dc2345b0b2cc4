import { describeResource, MapServerError, NetworkError, TimeoutError, type ResourceRef } from '@gportal/core';
import { CONTENT_TYPES, isJsonMediaType, mediaTypeOf } from './content-types.js';
import { GEOSERVER_ERROR_RULES, toHttpError, type HttpErrorRule } from './http-errors.js';
import { joinUrl, sameOrigin } from './url-template.js';
import { definedOnly } from '../util/defined-only.js';

/** Something that knows the `Authorization` header to send now (e.g. a sign-in held in memory). */
export interface AuthorizationSource {
  /** The `Authorization` header value to send now, or `undefined` to send none. */
  authorization(): string | undefined;
}

function wordsOf(resource: string | ResourceRef): string {
  return typeof resource === 'string' ? resource : describeResource(resource);
}

/**
 * Options of {@link createHttpClient}, the one HTTP client the REST, WFS and portal adapters share (credentials, timeout, error mapping).
 */
export interface HttpClientOptions {
  /** Every request path is appended to it: `http://host/geoserver/rest`, or `/geoserver/rest` behind a proxy. */
  baseUrl: string;
  /** HTTP Basic credentials, sent on every request. */
  username?: string;
  password?: string;
  /**
   * Asked before every request for an `Authorization` header value, e.g. from a sign-in whose
   * credentials live in memory only. Wins over `username`/`password` when it answers.
   */
  authorization?: () => string | undefined;
  /** The fetch `credentials` mode; `include` sends the browser's cookies (a GeoServer login session). */
  credentials?: RequestCredentials;
  /**
   * The only origin credentials go to (any URL on it, e.g. the map server's): a request elsewhere
   * is sent with `credentials: 'omit'` and no `Authorization`. Defaults to the base URL's origin.
   */
  credentialsOrigin?: string;
  /** Defaults to the global `fetch`, looked up at call time so test interceptors apply. */
  fetch?: typeof fetch;
  /** Time allowed for the whole exchange, body included; then `TimeoutError`. */
  timeoutMs?: number;
  /** Failed answers become typed errors by this table (see `toHttpError`). */
  errorRules?: readonly HttpErrorRule[];
}

/** The defaults of `HttpClientOptions`, in one place. */
export const HTTP_CLIENT_DEFAULTS = {
  credentials: 'include',
  timeoutMs: 30_000,
  errorRules: GEOSERVER_ERROR_RULES,
} as const satisfies Partial<HttpClientOptions>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request body: JSON, text of a given content type, multipart form data, or a URL-encoded form. */
type HttpBody =
  | { json: unknown }
  | { text: string; contentType: string }
  | { formData: FormData }
  | { urlEncoded: Readonly<Record<string, string>> };

export interface HttpRequest {
  method: HttpMethod;
  /** Path below the base URL, already expanded and encoded (see `expandPath`). */
  path: string;
  /** Query parameters; `undefined` values are left out. */
  query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** `Accept` header. */
  accept?: string;
  body?: HttpBody;
  /**
   * What the request is about, for error messages and `NotFoundError`/`ConflictError`: a
   * `ResourceRef` (`{ kind: 'workspace', name: 'acme' }`) when it is one the core names, else words.
   */
  resource: string | ResourceRef;
  redirect?: RequestRedirect;
  /** Cancels the request; the abort reason is rethrown as is. */
  signal?: AbortSignal;
  /**
   * Told as the body goes out. fetch cannot report that (streamed request bodies need HTTP/2),
   * so where `XMLHttpRequest` exists such a request is sent with it instead.
   */
  onUploadProgress?: (loaded: number, total: number) => void;
  /**
   * `bytes`: a 2xx answer's body is kept as it came (`HttpResponse.bytes`), not decoded here, for a
   * reader elsewhere (a worker) to decode; other answers are read as text. Default `text`.
   */
  bodyAs?: 'text' | 'bytes';
}

/** How much of a body kept as bytes is decoded into `HttpResponse.body`: enough to tell what the answer is. */
export const BODY_PREVIEW_BYTES = 4096;

/** The beginning of a body kept as bytes, decoded: its first `BODY_PREVIEW_BYTES` (a character cut there ends in U+FFFD). */
export function bodyPreview(bytes: ArrayBuffer): string {
  return new TextDecoder().decode(new Uint8Array(bytes, 0, Math.min(bytes.byteLength, BODY_PREVIEW_BYTES)));
}

export interface HttpResponse {
  status: number;
  statusText: string;
  ok: boolean;
  /** The URL finally answered, after redirects. */
  url: string;
  headers: Headers;
  /** Media type without parameters (`''` when absent). */
  mediaType: string;
  /** The `Location` header (a 201's new resource), resolved against the request URL. */
  location: string | undefined;
  /** The body as text (UTF-8); with `bytes`, its first `BODY_PREVIEW_BYTES` only. */
  body: string;
  /** The whole body, undecoded, when the request asked for `bodyAs: 'bytes'` and the status is 2xx. */
  bytes?: ArrayBuffer;
}

/**
 * A request as `fetch` would send it (headers, credentials and timeout decided), for a fetch made
 * elsewhere, e.g. in a worker that keeps the answer's bytes: see `HttpClient.prepare`. Its text
 * body and plain values survive a structured clone.
 */
export interface PreparedRequest {
  /** Absolute where the page has a location (a worker resolves URLs against its script's). */
  url: string;
  method: HttpMethod;
  headers: Array<[string, string]>;
  body?: string;
  credentials: RequestCredentials;
  /** Time allowed for the whole exchange, body included. */
  timeoutMs: number;
}

/** The small HTTP client the GeoServer, WFS and portal adapters share. */
export interface HttpClient {
  readonly baseUrl: string;
  /**
   * The request as `exchange` would send it, for a fetch made elsewhere (its body text or
   * URL-encoded; a form with files cannot be prepared). A failure to send there is turned into
   * this client's error by `sendFailure`, a failed answer by `failure`.
   */
  prepare(request: HttpRequest): PreparedRequest;
  /** The error of a prepared request that got no answer (`NetworkError`, or `TimeoutError` when `timedOut`), as `exchange` throws it. */
  sendFailure(prepared: PreparedRequest, reason: string, timedOut: boolean): Error;
  /** Sends the request and returns the answer whatever its status; throws only `NetworkError`/`TimeoutError`. */
  exchange(request: HttpRequest): Promise<HttpResponse>;
  /** Like `exchange`, but a non-2xx answer throws the typed error of the error table. */
  send(request: HttpRequest): Promise<HttpResponse>;
  /** `send`, then the body parsed as JSON; an answer that is not JSON throws `MapServerError`. */
  json<T>(request: HttpRequest): Promise<T>;
  /** Turns a failed answer into the typed error of the error table. */
  failure(response: HttpResponse, request: HttpRequest): Error;
}

/** How long the page's thread reads a body before it lets the page run: well below the 50 ms of a long task. */
const TASK_BUDGET_MS = 8;
/** The most of a chunk decoded at once: a chunk of tens of megabytes (a body made of one buffer) is decoded in slices. */
const DECODE_SLICE_BYTES = 1 << 20;

/** `scheduler.yield()`, where the runtime has it (Chromium). */
type YieldingScheduler = { yield(): Promise<void> };

/**
 * A way to let the page run between slices of a body, or `undefined` where no page waits (Node,
 * workers): there the body is read without a pause. `scheduler.yield()` where it exists, else a
 * `MessageChannel` message: a task of its own without the 4 ms `setTimeout` clamps a loop to.
 */
function pageBreaks(): { pause(): Promise<void>; close(): void } | undefined {
  if (typeof document === 'undefined') return undefined;
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') {
    const yielding = scheduler as YieldingScheduler;
    return { pause: () => yielding.yield(), close: () => undefined };
  }
  const channel = new MessageChannel();
  let resume: (() => void) | undefined;
  channel.port1.onmessage = () => resume?.();
  return {
    pause: () =>
      new Promise<void>((resolve) => {
        resume = resolve;
        channel.port2.postMessage(undefined);
      }),
    close: () => {
      channel.port1.onmessage = null;
      channel.port1.close();
      channel.port2.close();
    },
  };
}

/**
 * Reads a body from its stream, handing each piece to `take` (a chunk, or a slice of at most
 * `sliceBytes` of a larger one) as it arrives, and lets the page run whenever the read has held
 * its thread for `TASK_BUDGET_MS`: `arrayBuffer()` and `text()` take all the bytes already received in one task,
 * which for an answer of tens of megabytes (a large GetFeature) blocks the page for tens of
 * milliseconds. Errors of the stream (an abort, a timeout, a cut connection) are thrown as read.
 */
async function readPieces(body: ReadableStream<Uint8Array>, breaks: { pause(): Promise<void> }, sliceBytes: number, take: (piece: Uint8Array) => void): Promise<void> {
  const reader = body.getReader();
  let since = performance.now();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    for (let at = 0; at < value.byteLength; at += sliceBytes) {
      take(at === 0 && value.byteLength <= sliceBytes ? value : value.subarray(at, at + sliceBytes));
      if (performance.now() - since >= TASK_BUDGET_MS) {
        await breaks.pause();
        since = performance.now();
      }
    }
  }
}

/** The whole body, undecoded: read in one go where no page waits, else a piece at a time (`readPieces`). */
async function bytesOf(response: Response): Promise<ArrayBuffer> {
  const breaks = response.body ? pageBreaks() : undefined;
  if (!breaks || !response.body) return response.arrayBuffer();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    // Kept as they come: only decoding a chunk takes time.
    await readPieces(response.body, breaks, Number.POSITIVE_INFINITY, (piece) => {
      chunks.push(piece);
      length += piece.byteLength;
    });
  } finally {
    breaks.close();
  }
  if (chunks.length === 1 && chunks[0]?.byteOffset === 0 && chunks[0].byteLength === chunks[0].buffer.byteLength) return chunks[0].buffer as ArrayBuffer;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes.buffer;
}

/**
 * The whole body as text (UTF-8, as `Response.text()` reads it): `text()` where no page waits,
 * else decoded as its pieces arrive by one streaming `TextDecoder`, the page let run between them.
 */
async function textOfBody(response: Response): Promise<string> {
  const breaks = response.body ? pageBreaks() : undefined;
  if (!breaks || !response.body) return response.text();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  try {
    await readPieces(response.body, breaks, DECODE_SLICE_BYTES, (piece) => parts.push(decoder.decode(piece, { stream: true })));
  } finally {
    breaks.close();
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/** The `Authorization` header of HTTP Basic, UTF-8 encoded (RFC 7617). */
export function basicAuthorization(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

function encodeBody(body: HttpBody | undefined): { body?: BodyInit; contentType?: string } {
  if (!body) return {};
  if ('json' in body) return { body: JSON.stringify(body.json), contentType: `${CONTENT_TYPES.json}; charset=UTF-8` };
  if ('text' in body) return { body: body.text, contentType: body.contentType };
  if ('formData' in body) return { body: body.formData }; // fetch writes the multipart boundary itself
  return { body: new URLSearchParams(body.urlEncoded).toString(), contentType: CONTENT_TYPES.form };
}

function isAbort(error: unknown, name: 'AbortError' | 'TimeoutError'): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === name;
}

/**
 * Creates the shared HTTP client: one base URL, credentials (Basic, a per-request
 * `authorization` provider, and/or browser cookies) sent to one origin only, a timeout through `AbortSignal`, and the
 * mapping of failed answers to the core's typed errors (`NotFoundError`, `ConflictError`,
 * `MapServerError` with a readable message even from an HTML error page, `NetworkError`,
 * `TimeoutError`). Knows nothing of GeoServer's resources: the REST, WFS and portal adapters
 * build on it.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const settings = { ...HTTP_CLIENT_DEFAULTS, ...definedOnly(options) };
  const baseUrl = settings.baseUrl.replace(/\/+$/, '');
  const credentialsOrigin = settings.credentialsOrigin ?? baseUrl;
  const fixedAuthorization =
    settings.username !== undefined && settings.password !== undefined ? basicAuthorization(settings.username, settings.password) : undefined;

  function urlOf(request: HttpRequest): string {
    const url = joinUrl(baseUrl, request.path);
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) query.append(key, String(value));
    }
    const search = query.toString();
    return search ? `${url}?${search}` : url;
  }

  /** What is sent for `request`: its URL, headers (credentials included where they may go) and body. */
  function outgoing(request: HttpRequest): { url: string; headers: Headers; body: BodyInit | undefined; credentials: RequestCredentials } {
    const { body, contentType } = encodeBody(request.body);
    const headers = new Headers();
    if (request.accept) headers.set('Accept', request.accept);
    if (contentType) headers.set('Content-Type', contentType);
    const url = urlOf(request);
    const trusted = sameOrigin(url, credentialsOrigin);
    const authorization = trusted ? (settings.authorization?.() ?? fixedAuthorization) : undefined;
    if (authorization) headers.set('Authorization', authorization);
    return { url, headers, body, credentials: trusted ? settings.credentials : 'omit' };
  }

  function sendFailure(method: string, url: string, reason: string, timedOut: boolean, cause?: unknown): Error {
    if (timedOut) return new TimeoutError(settings.timeoutMs, `${method} ${url}: no answer within ${settings.timeoutMs} ms`);
    return new NetworkError(`${method} ${url}: ${reason}`, cause === undefined ? undefined : { cause });
  }

  function prepare(request: HttpRequest): PreparedRequest {
    const { url, headers, body, credentials } = outgoing(request);
    if (body !== undefined && typeof body !== 'string') throw new TypeError(`${request.method} ${url}: only a text body can be sent elsewhere`);
    const location = (globalThis as { location?: { href: string } }).location;
    return {
      url: location ? new URL(url, location.href).href : url,
      method: request.method,
      headers: [...headers],
      ...(body !== undefined ? { body } : {}),
      credentials,
      timeoutMs: settings.timeoutMs,
    };
  }

  async function exchange(request: HttpRequest): Promise<HttpResponse> {
    const { url, headers, body, credentials } = outgoing(request);

    const timeout = AbortSignal.timeout(settings.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const send = request.onUploadProgress && typeof XMLHttpRequest !== 'undefined' ? xhrFetch(request.onUploadProgress) : (settings.fetch ?? fetch);
    try {
      const response = await send(url, {
        method: request.method,
        headers,
        credentials,
        signal,
        ...(body !== undefined ? { body } : {}),
        ...(request.redirect ? { redirect: request.redirect } : {}),
      });
      const bytes = request.bodyAs === 'bytes' && response.ok ? await bytesOf(response) : undefined;
      // A preview, only read to tell what the answer is.
      const text = bytes ? bodyPreview(bytes) : await textOfBody(response);
      return {
        status: response.status,
        statusText: response.statusText,
        ok: response.ok,
        url: response.url || url,
        headers: response.headers,
        mediaType: mediaTypeOf(response.headers.get('Content-Type')),
        location: resolveLocation(response.headers.get('Location'), url),
        body: text,
        ...(bytes ? { bytes } : {}),
      };
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      const reason = error instanceof Error ? error.message : String(error);
      throw sendFailure(request.method, url, reason, timeout.aborted || isAbort(error, 'TimeoutError'), error);
    }
  }

  function failure(response: HttpResponse, request: HttpRequest): Error {
    return toHttpError({ ...response, resource: request.resource }, settings.errorRules);
  }

  async function sendChecked(request: HttpRequest): Promise<HttpResponse> {
    const response = await exchange(request);
    if (!response.ok) throw failure(response, request);
    return response;
  }

  return {
    baseUrl,
    prepare,
    sendFailure: (prepared, reason, timedOut) => sendFailure(prepared.method, prepared.url, reason, timedOut),
    exchange,
    send: sendChecked,
    failure,
    async json<T>(request: HttpRequest): Promise<T> {
      const response = await sendChecked({ ...request, accept: request.accept ?? CONTENT_TYPES.json });
      // A login page answered with 200 (an expired session redirected) is not the resource.
      if (!isJsonMediaType(response.mediaType) && !/^\s*[[{"]/.test(response.body)) {
        throw new MapServerError({
          status: response.status,
          text: `expected JSON for ${wordsOf(request.resource)}, got ${response.mediaType || 'no content type'}: ${response.body.slice(0, 200)}`,
        });
      }
      try {
        return JSON.parse(response.body) as T;
      } catch (error) {
        throw new MapServerError({ status: response.status, text: `unreadable JSON for ${wordsOf(request.resource)}`, cause: error });
      }
    },
  };
}

/** Statuses whose `Response` must have no body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** A `fetch` made of `XMLHttpRequest`, for the one thing only it can do: report upload progress. */
function xhrFetch(onProgress: (loaded: number, total: number) => void): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', String(input));
      xhr.withCredentials = init.credentials === 'include';
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.addEventListener('progress', (event) => onProgress(event.loaded, event.lengthComputable ? event.total : event.loaded));
      const signal = init.signal;
      const abort = () => xhr.abort();
      signal?.addEventListener('abort', abort);
      xhr.addEventListener('loadend', () => signal?.removeEventListener('abort', abort));
      xhr.addEventListener('load', () => {
        const headers = new Headers();
        for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
          const colon = line.indexOf(':');
          if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
        }
        const body = NULL_BODY_STATUSES.has(xhr.status) ? null : xhr.responseText;
        const response = new Response(body, { status: xhr.status, statusText: xhr.statusText, headers });
        Object.defineProperty(response, 'url', { value: xhr.responseURL });
        resolve(response);
      });
      xhr.addEventListener('error', () => reject(new TypeError('the request failed')));
      xhr.addEventListener('abort', () => reject(signal?.reason ?? new DOMException('aborted', 'AbortError')));
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}

function resolveLocation(location: string | null, requestUrl: string): string | undefined {
  if (location === null) return undefined;
  try {
    return new URL(location, requestUrl).href;
  } catch {
    return location; // a relative request URL outside a page has nothing to resolve against
  }
}
