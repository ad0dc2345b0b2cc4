import type { ActionFailure, CommitResult } from '../domain/feature.js';
import { MapServerError, NetworkError, TimeoutError } from '../errors/errors.js';
import type { FeatureConflict } from './conflict-check.js';

/**
 * Why a save failed, so a screen can say it in the user's words:
 * - `connection-refused`: the request provably never reached the server; nothing was committed.
 * - `outcome-unknown`: the connection broke after the request was sent; the server may have committed.
 * - `timeout`: no answer in time; the server may still have committed.
 * - `server-error`: the server answered with an error (an exception report, an HTTP error page).
 * - `partial`: a server that commits action by action committed some and refused others.
 * - `malformed-answer`: the answer could not be read; the server may have committed.
 * - `journal`: the pending changes could not be journaled, so nothing was sent.
 * - `conflict`: another client changed what this session changed (see `conflicts`), so nothing was sent.
 */
export type SaveFailureKind = 'connection-refused' | 'outcome-unknown' | 'timeout' | 'server-error' | 'partial' | 'malformed-answer' | 'journal' | 'conflict';

/** What is known of the server's data after the failure: `unknown` is checked before anything is sent again. */
export type SaveOutcomeKnowledge = 'nothing-committed' | 'partly-committed' | 'unknown';

/** Why a save failed and what is known of the server's data; the changes stay pending. */
export interface SaveFailure {
  kind: SaveFailureKind;
  /** Whether the server may have committed (some of) the changes; `unknown` is reconciled before the next send. */
  committed: SaveOutcomeKnowledge;
  /** The server's report or response text. */
  message: string;
  /** The actions that failed and stay pending; every action sent when the whole transaction failed. */
  failures: ActionFailure[];
  /** The error of a transaction that failed as a whole. */
  error?: unknown;
  /** The answer of a server that committed some actions and refused others. */
  result?: CommitResult;
  /** Kind `conflict`: each feature another client changed in a field this session changed, or deleted. */
  conflicts?: FeatureConflict[];
}

/** Codes the WFS adapter gives an answer it could not read. */
const UNREADABLE_ANSWER_CODES: readonly string[] = ['MalformedResponse', 'UnexpectedResponse'];

/** The kind of a commit that threw, and what that says about the server's data. */
export function classifyCommitError(error: unknown): Pick<SaveFailure, 'kind' | 'committed'> {
  if (error instanceof NetworkError) {
    return error.requestSent === false ? { kind: 'connection-refused', committed: 'nothing-committed' } : { kind: 'outcome-unknown', committed: 'unknown' };
  }
  if (error instanceof TimeoutError) return { kind: 'timeout', committed: 'unknown' };
  if (error instanceof MapServerError) {
    if (error.code !== undefined && UNREADABLE_ANSWER_CODES.includes(error.code)) return { kind: 'malformed-answer', committed: 'unknown' };
    // An exception report or a 4xx is the server's own word that it refused the request; an
    // error page without one (a proxy's 502, a crashed servlet) may come after a commit.
    const refused = error.code !== undefined || (error.status !== undefined && error.status >= 400 && error.status < 500);
    return { kind: 'server-error', committed: refused ? 'nothing-committed' : 'unknown' };
  }
  return { kind: 'server-error', committed: 'unknown' };
}
