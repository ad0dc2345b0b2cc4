import { NetworkError } from '@gportal/core';

/**
 * Error codes of a connection that was never made (Node's fetch, undici): the request cannot
 * have reached the server. Browsers say only "Failed to fetch" for every network failure, so
 * there the outcome of a write stays unknown.
 */
const NOT_CONNECTED_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function codesOf(error: unknown, depth = 0): string[] {
  if (typeof error !== 'object' || error === null || depth > 4) return [];
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  return [
    ...(typeof code === 'string' ? [code] : []),
    ...codesOf(cause, depth + 1),
    ...(Array.isArray(errors) ? errors.flatMap((inner: unknown) => codesOf(inner, depth + 1)) : []),
  ];
}

/** The same network failure, marked as one whose request never reached the server. */
function notSent(error: NetworkError): NetworkError {
  return error.requestSent === false ? error : new NetworkError(error.message, { cause: error.cause, requestSent: false });
}

/** A network failure before the transaction was sent (reading the layer's schema) leaves its outcome known: nothing. */
export function markNotSent(error: unknown): unknown {
  return error instanceof NetworkError ? notSent(error) : error;
}

/** A network failure of the transaction itself is marked not sent only when the connection was provably never made. */
export function markIfNeverConnected(error: unknown): unknown {
  if (!(error instanceof NetworkError)) return error;
  const codes = codesOf(error.cause);
  return codes.length > 0 && codes.every((code) => NOT_CONNECTED_CODES.has(code)) ? notSent(error) : error;
}
