import { ConflictError } from '../errors/errors.js';
import type { SessionEvents } from './state/index.js';
import type { EditOperation } from './session-types.js';

/**
 * One operation at a time: a second call of the one under way joins it, any other is refused,
 * and edits are refused while one runs.
 */
export class OperationGuard {
  private inFlight: { operation: EditOperation; promise: Promise<unknown> } | undefined;

  /** @param events Told about the error of a failed operation (an `error` event), which still rejects. */
  constructor(private readonly events: SessionEvents) {}

  get busy(): EditOperation | undefined {
    return this.inFlight?.operation;
  }

  /** Runs `work` as `operation`; `onStart` is told when it starts (not when a call joins one under way). */
  run<T>(operation: EditOperation, work: () => Promise<T>, onStart: () => void = () => undefined): Promise<T> {
    if (this.inFlight) {
      if (this.inFlight.operation === operation) return this.inFlight.promise as Promise<T>;
      return Promise.reject(new ConflictError('edit session', `cannot ${operation} while a ${this.inFlight.operation} is under way`));
    }
    onStart();
    // Started on the next microtask, so the operation is marked under way before any of it runs.
    const promise = Promise.resolve()
      .then(work)
      .catch((error: unknown) => {
        this.events.error(operation, error);
        throw error;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    this.inFlight = { operation, promise };
    return promise;
  }

  /** Resolves once no operation runs (whether the last one failed or not). */
  async idle(): Promise<void> {
    while (this.inFlight) await this.inFlight.promise.catch(() => undefined);
  }

  assertIdle(): void {
    if (this.inFlight) throw new ConflictError('edit session', `no edits while a ${this.inFlight.operation} is under way`);
  }
}
