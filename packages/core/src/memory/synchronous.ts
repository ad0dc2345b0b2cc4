/** A port whose methods answer directly instead of through a promise. */
export type Synchronous<Port> = {
  [Method in keyof Port]-?: Port[Method] extends ((...args: infer Args) => Promise<infer Result>) | undefined
    ? (...args: Args) => Result
    : never;
};

/** Wraps synchronous methods into a port; a thrown error becomes a rejected promise. */
export function asynchronous<Port>(methods: Synchronous<Port>): Port {
  const port: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(methods as Record<string, (...args: unknown[]) => unknown>)) {
    port[name] = (...args: unknown[]) => {
      try {
        return Promise.resolve(method(...args));
      } catch (error) {
        return Promise.reject(error);
      }
    };
  }
  return port as Port;
}
