import { describe, expect, it, vi } from 'vitest';
import type { Credentials, LoginResult } from '../domain/auth.js';
import { NetworkError } from '../errors/errors.js';
import { createMemoryAdapters, DEMO_USER, MemorySessionStore, sampleSeed, WRONG_CREDENTIALS_MESSAGE } from '../memory/index.js';
import type { AuthGateway } from '../ports/auth-gateway.port.js';
import { LoginFlow, type LoginState } from './login-flow.js';
import { PASSWORD_REQUIRED_MESSAGE, USERNAME_REQUIRED_MESSAGE, validateCredentials } from './validate-credentials.js';

const NOW = new Date('2024-05-01T08:00:00Z');

describe('validateCredentials', () => {
  it.each<[Credentials, Record<string, string>]>([
    [{ username: 'demo', password: 'secret' }, {}],
    [{ username: '', password: 'secret' }, { username: '请输入用户名!' }],
    [{ username: '   ', password: 'secret' }, { username: '请输入用户名!' }],
    [{ username: 'demo', password: '' }, { password: '请输入密码!' }],
    [{ username: 'demo', password: '  ' }, {}],
    [{ username: '', password: '' }, { username: '请输入用户名!', password: '请输入密码!' }],
  ])('%o → %o', (credentials, expected) => {
    expect(validateCredentials(credentials)).toEqual(expected);
  });

  it('uses the spec messages word for word', () => {
    expect([USERNAME_REQUIRED_MESSAGE, PASSWORD_REQUIRED_MESSAGE]).toEqual(['请输入用户名!', '请输入密码!']);
  });
});

/** A gateway whose answer the test releases, so the loading state can be observed in between. */
function deferredGateway() {
  let release: (answer: LoginResult | Error) => void = () => undefined;
  const login = vi.fn(
    () =>
      new Promise<LoginResult>((resolve, reject) => {
        release = (answer) => (answer instanceof Error ? reject(answer) : resolve(answer));
      }),
  );
  return { gateway: { login } satisfies AuthGateway, release: (answer: LoginResult | Error) => release(answer), login };
}

function setup(auth: AuthGateway = createMemoryAdapters(sampleSeed()).auth) {
  const session = new MemorySessionStore();
  const flow = new LoginFlow({ auth, session, now: () => NOW });
  const states: LoginState[] = [];
  const unsubscribe = flow.subscribe((state) => states.push(state));
  return { flow, session, states, unsubscribe };
}

describe('LoginFlow', () => {
  it('signs the demo user in and stores the session without the password', async () => {
    const { flow, session, states } = setup();
    const outcome = await flow.submit({ ...DEMO_USER });
    expect(outcome).toEqual({
      status: 'signed-in',
      session: { user: { username: 'demo', displayName: '演示用户' }, token: 'memory-token-demo-1', signedInAt: NOW.toISOString() },
    });
    expect(await session.load()).toEqual(outcome.status === 'signed-in' ? outcome.session : null);
    expect(JSON.stringify(await session.load())).not.toContain(DEMO_USER.password);
    expect(states.map((state) => state.loading)).toEqual([true, false]);
    expect(flow.state.session?.user.username).toBe('demo');
  });

  it('shows loading during the request and clears it with the answer', async () => {
    const { gateway, release } = deferredGateway();
    const { flow, states } = setup(gateway);
    const pending = flow.submit({ username: 'demo', password: 'x' });
    await Promise.resolve();
    expect(flow.loading).toBe(true);
    release({ isOk: true, msg: 'ok', data: { username: 'demo' } });
    await pending;
    expect(flow.loading).toBe(false);
    expect(states.map((state) => state.loading)).toEqual([true, false]);
  });

  it('returns the server message when isOk is false, stores nothing and clears loading', async () => {
    const { flow, session } = setup();
    const outcome = await flow.submit({ username: 'demo', password: 'wrong' });
    expect(outcome).toEqual({ status: 'refused', message: WRONG_CREDENTIALS_MESSAGE });
    expect(flow.state).toEqual({ loading: false, message: WRONG_CREDENTIALS_MESSAGE });
    expect(await session.load()).toBeNull();
  });

  it('swallows a failed request: no throw, no message, loading cleared', async () => {
    const { gateway, release } = deferredGateway();
    const { flow, session } = setup(gateway);
    const pending = flow.submit({ username: 'demo', password: 'x' });
    await Promise.resolve();
    const error = new NetworkError('connection refused');
    release(error);
    await expect(pending).resolves.toEqual({ status: 'failed', error });
    expect(flow.state).toEqual({ loading: false });
    expect(await session.load()).toBeNull();
  });

  it('treats a session store failure like a request failure', async () => {
    const auth = createMemoryAdapters(sampleSeed()).auth;
    const flow = new LoginFlow({ auth, session: { save: () => Promise.reject(new Error('quota')), load: async () => null, clear: async () => undefined } });
    expect((await flow.submit({ ...DEMO_USER })).status).toBe('failed');
    expect(flow.loading).toBe(false);
  });

  it('refuses invalid credentials without calling the gateway', async () => {
    const { gateway, login } = deferredGateway();
    const { flow, states } = setup(gateway);
    expect(await flow.submit({ username: '', password: '' })).toEqual({
      status: 'invalid',
      errors: { username: USERNAME_REQUIRED_MESSAGE, password: PASSWORD_REQUIRED_MESSAGE },
    });
    expect(login).not.toHaveBeenCalled();
    expect(states).toEqual([]);
  });

  it('sends one request for a double submit', async () => {
    const { gateway, release, login } = deferredGateway();
    const { flow } = setup(gateway);
    const first = flow.submit({ username: 'demo', password: 'x' });
    const second = flow.submit({ username: 'demo', password: 'x' });
    await Promise.resolve();
    release({ isOk: false, msg: '用户已锁定' });
    expect(await first).toEqual(await second);
    expect(login).toHaveBeenCalledTimes(1);
    // Once answered, a new submit sends a new request.
    const third = flow.submit({ username: 'demo', password: 'y' });
    await Promise.resolve();
    release({ isOk: false, msg: '用户已锁定' });
    await third;
    expect(login).toHaveBeenCalledTimes(2);
  });

  it('keeps the user name when the answer has no user info, and drops an echoed password', async () => {
    const { flow } = setup({ login: async () => ({ isOk: true, msg: 'ok' }) });
    expect(await flow.submit({ username: 'zhang', password: 'p' })).toMatchObject({ session: { user: { username: 'zhang' } } });
    const echo = setup({ login: async () => ({ isOk: true, msg: 'ok', data: { username: 'li', password: 'p', token: 7 } }) });
    const outcome = await echo.flow.submit({ username: 'li', password: 'p' });
    expect(outcome).toEqual({ status: 'signed-in', session: { user: { username: 'li' }, signedInAt: NOW.toISOString() } });
  });

  it('stops calling a listener once unsubscribed', async () => {
    const { flow, states, unsubscribe } = setup();
    unsubscribe();
    await flow.submit({ ...DEMO_USER });
    expect(states).toEqual([]);
  });
});
