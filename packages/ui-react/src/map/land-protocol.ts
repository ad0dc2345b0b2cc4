import type { PackedLand } from './land-shapes';

/** What the main thread asks the land worker (`land.worker.ts`): the land at this absolute URL, read within `timeoutMs`. */
export interface LandRequest {
  url: string;
  timeoutMs: number;
}

/**
 * The land worker's answer: the packed shapes; `unread` when the land could not be read (the
 * request failed or timed out, or it is not JSON), which reading it again on the main thread would
 * not mend; `failed` when reading it went wrong after that, which the main thread may try itself.
 */
export type LandReply = { kind: 'done'; packed: PackedLand } | { kind: 'unread'; message: string } | { kind: 'failed'; message: string };
