import { BrowserStorageError } from './browser-storage-error.js';
import { describeError } from './describe-error.js';
import type { StorageProblemHandler } from './storage-problem.js';
import type { StorageLike } from './storage-like.js';

/** Bumped when the envelope or a record's data changes shape; other versions are reported, not read. */
export const STORAGE_FORMAT_VERSION = 1;

/** What every value is wrapped in, so foreign data and older formats are recognised. */
interface Envelope {
  gportal: number;
  kind: string;
  data: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'gportal' in value && 'kind' in value && 'data' in value;
}

function isQuotaError(error: unknown): boolean {
  // Chromium and WebKit say QuotaExceededError; older Firefox NS_ERROR_DOM_QUOTA_REACHED.
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED');
}

/** Where {@link VersionedStorage} keeps its records and whom it tells about unusable ones. */
export interface VersionedStorageOptions {
  storage: StorageLike;
  namespace: string;
  onProblem: StorageProblemHandler;
}

/**
 * Records of one kind (`cache`, `session`, `journal` …) under `namespace:kind:name` keys, each
 * a compact JSON envelope with the format version. Reads never throw: whatever cannot be used
 * is reported and read as absent.
 */
export class VersionedStorage {
  constructor(private readonly options: VersionedStorageOptions) {}

  /** The storage key of a record: `namespace:kind`, or `namespace:kind:name`. */
  keyOf(kind: string, name?: string): string {
    return name === undefined ? `${this.options.namespace}:${kind}` : `${this.options.namespace}:${kind}:${name}`;
  }

  /**
   * The record's data when it is ours, of this format version and passes `isValid`; otherwise reports why and answers `undefined`.
   */
  read<T>(kind: string, name: string | undefined, isValid: (data: unknown) => data is T): T | undefined {
    const key = this.keyOf(kind, name);
    const text = this.options.storage.getItem(key);
    if (text === null) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return this.problem(key, 'corrupt', describeError(error));
    }
    if (!isEnvelope(parsed) || parsed.kind !== kind) {
      return this.problem(key, 'foreign', `not a gportal ${kind} record`);
    }
    if (parsed.gportal !== STORAGE_FORMAT_VERSION) {
      return this.problem(key, 'version', `format version ${String(parsed.gportal)}, this build reads ${STORAGE_FORMAT_VERSION}`);
    }
    if (!isValid(parsed.data)) return this.problem(key, 'shape', `the stored ${kind} has an unexpected shape`);
    return parsed.data;
  }

  /** Throws `BrowserStorageError` when storage is full; the previous value under the key is then kept. */
  write(kind: string, name: string | undefined, data: unknown): void {
    const key = this.keyOf(kind, name);
    const envelope: Envelope = { gportal: STORAGE_FORMAT_VERSION, kind, data };
    const text = JSON.stringify(envelope);
    try {
      this.options.storage.setItem(key, text);
    } catch (error) {
      if (isQuotaError(error)) {
        throw new BrowserStorageError('quota', key, `browser storage is full: ${text.length} characters could not be stored under "${key}"`, { cause: error });
      }
      throw new BrowserStorageError('unavailable', key, `browser storage refused "${key}"`, { cause: error });
    }
  }

  /** Removes one record. */
  remove(kind: string, name?: string): void {
    this.options.storage.removeItem(this.keyOf(kind, name));
  }

  /** Names of every record of a kind. */
  names(kind: string): string[] {
    const prefix = `${this.keyOf(kind)}:`;
    const names: string[] = [];
    for (let index = 0; index < this.options.storage.length; index += 1) {
      const key = this.options.storage.key(index);
      if (key?.startsWith(prefix)) names.push(key.slice(prefix.length));
    }
    return names;
  }

  /** Removes every record of a kind. */
  removeAll(kind: string): void {
    for (const name of this.names(kind)) this.remove(kind, name);
  }

  private problem(key: string, reason: 'corrupt' | 'foreign' | 'version' | 'shape', detail: string): undefined {
    this.options.onProblem({ key, reason, detail });
    return undefined;
  }
}
