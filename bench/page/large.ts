/**
 * The large part's page (`large.html?contender=ol|gportal&…`): mounts one contender on load and
 * times it for the runner (`bench/large.ts`). Every paint the contender reports, every change of
 * what it shows and every pointer event is a visible change; every request to the WFS (start
 * and end) and every change of its loading state is background activity. A step (or the
 * opening) is over once nothing is in flight, nothing waits to be painted and nothing of either
 * kind has come for `QUIET_MS`; it ends at the frame produced after its last visible change. So
 * a step's time is from the jump to the frame that shows its features, loading, parsing and
 * painting included (a request is followed by the paint of what it brought); reads that change
 * nothing shown (a contender's prefetch of tiles around the view) delay the next step, not this
 * one's time. The frame after the last activity of either kind is kept too (`quietMs`).
 */
import type { Step, View } from '../large-path.js';
import { LARGE_CONTENDERS, type LargeMap } from './large-contenders.js';

declare global {
  interface Window {
    large: typeof api;
  }
}

/** No activity for this long (and nothing in flight or painting) ends a step. Longer than any debounce of a view load. */
const QUIET_MS = 1000;
/** A step that never settles fails the run rather than hanging it. */
const STEP_TIMEOUT_MS = 60_000;

const query = new URLSearchParams(location.search);
const wfsUrl = '/ows';
let inFlight = 0;
let lastActivity = 0;
/** The end of the frame produced after the latest visible change. */
let lastFrame = 0;
/** The end of the frame produced after the latest activity, visible or not. */
let lastAnyFrame = 0;
let firstFeaturesMs: number | undefined;
/** Every WFS request: its query, and when it started and its body arrived (from navigation). */
const requests: Array<{ query: string; startMs: number; endMs?: number }> = [];
function requestStarted(url: string, body?: unknown): { endMs?: number } {
  // A POST (a count, a paged read) is told by its XML, from its root element on.
  const posted = typeof body === 'string' ? body.replace(/^<\?xml[^>]*>/, '').replace(/\s+/g, ' ').trim() : '';
  // A posted query is told by its attributes and BBOX corners, which come past its first 400 characters.
  const corners = /<(?:gml:)?lowerCorner>([^<]*)<\/(?:gml:)?lowerCorner>\s*<(?:gml:)?upperCorner>([^<]*)</.exec(posted);
  const attributes = ['resultType', 'maxFeatures', 'startIndex'].flatMap((name) => new RegExp(`\\b${name}="([^"]*)"`).exec(posted)?.slice(1).map((value) => `${name}=${value}`) ?? []);
  const summary = posted && `POST GetFeature ${attributes.join(' ')}${corners ? ` BBOX=${corners[1]?.replace(' ', ',')},${corners[2]?.replace(' ', ',')}` : ''}`;
  const query = decodeURIComponent(new URL(url, location.href).search) || summary;
  const entry: (typeof requests)[number] = { query: query.slice(0, 400), startMs: Math.round(performance.now()) };
  requests.push(entry);
  return entry;
}
/** Every task over 50 ms: when it started (from navigation) and how long it took. */
const longTasks: Array<{ startMs: number; ms: number }> = [];
let map: LargeMap | undefined;
/**
 * Every frame over 50 ms (the Long Animation Frames API), with the scripts that ran in it: where a
 * long task came from, without a trace (which slows the page). Both contenders are observed alike.
 */
const longFrames: Array<{ startMs: number; ms: number; blockingMs: number; styleAndLayoutMs: number; scripts: Array<{ invoker: string; source: string; ms: number }> }> = [];
interface LongFrame extends PerformanceEntry {
  blockingDuration: number;
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: Array<{ invokerType: string; invoker: string; sourceURL: string; sourceFunctionName: string; duration: number }>;
}
if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LongFrame[]) {
      longFrames.push({
        startMs: Math.round(entry.startTime),
        ms: Math.round(entry.duration),
        blockingMs: Math.round(entry.blockingDuration),
        styleAndLayoutMs: entry.styleAndLayoutStart ? Math.round(entry.startTime + entry.duration - entry.styleAndLayoutStart) : 0,
        scripts: entry.scripts.map((script) => ({
          invoker: `${script.invokerType} ${script.invoker}`.slice(0, 80),
          source: `${script.sourceURL.split('/').pop() ?? ''}${script.sourceFunctionName ? ` ${script.sourceFunctionName}` : ''}`,
          ms: Math.round(script.duration),
        })),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
}

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push({ startMs: Math.round(entry.startTime), ms: entry.duration });
}).observe({ type: 'longtask', buffered: true });

