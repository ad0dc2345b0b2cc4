/** Base of every expected failure in gportal; `kind` allows exhaustive handling without instanceof. */
export abstract class GportalError extends Error {
  abstract readonly kind: string;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Input refused before anything was sent: field → message (messages may be Chinese, shown as is). */
export class ValidationError extends GportalError {
  readonly kind = 'validation';
  constructor(readonly fields: Readonly<Record<string, string>>, message?: string) {
    super(message ?? Object.values(fields).join('; '));
  }
}

/** The map server answered with an error: an OWS exception report, a REST error or a failed action. */
export class MapServerError extends GportalError {
  readonly kind = 'map-server';
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly text: string;
  constructor(init: { status?: number; code?: string; text: string; cause?: unknown }) {
    super(init.code ? `${init.code}: ${init.text}` : init.text, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.text = init.text;
  }
}

/** The request never got an answer (connection refused, DNS, CORS, aborted by the network). */
export class NetworkError extends GportalError {
  readonly kind = 'network';
  /**
   * `false` when the request provably never reached the server (connection refused, unknown
   * host); `undefined` when it may have (a connection dropped after sending): a write's outcome
   * is then unknown.
   */
  readonly requestSent: false | undefined;
  constructor(message: string, options?: { cause?: unknown; requestSent?: false }) {
    super(message, options);
    this.requestSent = options?.requestSent;
  }
}

export class NotFoundError extends GportalError {
  readonly kind = 'not-found';
  constructor(readonly resource: string, message?: string) {
    super(message ?? `${resource} not found`);
  }
}

/** The resource already exists, or is still in use (e.g. a non-empty workspace deleted without recurse). */
export class ConflictError extends GportalError {
  readonly kind = 'conflict';
  constructor(readonly resource: string, message?: string) {
    super(message ?? `${resource} conflicts with an existing resource`);
  }
}

export class TimeoutError extends GportalError {
  readonly kind = 'timeout';
  constructor(readonly timeoutMs: number, message?: string) {
    super(message ?? `no answer within ${timeoutMs} ms`);
  }
}

/**
 * Another tab (or window) of the same browser is editing this layer's journal: this one may not
 * write it, so the two never overwrite each other's pending edits.
 */
export class JournalConflictError extends GportalError {
  readonly kind = 'journal-conflict';
  constructor(readonly journalKey: string, message?: string) {
    super(message ?? `the pending edits of ${journalKey} are being edited in another tab`);
  }
}

/** Every typed error of gportal, for exhaustive handling by `kind`. */
export type KnownError = ValidationError | MapServerError | NetworkError | NotFoundError | ConflictError | TimeoutError | JournalConflictError;

/** Whether an error is one of gportal's typed errors ({@link KnownError}). */
export function isGportalError(error: unknown): error is KnownError {
  return error instanceof GportalError;
}
