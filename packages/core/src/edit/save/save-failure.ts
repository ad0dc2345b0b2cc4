import { MapServerError, NetworkError, TimeoutError, ValidationError } from '../../errors/errors.js';
import type { SaveFailure } from '../session-types.js';

/** Codes the WFS adapter gives an answer it could not read. */
const UNREADABLE_ANSWER_CODES: readonly string[] = ['MalformedResponse', 'UnexpectedResponse'];

/** The kind of a commit that threw, and what that says about the server's data. */
export function classifyCommitError(error: unknown): Pick<SaveFailure, 'kind' | 'committed'> {
  if (error instanceof NetworkError) {
    return error.requestSent === false ? { kind: 'connection-refused', committed: 'nothing-committed' } : { kind: 'outcome-unknown', committed: 'unknown' };
  }
  if (error instanceof TimeoutError) return { kind: 'timeout', committed: 'unknown' };
  // Refused before anything was sent: the adapter's schema check, or a request it could not write.
  if (error instanceof ValidationError) return { kind: 'invalid', committed: 'nothing-committed' };
  if (error instanceof MapServerError) {
    if (error.code !== undefined && UNREADABLE_ANSWER_CODES.includes(error.code)) return { kind: 'malformed-answer', committed: 'unknown' };
    // An exception report or a 4xx is the server's own word that it refused the request; an
    // error page without one (a proxy's 502, a crashed servlet) may come after a commit.
    const refused = error.code !== undefined || (error.status !== undefined && error.status >= 400 && error.status < 500);
    return { kind: 'server-error', committed: refused ? 'nothing-committed' : 'unknown' };
  }
  return { kind: 'server-error', committed: 'unknown' };
}
