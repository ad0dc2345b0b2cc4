/**
 * Starts the worker that reads GetFeature answers (`wfs-answer.worker.ts`); `undefined` where the
 * page has no workers, and the answers are read on the main thread. Here, where the bundler sees
 * the worker's URL and bundles it, not in the adapter: the adapter is also used where no bundler is.
 */
export function startWfsAnswerWorker(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return new Worker(new URL('./wfs-answer.worker.ts', import.meta.url), { type: 'module', name: WFS_ANSWER_WORKER_NAME });
}

/** The worker's name (in the browser's task manager and devtools, and for tests that block it). */
export const WFS_ANSWER_WORKER_NAME = 'gportal-wfs-answer';
