/**
 * The jsdom tests' environment (`vitest.config.ts` `setupFiles`): React's `act` expected, and
 * `matchMedia`, which jsdom lacks and antd and `useMediaQuery` read, answering "no match" (a
 * wide screen with a mouse).
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener() {},
  removeEventListener() {},
  addListener() {},
  removeListener() {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
