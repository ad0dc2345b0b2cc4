import { MemoryStorage } from '@gportal/adapters-storage';
import { USER_CACHE, type UserCache } from '@gportal/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app';
import { DEFAULT_CONFIG } from '../../shell/app-config';
import { createAppContainer } from '../../app/container';
import { ProblemLog } from '../../shell/problem-log';
import { ROUTES } from '../../shell/routes';

let root: Root;
let element: HTMLElement;

beforeEach(() => {
  window.history.pushState({}, '', ROUTES.testIndex);
  element = document.createElement('div');
  document.body.append(element);
  root = createRoot(element);
});
afterEach(() => {
  act(() => root.unmount());
  element.remove();
  vi.restoreAllMocks();
});

const button = (name: string) => [...element.querySelectorAll('button')].find((candidate) => candidate.textContent?.replace(/\s/g, '') === name) as HTMLButtonElement;

describe('IndexDemoPage', () => {
  it('a failed read of the user cache (获取用户缓存) is only logged to the console (spec sections 4 and 8): no notice, the input unchanged', async () => {
    const failure = new Error('storage unreadable');
    const container = await createAppContainer({ config: DEFAULT_CONFIG, problems: new ProblemLog(), storage: new MemoryStorage() });
    const cache: UserCache = {
      setUserItem: () => Promise.resolve(),
      getUserItem: () => Promise.reject(failure),
      clearUser: () => Promise.resolve(),
    };
    container.rebindSync(USER_CACHE).toConstantValue(cache);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const session = { user: { username: 'demo', displayName: 'Demo' }, signedInAt: new Date().toISOString() };
    await act(async () => root.render(<App container={container} initialSession={session} />));
    await vi.waitFor(() => expect(button('获取用户缓存')).toBeDefined(), { timeout: 15_000 });
    const input = element.querySelector('input[aria-label="请输入要缓存的值"]') as HTMLInputElement;
    await act(async () => button('获取用户缓存').click());
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith(failure));
    expect(input.value).toBe('');
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });
});
