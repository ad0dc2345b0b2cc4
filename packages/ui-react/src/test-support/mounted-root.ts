import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

/** A React root on a fresh element in the document for each test, unmounted and removed after it. */
export function mountedRoot(): { readonly root: Root; readonly element: HTMLElement } {
  const mounted = {} as { root: Root; element: HTMLElement };
  beforeEach(() => {
    mounted.element = document.createElement('div');
    document.body.append(mounted.element);
    mounted.root = createRoot(mounted.element);
  });
  afterEach(() => {
    act(() => mounted.root.unmount());
    mounted.element.remove();
  });
  return mounted;
}
