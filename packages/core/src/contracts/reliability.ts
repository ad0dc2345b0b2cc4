import type { SaveFailureKind } from '../edit/index.js';

/**
 * One fault of a fault-injection suite, as measured by the test that injected it. Tests attach it
 * to their task (`recordReliability`); the repository's reliability reporter collects the records
 * of a complete run into the README's Reliability section.
 */
export interface ReliabilityRecord {
  /** Which suite: where the faults were injected. */
  suite: string;
  fault: string;
  /** How the session classified it (a `SaveFailureKind`, or what happened instead). */
  classifiedAs: string;
  /** Faults the test actually injected. */
  injected: number;
  /** Pending changes the save carried. */
  edits: number;
  /** Saves after the failed one until every change was saved. */
  retries: number;
  /** Staged changes found neither on the server nor pending. */
  lost: number;
  /** Rows the server holds beyond one per staged insert. */
  duplicates: number;
}

/** Attaches the record to the running test, where the reporter finds it (`TestCase.meta()`). */
export function recordReliability(task: { meta: object }, record: ReliabilityRecord): void {
  Object.assign(task.meta, { reliability: record });
}

/** The faults every fault-injection suite injects into a save of mixed pending changes. */
export type InjectedFault =
  | 'connection-refused'
  | 'dropped-after-commit'
  | 'http-500-html'
  | 'exception-report-200'
  | 'partial'
  | 'timeout'
  | 'malformed-xml'
  | 'truncated-json'
  | 'journal-full';

/**
 * What the session must classify each fault as, whatever the adapters; `null`: the save itself
 * succeeds. A truncated read hits the conflict check's read before the commit, so the save stops
 * and sends nothing; a journal that cannot be written is reported and never blocks a save.
 */
export const EXPECTED_SAVE_FAILURE_KIND: Readonly<Record<InjectedFault, SaveFailureKind | null>> = {
  'connection-refused': 'connection-refused',
  'dropped-after-commit': 'outcome-unknown',
  'http-500-html': 'server-error',
  'exception-report-200': 'server-error',
  partial: 'partial',
  timeout: 'timeout',
  'malformed-xml': 'malformed-answer',
  'truncated-json': 'server-error',
  'journal-full': null,
};
