import { createHttpClient, CONTENT_TYPES, mediaTypeOf, type HttpClient, type HttpRequest, type HttpResponse, type PreparedRequest } from '../http/index.js';
import { isExceptionReport, readExceptionReport } from './exception-report.js';
import { isXmlText, parseXml, rootElementName } from './wfs-xml.js';

export interface WfsEndpointOptions {
  url: string;
  timeoutMs: number;
  withCredentials: boolean;
  /** The `Authorization` header of a sign-in, asked before every request. */
  authorization?: () => string | undefined;
  /** Credentials go to this URL's origin only (see `HttpClientOptions.credentialsOrigin`). */
  credentialsOrigin?: string;
  fetch?: typeof fetch;
}

/** An answer that is not an error: its text, and its DOM when it is XML and was asked as a document. */
export interface WfsAnswer {
  status: number;
  mediaType: string;
  /** The body; empty when it is handed on as `bytes`. */
  text: string;
  document?: Document;
  /** The body as UTF-8 bytes, undecoded (form `bytes`), for a reader in a worker. */
  bytes?: ArrayBuffer;
}

/**
 * How an answer is handed on: XML parsed into a DOM; as text for a streaming reader (a large
 * GetFeature answer), then only its root element is read to catch exception reports; or as its
 * bytes, undecoded, for a reader in a worker (only the beginning is decoded, for the same check).
 */
export type WfsAnswerForm = 'document' | 'text' | 'bytes';

/** A WFS request is about a WFS operation, named in words (`WFS GetFeature store_33:point`). */
export type WfsRequest = HttpRequest & { resource: string };

/** An answer fetched elsewhere (a worker) and handed back whole, as text: an error, or one that is no readable GetFeature answer. */
export interface AnswerFromElsewhere {
  status: number;
  statusText: string;
  url: string;
  headers: Array<[string, string]>;
  body: string;
}

/**
 * Whether an answer whose body begins with `beginning` (its first `BODY_PREVIEW_BYTES`, decoded)
 * is handed on undecoded to a reader: JSON, or XML whose root (within the beginning) is no
 * exception report. Anything else is read whole here, to tell the error it holds.
 */
export function handedOnUndecoded(beginning: string): boolean {
  const xml = isXmlText(beginning);
  const root = xml ? rootElementName(beginning) : undefined;
  return /\S/.test(beginning) && (!xml || (root !== undefined && !isExceptionReport(root)));
}

/**
 * Splits the service URL for the shared HTTP client (base + last path segment) and keeps its own
 * query parameters (QGIS Server's `MAP=…`), which are sent with every request.
 */
function splitServiceUrl(url: string): { baseUrl: string; path: string; query: Record<string, string> } {
  const [location = '', search = ''] = url.split('?', 2);
  const slash = location.lastIndexOf('/');
  return {
    baseUrl: location.slice(0, slash + 1),
    path: location.slice(slash + 1),
    query: Object.fromEntries(new URLSearchParams(search)),
  };
}

/**
 * One WFS service URL: KVP GET and XML POST requests, through the package's HTTP client
 * (timeout, abort, network errors), and every answer checked for an exception report, which
 * becomes a `MapServerError` whatever the HTTP status.
 */
export class WfsEndpoint {
  private readonly client: HttpClient;
  private readonly path: string;
  private readonly fixedQuery: Record<string, string>;

  constructor(options: WfsEndpointOptions) {
    const { baseUrl, path, query } = splitServiceUrl(options.url);
    this.path = path;
    this.fixedQuery = query;
    this.client = createHttpClient({
      baseUrl,
      timeoutMs: options.timeoutMs,
      credentials: options.withCredentials ? 'include' : 'same-origin',
      ...(options.authorization ? { authorization: options.authorization } : {}),
      ...(options.credentialsOrigin ? { credentialsOrigin: options.credentialsOrigin } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  get(query: Readonly<Record<string, string>>, what: string, signal?: AbortSignal): Promise<WfsAnswer> {
    return this.exchange('document', {
      method: 'GET',
      path: this.path,
      query: { ...this.fixedQuery, ...query },
      resource: `WFS ${what}`,
      ...(signal ? { signal } : {}),
    });
  }

  post(xml: string, what: string, signal?: AbortSignal, form: WfsAnswerForm = 'document'): Promise<WfsAnswer> {
    return this.exchange(form, {
      ...this.postRequest(xml, what),
      ...(form === 'bytes' ? { bodyAs: 'bytes' as const } : {}),
      ...(signal ? { signal } : {}),
    });
  }

  /** The XML POST of `xml` to the service, about `what`. */
  private postRequest(xml: string, what: string): WfsRequest {
    return { method: 'POST', path: this.path, query: this.fixedQuery, body: { text: xml, contentType: CONTENT_TYPES.textXml }, resource: `WFS ${what}` };
  }

  /**
   * An XML POST prepared for a fetch made elsewhere (a worker reading the answer where it arrives):
   * the request, to tell its failures with `failureElsewhere` and `answerFromElsewhere`.
   */
  preparePost(xml: string, what: string): { request: WfsRequest; prepared: PreparedRequest } {
    const request = this.postRequest(xml, what);
    return { request, prepared: this.client.prepare(request) };
  }

  /** A prepared request that got no answer where it was sent: `NetworkError`, or `TimeoutError`. */
  failureElsewhere(prepared: PreparedRequest, reason: string, timedOut: boolean): Error {
    return this.client.sendFailure(prepared, reason, timedOut);
  }

  /** An answer fetched elsewhere and handed back as text, checked as `post` checks its own: the typed error it holds, or the answer. */
  answerFromElsewhere(answer: AnswerFromElsewhere, request: WfsRequest): WfsAnswer {
    const headers = new Headers(answer.headers);
    const response: HttpResponse = {
      status: answer.status,
      statusText: answer.statusText,
      ok: answer.status >= 200 && answer.status < 300,
      url: answer.url,
      headers,
      mediaType: mediaTypeOf(headers.get('Content-Type')),
      location: undefined,
      body: answer.body,
    };
    return this.check(response, request, 'text');
  }

  private async exchange(form: WfsAnswerForm, request: WfsRequest): Promise<WfsAnswer> {
    const response = await this.client.exchange(request);
    return this.check(response, request, form);
  }

  private check(response: HttpResponse, request: WfsRequest, form: WfsAnswerForm): WfsAnswer {
    const { bytes, ...whole } = response;
    if (bytes) {
      if (handedOnUndecoded(response.body)) {
        return { status: response.status, mediaType: response.mediaType, text: '', bytes };
      }
      return this.check({ ...whole, body: new TextDecoder().decode(bytes) }, request, 'text');
    }
    const answer = { status: response.status, mediaType: response.mediaType, text: response.body };
    if (!isXmlText(response.body)) {
      if (!response.ok) throw this.client.failure(response, request);
      return answer;
    }
    const root = form === 'text' ? rootElementName(response.body) : undefined;
    if (root !== undefined && !isExceptionReport(root)) {
      if (!response.ok) throw this.client.failure(response, request);
      return answer;
    }
    let document: Document;
    try {
      document = parseXml(response.body, request.resource, response.status);
    } catch (error) {
      // An HTML error page is not XML: the client's error table reads its message.
      if (!response.ok) throw this.client.failure(response, request);
      throw error;
    }
    const report = readExceptionReport(document, response.status);
    if (report) throw report;
    if (!response.ok) throw this.client.failure(response, request);
    return { ...answer, document };
  }
}
