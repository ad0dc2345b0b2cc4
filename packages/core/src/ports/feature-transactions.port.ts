import type { ChangeSet, CommitResult } from '../domain/feature.js';

/** Commits inserts, updates and deletes of one layer in one transaction (WFS-T). */
export interface FeatureTransactions {
  /**
   * Request-level failures throw (`MapServerError`, `NetworkError`, `TimeoutError`);
   * actions the server refused one by one come back in `failures`.
   */
  commit(changes: ChangeSet): Promise<CommitResult>;
}
/** The inversify token of {@link FeatureTransactions}. */
export const FEATURE_TRANSACTIONS = Symbol.for('gportal.FeatureTransactions');
