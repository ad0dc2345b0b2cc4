import { MemoryStorage } from '@gportal/adapters-storage';
import { AUTH_GATEWAY, NetworkError, type LoginResult } from '@gportal/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app';
import { DEFAULT_CONFIG } from '../../shell/app-config';
import { createAppContainer } from '../../app/container';
import { ProblemLog } from '../../shell/problem-log';

// The browser tests cover the rest of the login rules; a failing request cannot happen in the embedded mode they run.
let root: Root;
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
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setValue?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('LoginPage', () => {
  it('swallows a failed sign-in request: loading clears, no notice, the user stays', async () => {
    let fail: (error: Error) => void = () => undefined;
    const container = await createAppContainer({ config: DEFAULT_CONFIG, problems: new ProblemLog(), storage: new MemoryStorage() });
    container.rebindSync(AUTH_GATEWAY).toConstantValue({
      login: () => new Promise<LoginResult>((_resolve, reject) => (fail = reject)),
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await act(async () => root.render(<App container={container} initialSession={null} />));

    const button = element.querySelector('button[type="submit"]') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await act(async () => {
      type(element.querySelector('#username') as HTMLInputElement, 'demo');
      type(element.querySelector('#password') as HTMLInputElement, 'gportal-demo');
    });
    expect(button.disabled).toBe(false);
    await act(async () => button.click());
    expect(button.classList.contains('ant-btn-loading')).toBe(true);

    await act(async () => fail(new NetworkError('connection refused')));
    expect(button.classList.contains('ant-btn-loading')).toBe(false);
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    expect(window.location.pathname).toBe('/login');
    expect(warn).toHaveBeenCalledWith('sign-in request failed', expect.any(NetworkError));
    // The whole app renders in jsdom: about 4 s alone, more on a busy machine.
  }, 20_000);
});
