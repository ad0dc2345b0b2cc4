/** Base of every expected failure in gportal; `kind` allows exhaustive handling without instanceof. */
export abstract class GportalError extends Error {
  abstract readonly kind: string;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * Why a field was refused, so a UI can say it in its user's language without reading `fields`:
 * `required` (empty), `invalid` (a value of the wrong form, e.g. a name with a space),
 * `unsupported` (a well-formed value the system does not offer, e.g. a coordinate system).
 */
export type ValidationRule = 'required' | 'invalid' | 'unsupported';

/** One refused field, told by rule; `value` is what was refused, as text, when there was one. */
export interface FieldProblem {
  rule: ValidationRule;
  value?: string;
}

/**
 * Input refused before anything was sent: field → message (the developer's words; the seed's
 * Chinese messages are kept as they are). `problems` says, for the fields it names, why.
 */
export class ValidationError extends GportalError {
  readonly kind = 'validation';
  readonly problems: Readonly<Record<string, FieldProblem>>;
  constructor(readonly fields: Readonly<Record<string, string>>, message?: string, problems: Readonly<Record<string, FieldProblem>> = {}) {
    super(message ?? Object.values(fields).join('; '));
    this.problems = problems;
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

/** The kinds of thing a `NotFoundError` or `ConflictError` can be about. */
export type ResourceKind = 'workspace' | 'data-store' | 'feature-type' | 'layer' | 'style' | 'feature' | 'edit-session';

/** A resource told by kind and name, so a UI can name it in its user's language. */
export interface ResourceRef {
  kind: ResourceKind;
  /** As the caller named it (`ws_test`, `store_33:polygon`); absent when the kind alone says it. */
  name?: string;
}

const RESOURCE_WORDS: Readonly<Record<ResourceKind, string>> = {
  workspace: 'workspace',
  'data-store': 'data store',
  'feature-type': 'feature type',
  layer: 'layer',
  style: 'style',
  feature: 'feature',
  'edit-session': 'edit session',
};

/** `workspace acme`: the developer's words for a resource, as `resource` has always carried them. */
export function describeResource(resource: ResourceRef): string {
  return resource.name === undefined ? RESOURCE_WORDS[resource.kind] : `${RESOURCE_WORDS[resource.kind]} ${resource.name}`;
}

/** `resource` is a `ResourceRef` or, as before, only words; `resourceKind`/`resourceName` are set for a ref. */
export abstract class ResourceError extends GportalError {
  readonly resource: string;
  readonly resourceKind: ResourceKind | undefined;
  readonly resourceName: string | undefined;
  constructor(resource: string | ResourceRef, message: (words: string) => string, given: string | undefined) {
    const words = typeof resource === 'string' ? resource : describeResource(resource);
    super(given ?? message(words));
    this.resource = words;
    this.resourceKind = typeof resource === 'string' ? undefined : resource.kind;
    this.resourceName = typeof resource === 'string' ? undefined : resource.name;
  }
}

export class NotFoundError extends ResourceError {
  readonly kind = 'not-found';
  constructor(resource: string | ResourceRef, message?: string) {
    super(resource, (words) => `${words} not found`, message);
  }
}

/** Why a `ConflictError` happened, when the thrower knows. */
export type ConflictReason = 'exists' | 'in-use' | 'busy';

/** The resource already exists, or is still in use (e.g. a non-empty workspace deleted without recurse). */
export class ConflictError extends ResourceError {
  readonly kind = 'conflict';
  readonly reason: ConflictReason | undefined;
  constructor(resource: string | ResourceRef, message?: string, reason?: ConflictReason) {
    super(resource, (words) => `${words} conflicts with an existing resource`, message);
    this.reason = reason;
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

/** What a feature query asked that its source cannot do: `sort` (a `sortBy`) or `page` (a `startIndex`). */
export type QueryCapability = 'sort' | 'page';

/**
 * The source cannot answer the query as asked: it cannot sort or cannot page (known from its
 * capabilities or from its answer). Nothing was read; the same query without it can be asked.
 */
export class QueryNotSupportedError extends GportalError {
  readonly kind = 'query-not-supported';
  constructor(readonly unsupported: QueryCapability, message?: string, options?: { cause?: unknown }) {
    super(message ?? `the feature source cannot ${unsupported === 'sort' ? 'sort' : 'page'} its answer`, options);
  }
}

/** Every typed error of gportal, for exhaustive handling by `kind`. */
export type KnownError =
  | ValidationError
  | MapServerError
  | NetworkError
  | NotFoundError
  | ConflictError
  | TimeoutError
  | JournalConflictError
  | QueryNotSupportedError;

/** Whether an error is one of gportal's typed errors ({@link KnownError}). */
export function isGportalError(error: unknown): error is KnownError {
  return error instanceof GportalError;
}
