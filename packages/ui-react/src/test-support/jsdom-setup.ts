/**
 * The jsdom tests' environment (`vitest.config.ts` `setupFiles`): React's `act` expected, and
 * `matchMedia`, which jsdom lacks and antd and `useMediaQuery` read, answering "no match" (a
 * wide screen with a mouse). Both languages are there from the start, as the app has the one it
 * shows before rendering: a test renders in English without waiting for its messages.
 */
import { loadLocale } from '../i18n/i18n-provider';

await loadLocale('en');

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
