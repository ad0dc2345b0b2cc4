import type { ChangeSet, CommitResult, FeatureQuery, FeatureSet } from '../src/domain/feature.js';
import type { JournalEntry } from '../src/domain/journal.js';
import { MapServerError, NetworkError, TimeoutError } from '../src/errors/errors.js';
import type { EditJournal } from '../src/ports/edit-journal.port.js';
import type { FeatureSource } from '../src/ports/feature-source.port.js';
import type { FeatureTransactions } from '../src/ports/feature-transactions.port.js';

/**
 * The faults of the issue-10 suite, as the WFS adapter reports them over HTTP: each is injected
 * into the next transaction (or the reads and journal writes of that save), once.
 */
export const FAULTS = [
  'connection-refused',
  'dropped-after-commit',
  'http-500-html',
  'exception-report-200',
  'partial',
  'timeout',
  'malformed-xml',
  'truncated-json',
  'journal-full',
] as const;
export type Fault = (typeof FAULTS)[number];

/** The error the WFS adapter throws for each fault that breaks the transaction itself. */
const TRANSACTION_ERRORS: Partial<Record<Fault, () => Error>> = {
  'connection-refused': () => new NetworkError('POST http://127.0.0.1/ows: connect ECONNREFUSED', { requestSent: false }),
  'dropped-after-commit': () => new NetworkError('POST http://127.0.0.1/ows: other side closed'),
  'http-500-html': () => new MapServerError({ status: 500, text: 'Internal Server Error' }),
  'exception-report-200': () => new MapServerError({ status: 200, code: 'InvalidParameterValue', text: 'TypeName unknown' }),
  timeout: () => new TimeoutError(30_000, 'POST http://127.0.0.1/ows: no answer within 30000 ms'),
  'malformed-xml': () => new MapServerError({ status: 200, code: 'MalformedResponse', text: 'Transaction: the answer is not well-formed XML' }),
};

/** Faults after which the server has committed: the answer is what was lost. */
const COMMITS_FIRST: ReadonlySet<Fault> = new Set(['dropped-after-commit', 'timeout', 'malformed-xml']);

export class QuotaExceededError extends Error {
  constructor() {
    super('browser storage is full');
    this.name = 'QuotaExceededError';
  }
}

/**
 * Wraps working ports and breaks them on demand: `arm(fault)` makes the next transaction (and,
 * for `truncated-json` and `journal-full`, the reads and journal writes until `disarm()`) fail
 * the way that fault does. Counts every fault it actually injected.
 */
export class FaultInjectingPorts {
  private armed: Fault | undefined;
  injected = 0;
  commits = 0;

  readonly source: FeatureSource;
  readonly transactions: FeatureTransactions;
  readonly journal: EditJournal;

  constructor(inner: { source: FeatureSource; transactions: FeatureTransactions; journal: EditJournal }) {
    this.source = {
      describe: (typeName) => inner.source.describe(typeName),
      listTypes: () => inner.source.listTypes(),
      getFeatures: (query: FeatureQuery): Promise<FeatureSet> => {
        if (this.armed === 'truncated-json') {
          this.injected += 1;
          return Promise.reject(new MapServerError({ status: 200, text: 'unreadable JSON for WFS GetFeature: Unexpected end of JSON input' }));
        }
        return inner.source.getFeatures(query);
      },
    };
    this.transactions = {
      commit: async (changes: ChangeSet): Promise<CommitResult> => {
        this.commits += 1;
        const fault = this.armed;
        if (fault === 'partial') return this.partial(inner.transactions, changes);
        const error = fault && TRANSACTION_ERRORS[fault];
        if (!fault || !error) return inner.transactions.commit(changes);
        this.armed = undefined;
        this.injected += 1;
        if (COMMITS_FIRST.has(fault)) await inner.transactions.commit(changes);
        throw error();
      },
    };
    this.journal = {
      save: (entry: JournalEntry) => (this.journalBroken() ? Promise.reject(new QuotaExceededError()) : inner.journal.save(entry)),
      load: (typeName) => inner.journal.load(typeName),
      clear: (typeName) => (this.journalBroken() ? Promise.reject(new QuotaExceededError()) : inner.journal.clear(typeName)),
    };
  }

  arm(fault: Fault): void {
    this.armed = fault;
  }

  disarm(): void {
    this.armed = undefined;
  }

  private journalBroken(): boolean {
    if (this.armed !== 'journal-full') return false;
    this.injected += 1;
    return true;
  }

  /**
   * Like QGIS Server: every action is committed on its own, and the first update is refused and
   * reported under a locator of the server's own (`Update:<typename>`), not the sent feature id.
   */
  private async partial(inner: FeatureTransactions, changes: ChangeSet): Promise<CommitResult> {
    this.armed = undefined;
    const [refused, ...updates] = changes.updates;
    if (!refused) return inner.commit(changes);
    this.injected += 1;
    const result = await inner.commit({ ...changes, updates });
    return { ...result, failures: [...result.failures, { kind: 'update', ref: `Update:${changes.typeName}`, message: `NOT NULL constraint error on layer '${changes.typeName}'` }] };
  }
}
