import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { L } from '../leaflet';

/** The control that opened a tool: a toolbar button by its `data-tool`, or the map itself. */
export type FocusOpener = string | 'map';

export interface EditorFocus {
  /** A tool is about to open from `opener`: focus comes back there when it closes. */
  opening(opener: FocusOpener): void;
  /** Focus to the map (after a popup or dialog closes: the feature it was about sits there). */
  toMap(): void;
  /** Focus back to the button that opened the last tool (after the form of a feature it drew closes). */
  toOpener(): void;
}

/**
 * Keeps keyboard focus out of the page's body as the editor's tools open and close (WCAG 2.4.3):
 * while a tool is active (`active` set) focus is on the map, where keyboard drawing and feature
 * stepping listen; when it ends (保存, 取消, Escape, a finished shape) focus returns to the
 * toolbar button that opened it, found again by `data-tool` as the toolbar re-renders. While
 * `hold` is set (a dialog is open) focus is left where the dialog put it.
 */
export function useEditorFocus(map: L.Map | undefined, toolbar: RefObject<HTMLElement | null>, active: string | undefined, hold = false): EditorFocus {
  const opener = useRef<FocusOpener>('map');
  const wasActive = useRef<string | undefined>(undefined);
  const toMap = useCallback(() => map?.getContainer().focus({ preventScroll: true }), [map]);
  const toOpener = useCallback(() => {
    const button = opener.current === 'map' ? null : toolbar.current?.querySelector<HTMLElement>(`[data-tool="${opener.current}"]`);
    button?.focus();
    // A button gone or disabled meanwhile takes no focus: the map does.
    if (!button || document.activeElement !== button) toMap();
  }, [toolbar, toMap]);
  useEffect(() => {
    const before = wasActive.current;
    wasActive.current = active;
    // A dialog opened as the tool ended (the new feature's form) has the focus: it says where focus goes when it closes.
    if (active === before || hold) return;
    if (active !== undefined) toMap();
    else toOpener();
  }, [active, hold, toMap, toOpener]);
  const opening = useCallback((from: FocusOpener) => {
    opener.current = from;
  }, []);
  return { opening, toMap, toOpener };
}
