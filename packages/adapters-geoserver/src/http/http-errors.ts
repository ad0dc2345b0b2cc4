import { ConflictError, MapServerError, NotFoundError, type ConflictReason, type GportalError, type ResourceRef } from '@gportal/core';
import { CONTENT_TYPES } from './content-types.js';

/** What is known of a failed answer when it is turned into a typed error. */
export interface HttpFailure {
  status: number;
  statusText: string;
  /** Media type of the answer, without parameters. */
  mediaType: string;
  /** The answer body as received. */
  body: string;
  /** What the request was about, e.g. `{ kind: 'workspace', name: 'acme' }`: the resource of `NotFoundError`/`ConflictError`. */
  resource: string | ResourceRef;
}

type HttpErrorKind = 'not-found' | 'conflict';

/**
 * One line of the error table: when the status (any, if omitted) and the readable message (any,
 * if omitted) match, the failure becomes an error of `kind`. The first matching rule wins; a
 * failure no rule matches becomes a `MapServerError` carrying status and message.
 */
export interface HttpErrorRule {
  statuses?: readonly number[];
  message?: RegExp;
  kind: HttpErrorKind;
  /** For `conflict`: whether the resource exists already or is still in use. */
  reason?: ConflictReason;
}

/**
 * GeoServer's REST answers, as its controllers write them: a missing resource is a 404 (plain
 * text, or a container error page); a duplicate is a 409 (workspaces), a 403 (styles) or a 500
 * from catalog validation ("Store 'x' already exists in workspace 'y'"); a non-empty or still
 * referenced resource deleted without `recurse` is a 403.
 */
export const GEOSERVER_ERROR_RULES: readonly HttpErrorRule[] = [
  { statuses: [404], kind: 'not-found' },
  { statuses: [409], kind: 'conflict', reason: 'exists' },
  { statuses: [403, 500], message: /already exists/i, kind: 'conflict', reason: 'exists' },
  { statuses: [403], message: /not empty|non-empty|referenced by/i, kind: 'conflict', reason: 'in-use' },
];

// Where servlet containers put the message on their error pages: Jetty's table row, Tomcat's
// "Message" paragraph, then any page's title.
const HTML_MESSAGE_PATTERNS: readonly RegExp[] = [
  /<th>\s*MESSAGE:\s*<\/th>\s*<td>([\s\S]*?)<\/td>/i,
  /<b>\s*Message\s*<\/b>([\s\S]*?)<\/p>/i,
  /<h[12][^>]*>([\s\S]*?)<\/h[12]>/i,
  /<title>([\s\S]*?)<\/title>/i,
];

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Longest message kept: an error page can be a whole stack trace. */
const MAX_MESSAGE_LENGTH = 500;

function plainText(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[\da-f]+|\w+);/gi, (entity, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(parseInt(code.slice(2), 16));
      if (code.startsWith('#')) return String.fromCodePoint(parseInt(code.slice(1), 10));
      return ENTITIES[code.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** A message a person can read from an error answer: the text itself, or what an HTML error page says. */
export function readableMessage(failure: Pick<HttpFailure, 'status' | 'statusText' | 'mediaType' | 'body'>): string {
  const looksLikeHtml = failure.mediaType === CONTENT_TYPES.html || /^\s*(<!doctype html|<html)/i.test(failure.body);
  let message = failure.body.trim();
  if (looksLikeHtml) {
    const found = HTML_MESSAGE_PATTERNS.map((pattern) => pattern.exec(failure.body)?.[1]).find((text) => text && plainText(text));
    message = plainText(found ?? failure.body);
  }
  if (message === '') message = `HTTP ${failure.status}${failure.statusText ? ` ${failure.statusText}` : ''}`;
  return message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH)}…` : message;
}

/** Turns a failed answer into the core's typed error, by the first matching rule. */
export function toHttpError(failure: HttpFailure, rules: readonly HttpErrorRule[] = GEOSERVER_ERROR_RULES): GportalError {
  const message = readableMessage(failure);
  const rule = rules.find(
    (candidate) => (!candidate.statuses || candidate.statuses.includes(failure.status)) && (!candidate.message || candidate.message.test(message)),
  );
  switch (rule?.kind) {
    case 'not-found':
      return new NotFoundError(failure.resource, message);
    case 'conflict':
      return new ConflictError(failure.resource, message, rule.reason);
    default:
      return new MapServerError({ status: failure.status, text: message });
  }
}
