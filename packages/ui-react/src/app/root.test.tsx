import { MemoryStorage } from '@gportal/adapters-storage';
import { act } from 'react';
import { createRoot, type Root as ReactRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, type AppConfig } from '../shell/app-config';
import { createAppStorage } from './boot';
import { ProblemLog } from '../shell/problem-log';
import { Root } from './root';

let root: ReactRoot;
let element: HTMLElement;

beforeEach(() => {
  window.history.pushState({}, '', '/login');
  element = document.createElement('div');
  document.body.append(element);
  root = createRoot(element);
});
afterEach(() => {
  act(() => root.unmount());
  element.remove();
  vi.restoreAllMocks();
});

function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('Root, the first screen', () => {
  it('shows why the configured mode cannot run once the first sign-in attempt loads the app', async () => {
    // The adapters refuse an empty WFS URL: the container cannot be built.
    const config: AppConfig = { ...DEFAULT_CONFIG, mode: 'map-server', wfsUrl: '' };
    const problems = new ProblemLog();
    // The sign-in page swallows the failed attempt (spec section 8) with a console warning.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const storage = createAppStorage(config, problems, new MemoryStorage());
    await act(async () => root.render(<Root boot={{ config, problems, storage }} initialSession={null} />));
    expect(element.querySelector('#username')).not.toBeNull();

    await act(async () => {
      type(element.querySelector('#username') as HTMLInputElement, 'alice');
      type(element.querySelector('#password') as HTMLInputElement, 'secret');
    });
    await act(async () => (element.querySelector('button[type="submit"]') as HTMLButtonElement).click());
    await expect.poll(() => element.querySelector('[role="alert"]')?.textContent ?? '', { timeout: 10_000 }).toContain('此运行模式不可用');
    expect(element.querySelector('#username')).toBeNull();
    expect(window.location.pathname).toBe('/login');
    expect(warn).toHaveBeenCalledWith('sign-in request failed', expect.objectContaining({ name: 'ModeUnavailableError' }));
    // The whole login page renders in jsdom: several seconds on a busy machine.
  }, 20_000);
});
