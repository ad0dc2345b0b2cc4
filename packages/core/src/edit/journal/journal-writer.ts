import type { JournalEntry } from '../../domain/journal.js';
import { TimeoutError } from '../../errors/errors.js';
import type { EditJournal } from '../../ports/edit-journal.port.js';
import { later } from '../../util/timers.js';
import type { JournalPort, JournalWrite } from '../session-types.js';

/** A journal write that has not settled by then is reported as failed (it may still land later). */
export const JOURNAL_WRITE_TIMEOUT_MS = 5_000;

export interface JournalWriterOptions {
  /** No journal: every write succeeds at once. */
  journal: EditJournal | undefined;
  typeName: string;
  /** The entry to write, read when a write starts; `null` clears the journal. */
  entry: () => JournalEntry | null;
  /** Told about every failed write, at once. */
  onError: (error: unknown) => void;
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let cancel: () => void = () => undefined;
  const timeout = new Promise<never>((_, reject) => {
    cancel = later(() => reject(new TimeoutError(timeoutMs, `${what}: not done within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => cancel());
}

/**
 * Writes the pending changes of a session to its journal. One write runs at a time; changes made
 * meanwhile are coalesced into the one queued next, which reads the state when it starts, so a
 * burst of edits costs two writes. Each write is bounded in time.
 */
export class JournalWriter implements JournalPort {
  /** The last write, and the next one while it waits: changes made meanwhile join it. */
  private writes: Promise<JournalWrite> = Promise.resolve({ ok: true });
  private queued: Promise<JournalWrite> | undefined;
  private lastFailed = false;

  constructor(private readonly options: JournalWriterOptions) {}

  /** Writes the current entry (or clears the journal); resolves with the outcome of the write it joined. */
  write(): Promise<JournalWrite> {
    const { journal, typeName, entry, onError } = this.options;
    if (!journal) return Promise.resolve({ ok: true });
    if (this.queued) return this.queued;
    const queued = this.writes.then(async () => {
      this.queued = undefined;
      // Inside the try: a write that fails for any reason, even building the entry, is reported and
      // must leave the queue usable, or every later write and save would reject with it.
      try {
        const current = entry();
        const write = current ? journal.save(current) : journal.clear(typeName);
        await withTimeout(write, JOURNAL_WRITE_TIMEOUT_MS, `journal of ${typeName}`);
        this.lastFailed = false;
        return { ok: true } as const;
      } catch (error) {
        this.lastFailed = true;
        onError(error);
        return { ok: false, error } as const;
      }
    });
    this.queued = queued;
    this.writes = queued;
    return queued;
  }

  /** Resolves once every write queued so far has finished. */
  async flush(): Promise<void> {
    await this.writes;
  }

  /** Whether the last finished write failed: the journal is behind the session until a write succeeds. */
  get behind(): boolean {
    return this.lastFailed;
  }
}
