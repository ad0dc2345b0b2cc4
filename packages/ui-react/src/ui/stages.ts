/**
 * Evaluating code in stages. A browser evaluates a module graph in one task: the feature editor's
 * (React DOM, Leaflet, the UI kit, the core, the editor) took 70–120 ms on a 2-core machine, a task
 * no input or frame can interrupt. Imported one part after the other, each in a task of its own,
 * no part took 50 ms. The cost: each part is fetched when its stage starts, one round trip after
 * the other, so a stage is worth it only for a part that takes long to evaluate.
 */

/** Resolves in a task of its own, queued behind what is waiting now (no timer clamping). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/**
 * Imports `stages` one after the other, each evaluated in a task of its own, then `last`, and
 * resolves with `last`'s module in a task after its evaluation: what the caller does with it (a
 * render, a mount) is a task of its own too. A module a stage evaluated is not evaluated again by
 * a later one that imports it.
 */
export async function importInStages<T>(stages: ReadonlyArray<() => Promise<unknown>>, last: () => Promise<T>): Promise<T> {
  for (const stage of stages) {
    await stage();
    await nextTask();
  }
  const module = await last();
  await nextTask();
  return module;
}
