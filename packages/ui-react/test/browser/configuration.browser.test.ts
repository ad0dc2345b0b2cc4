import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO, freshPagePerTest, screenshot } from './browser.js';

const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest((fresh) => {
  page = fresh;
});

const serveConfig = (body: unknown) => page.route('**/config.json', (route) => route.fulfill({ json: body }));

async function signInByForm() {
  await page.locator('#username').fill(DEMO.username);
  await page.locator('#password').fill(DEMO.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

describe('config.json beside the app', () => {
  it('reports unknown and invalid settings on screen and keeps the defaults', async () => {
    await serveConfig({ colour: 'blue', landingRoute: '/nowhere' });
    await page.goto(`${baseUrl}/login`);
    const banner = page.getByTestId('problem-banner');
    await banner.waitFor();
    const text = await banner.textContent();
    expect(text).toContain('未知设置“colour”（来自 config.json），未使用。');
    expect(text).toContain('设置“landingRoute”的值“/nowhere”（来自 config.json）无效，应为 /test-index | /manage；已使用默认值“/test-index”。');
    await screenshot(page, 'config-problems');
    await signInByForm();
    await page.waitForURL(`${baseUrl}/test-index`);
    await page.getByTestId('problem-banner').getByText('未知设置“colour”').waitFor();
  });

  it('reports a config.json that is not JSON', async () => {
    await page.route('**/config.json', (route) => route.fulfill({ body: '{ mode: embedded', contentType: 'application/json' }));
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('problem-banner').getByText('无法读取 config.json').waitFor();
  });

  it('landingRoute /manage makes sign-in land in the management container', async () => {
    await serveConfig({ landingRoute: '/manage' });
    await page.goto(`${baseUrl}/login`);
    await signInByForm();
    await page.waitForURL(`${baseUrl}/manage/1`);
    await expect(page.getByTestId('problem-banner').count()).resolves.toBe(0);
  });

  it('locale sets the language of a first visit', async () => {
    await serveConfig({ locale: 'en' });
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });
});

describe('map-server mode (portal backend answered by the test)', () => {
  const submit = () => page.getByRole('button', { name: /登\s*录/ });
  const fillForm = async (password: string) => {
    await page.locator('#username').fill('alice');
    await page.locator('#password').fill(password);
  };

  it('signs in through POST /auth/token and lands on /test-index', async () => {
    await serveConfig({ mode: 'map-server' });
    const bodies: unknown[] = [];
    await page.route('**/api/auth/token', async (route) => {
      bodies.push(route.request().postDataJSON());
      await route.fulfill({ json: { isOk: true, msg: '登录成功', data: { username: 'alice', displayName: '爱丽丝', token: 't-1' } } });
    });
    await page.goto(`${baseUrl}/login`);
    await expect(page.getByText(DEMO.username).count()).resolves.toBe(0);
    await fillForm('secret');
    await submit().click();
    await page.waitForURL(`${baseUrl}/test-index`);
    expect(bodies).toEqual([{ username: 'alice', password: 'secret' }]);
    await expect(page.getByTestId('signed-in-user').textContent()).resolves.toContain('爱丽丝');
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).not.toContain('secret');
    await screenshot(page, 'map-server-signed-in');
  });

  it('shows the portal message when isOk is false', async () => {
    await serveConfig({ mode: 'map-server' });
    await page.route('**/api/auth/token', (route) => route.fulfill({ json: { isOk: false, msg: '账号已停用' } }));
    await page.goto(`${baseUrl}/login`);
    await fillForm('secret');
    await submit().click();
    await page.locator('.ant-notification-notice', { hasText: '账号已停用' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('swallows a failed sign-in request and clears loading (spec section 8)', async () => {
    await serveConfig({ mode: 'map-server' });
    let attempts = 0;
    await page.route('**/api/auth/token', (route) => {
      attempts += 1;
      return route.abort('connectionrefused');
    });
    await page.goto(`${baseUrl}/login`);
    await fillForm('secret');
    await submit().click();
    await expect.poll(() => attempts).toBe(1);
    await expect.poll(() => submit().getAttribute('class')).not.toContain('ant-btn-loading');
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(page.locator('.ant-notification-notice').count()).resolves.toBe(0);
    await screenshot(page, 'map-server-request-failed');
  });
});

describe('browser storage', () => {
  it('corrupt or foreign data is reported and ignored, never crashes the app', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.evaluate(() => {
      localStorage.setItem('gportal:session', '{"gportal":1,');
      localStorage.setItem('gportal:settings:locale', '"en"');
      localStorage.setItem('gportal:layer:store_33:polygon', JSON.stringify({ gportal: 99, kind: 'layer', data: {} }));
    });
    await page.reload();
    const banner = page.getByTestId('problem-banner');
    await banner.waitFor();
    const text = await banner.textContent();
    expect(text).toContain('浏览器存储中“gportal:session”的数据无法使用（不是 JSON），已忽略。');
    expect(text).toContain('“gportal:settings:locale”的数据无法使用（不是 gportal 写入的数据）');
    await signInByForm();
    await page.waitForURL(`${baseUrl}/test-index`);
    // The layers are read with the in-memory adapters, which the sign-in page does not load.
    await page.getByTestId('problem-banner').getByText('“gportal:layer:store_33:polygon”的数据无法使用（由其他版本的 gportal 写入）').waitFor();
    await expect(page.getByTestId('problem-banner').textContent()).resolves.toContain('“gportal:session”的数据无法使用');
    await screenshot(page, 'storage-problems');
  });
});
