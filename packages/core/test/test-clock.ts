import type { SessionClock } from '../src/edit/index.js';

/** A session clock whose waits pass at once: `now` moves on by each wait, and `waits` lists them. */
export interface TestClock extends SessionClock {
  readonly waits: number[];
}

export function testClock(start = Date.UTC(2026, 0, 1)): TestClock {
  let now = start;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  };
}
