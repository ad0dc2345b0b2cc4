import { useCallback, useSyncExternalStore } from 'react';

/**
 * The layouts' widths, as antd's breakpoints name them: below `lg` the side menu is a drawer
 * (antd's Sider collapsed there already); below `md` (phones) the page's margins shrink. CSS
 * media queries repeat these numbers (`screens/layout/shell.css`).
 */
export const LAYOUT_QUERIES = {
  menuDrawer: '(max-width: 991.98px)',
  phone: '(max-width: 767.98px)',
} as const;

/**
 * Whether a CSS media query matches, kept current as the window changes (a phone turned, a
 * window resized). Read while rendering, so the first paint already has the right layout.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}