/** Resolves once the next frame has been produced: a task queued behind that frame's rendering steps. */
function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
}

/** A visible change: the map painted, or what it shows changed. */
function activity(): void {
  lastActivity = performance.now();
  const shows = map?.showsFeatures() ?? false;
  void nextFrame().then((end) => {
    lastFrame = Math.max(lastFrame, end);
    lastAnyFrame = Math.max(lastAnyFrame, end);
    // From navigation (performance.now() counts from the navigation's start).
    if (shows && firstFeaturesMs === undefined) firstFeaturesMs = end;
  });
}

/** Background activity (a request started or ended, a loading state changed): the step is not over, but nothing new is shown. */
function background(): void {
  lastActivity = performance.now();
  void nextFrame().then((end) => {
    lastAnyFrame = Math.max(lastAnyFrame, end);
  });
}

// The drag's input is activity too: a vertex drag changes neither the layer nor its loads, only the edited copy.
for (const type of ['pointerdown', 'pointermove', 'pointerup']) document.addEventListener(type, activity, { capture: true, passive: true });

const isWfs = (url: string) => new URL(url, location.href).pathname === wfsUrl;

// Both contenders' requests counted the same way: gportal's adapter uses fetch (GetFeature in its worker, below), ol's loader XMLHttpRequest.
const originalFetch = window.fetch.bind(window);
window.fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!isWfs(url)) return originalFetch(input, init);
  inFlight += 1;
  background();
  const entry = requestStarted(url, init?.body);
  const done = () => {
    entry.endMs = Math.round(performance.now());
    inFlight -= 1;
    background();
  };
  try {
    const response = await originalFetch(input, init);
    // In flight until its body has arrived (a copy is read; the caller reads the response as it would).
    void response.clone().arrayBuffer().then(done, done);
    return response;
  } catch (error) {
    done();
    throw error;
  }
};
// gportal's GetFeature requests are sent from its answer worker (the bytes never reach the page):
// a request posted to a worker starts one, its last reply (or its abort) ends it.
const NativeWorker = window.Worker;
window.Worker = class extends NativeWorker {
  private readonly sent = new Map<number, () => void>();
  constructor(url: string | URL, options?: WorkerOptions) {
    super(url, options);
    this.addEventListener('message', ({ data }: MessageEvent<{ kind?: string; id?: number }>) => {
      if (data.id !== undefined && data.kind !== 'features') this.sent.get(data.id)?.();
    });
  }
  override postMessage(message: unknown, transfer?: Transferable[] | StructuredSerializeOptions): void {
    const request = message as { id?: number; fetch?: { url: string; body?: string }; abort?: true };
    if (request.id !== undefined && request.abort) this.sent.get(request.id)?.();
    if (request.id !== undefined && request.fetch && isWfs(request.fetch.url)) {
      const id = request.id;
      inFlight += 1;
      background();
      const entry = requestStarted(request.fetch.url, request.fetch.body);
      this.sent.set(id, () => {
        this.sent.delete(id);
        entry.endMs = Math.round(performance.now());
        inFlight -= 1;
        background();
      });
    }
    super.postMessage(message, transfer as Transferable[]);
  }
};
const originalOpen = XMLHttpRequest.prototype.open;
XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
  if (isWfs(String(url))) {
    let entry: { endMs?: number } = {};
    this.addEventListener('loadstart', () => {
      inFlight += 1;
      background();
      entry = requestStarted(String(url));
    });
    this.addEventListener('loadend', () => {
      entry.endMs = Math.round(performance.now());
      inFlight -= 1;
      background();
    });
  }
  return (originalOpen as (...args: unknown[]) => void).call(this, method, url, ...rest);
} as typeof XMLHttpRequest.prototype.open;

