import { useEffect } from 'react';
import { useLatest } from '../ui/use-latest';

export interface UndoKeys {
  canUndo: boolean;
  canRedo: boolean;
  undo(): void;
  redo(): void;
}

/** Where the browser's own undo of typed text must keep the keys. */
const TEXT_FIELDS = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

function inTextField(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(TEXT_FIELDS) !== null;
}

/** Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (⌘ on a Mac), anywhere on the page except in a text field. */
export function useUndoKeys(keys: UndoKeys): void {
  const latest = useLatest(keys);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || inTextField(event.target)) return;
      const key = event.key.toLowerCase();
      const redo = key === 'y' || (key === 'z' && event.shiftKey);
      if (key !== 'z' && key !== 'y') return;
      event.preventDefault();
      const { canUndo, canRedo, undo, redo: redoing } = latest.current;
      if (redo && canRedo) redoing();
      else if (!redo && canUndo) undo();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [latest]);
}
