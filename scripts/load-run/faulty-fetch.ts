/** A fault the wrapped `fetch` injects after the real server has answered (so it has committed). */
export type InjectedFault = 'timeout-after-commit' | 'dropped-answer';

export interface FaultyFetchOptions {
  /** Share of Transaction requests that meet a fault, 0..1. */
  transactionFaultRate: number;
  /** Share of GetFeature requests whose answer is dropped, 0..1. */
  readFaultRate: number;
  /** A number in [0, 1) each time one is needed (seeded, so a run can be repeated). */
  random: () => number;
  /** Told of every fault injected. */
  onFault?: (fault: InjectedFault, request: 'transaction' | 'read') => void;
}

/** Whether the request is a WFS Transaction (POSTed XML) or a GetFeature (KVP or POSTed). */
function requestKind(input: RequestInfo | URL, init: RequestInit | undefined): 'transaction' | 'read' | 'other' {
  const body = typeof init?.body === 'string' ? init.body : '';
  if (/<(\w+:)?Transaction[\s>]/.test(body)) return 'transaction';
  const url = input instanceof Request ? input.url : String(input);
  return /REQUEST=GetFeature/i.test(url) || /<(\w+:)?GetFeature[\s>]/.test(body) ? 'read' : 'other';
}

/**
 * A `fetch` that lets the real server do its work and then, now and then, loses the answer:
 * `timeout-after-commit` holds it until the caller's own timeout fires (the caller sees a timeout,
 * the server has committed), `dropped-answer` throws as a connection reset after the answer would
 * have arrived. Either way the server's data changed and the client cannot know it from the answer.
 */
export function faultyFetch(options: FaultyFetchOptions, inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const kind = requestKind(input, init);
    const rate = kind === 'transaction' ? options.transactionFaultRate : kind === 'read' ? options.readFaultRate : 0;
    if (kind === 'other' || options.random() >= rate) return inner(input, init);
    const fault: InjectedFault = kind === 'read' || options.random() < 0.5 ? 'dropped-answer' : 'timeout-after-commit';
    // The request goes through untouched by the caller's signal: the server answers in full.
    const { signal, ...rest } = init ?? {};
    const answer = await inner(input, rest);
    await answer.arrayBuffer();
    options.onFault?.(fault, kind);
    if (fault === 'dropped-answer') throw new TypeError('fetch failed: the connection was reset before the answer arrived');
    return new Promise<Response>((_resolve, reject) => {
      if (!signal) {
        reject(new DOMException('no answer in time', 'TimeoutError'));
        return;
      }
      if (signal.aborted) reject(signal.reason);
      else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  };
}