/** Waits until the map is quiet; returns the end of the frame after the last visible change, and after the last activity of either kind. */
async function settled(): Promise<{ shown: number; quiet: number }> {
  const deadline = performance.now() + STEP_TIMEOUT_MS;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const quiet = inFlight === 0 && (map?.idle() ?? false) && performance.now() - lastActivity >= QUIET_MS && lastAnyFrame >= lastActivity;
    if (quiet) return { shown: lastFrame, quiet: lastAnyFrame };
    if (performance.now() > deadline) throw new Error(`the map did not settle within ${STEP_TIMEOUT_MS} ms (${inFlight} requests in flight)`);
  }
}

async function open(): Promise<void> {
  const name = query.get('contender') ?? '';
  const contender = await LARGE_CONTENDERS[name]?.();
  if (!contender) throw new Error(`no large contender ${name}`);
  const start: View = { center: [Number(query.get('lon')), Number(query.get('lat'))], zoom: Number(query.get('zoom')) };
  const element = document.getElementById('map') as HTMLElement;
  map = await contender.mount(element, { wfsUrl, typeName: query.get('typeName') ?? '', start, activity, background });
  await settled();
  if (firstFeaturesMs === undefined) throw new Error(`${contender.name} opened without showing features`);
}

const opened = open();

const api = {
  /** Resolves when the contender has opened and settled: the time from navigation to its first features. */
  async opened(): Promise<number> {
    await opened;
    return firstFeaturesMs as number;
  },
  /** Jumps to a step's view; resolves with the time until the frame that shows its features (`ms`), until all activity ended (`quietMs`), and how the map showed it where it tells. */
  async step(step: Step): Promise<{ ms: number; quietMs: number; shownBy?: 'ahead' | 'painted' }> {
    const start = performance.now();
    (map as LargeMap).setView(step);
    activity();
    const { shown, quiet } = await settled();
    return { ms: shown - start, quietMs: quiet - start, shownBy: map?.shownBy?.() };
  },
  /** Marks the start of an input the runner sends (the vertex drag); `settle` gives the time from it. */
  mark(): number {
    activity();
    return performance.now();
  },
  async settle(since: number): Promise<number> {
    return (await settled()).shown - since;
  },
  pixelOf: (position: [number, number]) => (map as LargeMap).pixelOf(position),
  /**
   * Opens the contender's attribute table and turns `pages` pages: the time from the opening to
   * the frame that shows its first rows, each page's the same way, and the longest task from the
   * opening on (0: none over 50 ms).
   */
  async table(pages: number): Promise<{ firstRowsMs: number; pageMs: number[]; longestTaskMs: number }> {
    const { table } = map as LargeMap;
    const start = performance.now();
    await table.open();
    const firstRowsMs = (await nextFrame()) - start;
    const pageMs: number[] = [];
    for (let turned = 0; turned < pages; turned += 1) {
      const since = performance.now();
      await table.next();
      pageMs.push((await nextFrame()) - since);
    }
    // A long task is reported after it ends: one more frame and task let the observer deliver the last.
    await nextFrame();
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { firstRowsMs, pageMs, longestTaskMs: Math.max(0, ...longTasks.filter((task) => task.startMs + task.ms >= start).map((task) => task.ms)) };
  },
  /** The longest task so far (0: none over 50 ms), and every long task, to see where they fall. */
  requests: () => requests,
  /** All the page's memory, its workers' included, in MB (NaN where the browser refuses to measure it). */
  async memoryWithWorkers(): Promise<number> {
    const measure = (performance as Performance & { measureUserAgentSpecificMemory?: () => Promise<{ bytes: number }> }).measureUserAgentSpecificMemory;
    if (!crossOriginIsolated || !measure) return NaN;
    return (await measure.call(performance)).bytes / 2 ** 20;
  },
  longTasks: () => ({ longestTaskMs: Math.max(0, ...longTasks.map((task) => task.ms)), tasks: longTasks }),
  /** Every frame over 50 ms and the scripts that ran in it (empty where the browser has no Long Animation Frames API). */
  longFrames: () => longFrames,
};
window.large = api;
