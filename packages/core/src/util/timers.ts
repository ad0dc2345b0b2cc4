// The host's timers: every JavaScript runtime has them, but the core compiles against plain ES
// (no DOM, no Node types), so they are declared here for this module only.
declare function setTimeout(callback: () => void, ms?: number): unknown;
declare function clearTimeout(handle: unknown): void;

/** Runs `callback` after `ms`; the returned function cancels it. */
export function later(callback: () => void, ms = 0): () => void {
  const handle = setTimeout(callback, ms);
  return () => clearTimeout(handle);
}

/** The host's clock: wall-clock time and waits on its timers. */
export const HOST_CLOCK = {
  now: (): number => Date.now(),
  sleep: (ms: number): Promise<void> =>
    new Promise((resolve) => {
      setTimeout(resolve, ms);
    }),
};
