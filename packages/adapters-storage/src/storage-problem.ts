/**
 * Something found in storage that cannot be used. It is reported through the `onProblem`
 * option and then ignored: the reader behaves as if nothing were stored.
 */
export interface StorageProblem {
  key: string;
  /**
   * `corrupt`: not JSON; `foreign`: JSON not written by gportal; `version`: written by another
   * version of the format; `shape`: ours, but the content is not what the key should hold;
   * `unavailable`: the browser denies storage, an in-memory stand-in is used instead.
   */
  reason: 'corrupt' | 'foreign' | 'version' | 'shape' | 'unavailable';
  detail: string;
}

/** Told about each {@link StorageProblem}; the data is then ignored. */
export type StorageProblemHandler = (problem: StorageProblem) => void;

/** The default {@link StorageProblemHandler}: one console warning per problem. */
export const warnOnConsole: StorageProblemHandler = (problem) => {
  console.warn(`[gportal storage] ${problem.reason} data under "${problem.key}" ignored: ${problem.detail}`);
};
