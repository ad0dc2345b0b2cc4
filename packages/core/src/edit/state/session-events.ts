import { MapServerError } from '../../errors/errors.js';
import { Emitter } from '../../util/emitter.js';
import { later } from '../../util/timers.js';
import type { EditSessionEvents } from '../session-types.js';

type ErrorOperation = EditSessionEvents['error']['operation'];

export function reportText(error: unknown): string {
  if (error instanceof MapServerError) return error.text;
  return error instanceof Error ? error.message : String(error);
}

/**
 * A session's events, with its handlers isolated: a handler that throws is reported as an
 * `error` event (operation `handler`) and never changes what the session did; one thrown by an
 * `error` handler goes to the host (window.onerror), never to the caller.
 */
export class SessionEvents {
  private readonly emitter = new Emitter<EditSessionEvents>((event, error) => this.handlerFailed(event, error));

  on<Name extends keyof EditSessionEvents>(event: Name, handler: (payload: EditSessionEvents[Name]) => void): () => void {
    return this.emitter.on(event, handler);
  }

  off<Name extends keyof EditSessionEvents>(event: Name, handler: (payload: EditSessionEvents[Name]) => void): void {
    this.emitter.off(event, handler);
  }

  emit<Name extends keyof EditSessionEvents>(event: Name, payload: EditSessionEvents[Name]): void {
    this.emitter.emit(event, payload);
  }

  /** Reports a failure as an `error` event. */
  error(operation: ErrorOperation, error: unknown, message = reportText(error)): void {
    this.emit('error', { operation, error, message });
  }

  private handlerFailed(event: keyof EditSessionEvents, error: unknown): void {
    if (event === 'error') {
      later(() => {
        throw error;
      });
      return;
    }
    this.error('handler', error, `${event} handler: ${reportText(error)}`);
  }
}
