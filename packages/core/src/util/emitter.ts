/** Typed events with their disposal: `on` hands back the `off` for the same handler. */
export class Emitter<Events extends object> {
  private readonly handlers = new Map<keyof Events, Set<(payload: never) => void>>();

  /**
   * @param onHandlerError Told about an error a handler throws; the other handlers still run and
   * the emitter's owner carries on. Without it the error is rethrown to the caller of `emit`.
   */
  constructor(private readonly onHandlerError?: (event: keyof Events, error: unknown) => void) {}

  on<Name extends keyof Events>(event: Name, handler: (payload: Events[Name]) => void): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
    return () => this.off(event, handler);
  }

  off<Name extends keyof Events>(event: Name, handler: (payload: Events[Name]) => void): void {
    this.handlers.get(event)?.delete(handler);
  }

  emit<Name extends keyof Events>(event: Name, payload: Events[Name]): void {
    // A copy, so a handler that unsubscribes while being called does not skip its neighbour.
    for (const handler of [...(this.handlers.get(event) ?? [])]) {
      if (!this.onHandlerError) {
        (handler as (payload: Events[Name]) => void)(payload);
        continue;
      }
      try {
        (handler as (payload: Events[Name]) => void)(payload);
      } catch (error) {
        this.onHandlerError(event, error);
      }
    }
  }
}
