import { useCallback, useSyncExternalStore } from 'react';

/**
 * Phones and tablets (below antd's `lg`, where its Sider collapsed already): the side menu is a
 * drawer and the margins shrink, so the map gets the screen's width. The CSS media queries of
 * `screens/layout/shell.css` and `screens/feature-map/feature-map-page.css` repeat it.
 */
export const COMPACT_LAYOUT_QUERY = '(max-width: 991.98px)';

/** A touch screen is the main pointer (a phone, a tablet): hints say "tap", not "click" and "Esc". */
export const TOUCH_POINTER_QUERY = '(pointer: coarse)';

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
