import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO, freshPagePerTest, screenshot, signIn, waitUntilDisabled } from './browser.js';

const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest((fresh) => {
  page = fresh;
});

const submit = () => page.getByRole('button', { name: /登\s*录/ });
const fieldError = (text: string) => page.locator('.gportal-field-error', { hasText: text });

describe('login page', () => {
  it('shows the demo account in embedded mode', async () => {
    await page.goto(`${baseUrl}/login`);
    await expect(page.getByTestId('demo-account').textContent()).resolves.toContain(`用户名 ${DEMO.username}，密码 ${DEMO.password}`);
    await screenshot(page, 'login');
  });

  it('validates on load but shows an error only once its field is touched; submit stays disabled while any field has one', async () => {
    await page.goto(`${baseUrl}/login`);
    await waitUntilDisabled(submit());
    await expect(page.locator('.gportal-field-error').count()).resolves.toBe(0);

    await page.locator('#username').fill('demo');
    await page.locator('#username').fill('');
    await fieldError('请输入用户名!').waitFor();
    await expect(fieldError('请输入密码!').count()).resolves.toBe(0);
    await waitUntilDisabled(submit());

    await page.locator('#username').fill('demo');
    await fieldError('请输入用户名!').waitFor({ state: 'detached' });
    await waitUntilDisabled(submit());

    await page.locator('#password').fill('x');
    await waitUntilDisabled(submit(), false);
    await page.locator('#password').fill('');
    await fieldError('请输入密码!').waitFor();
    await waitUntilDisabled(submit());
    await screenshot(page, 'login-validation');
  });

  it('a refused sign-in shows the server message as a notice and stays on the login page', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.locator('#username').fill(DEMO.username);
    await page.locator('#password').fill('wrong-password');
    await submit().click();
    await page.locator('.ant-notification-notice', { hasText: '用户名或密码错误' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(submit().getAttribute('class')).resolves.not.toContain('ant-btn-loading');
    await screenshot(page, 'login-refused');
  });

  it('signs in, lands on /test-index and shows the user in the header', async () => {
    await signIn(page, baseUrl);
    await expect(page.getByTestId('signed-in-user').textContent()).resolves.toContain('演示用户');
    await screenshot(page, 'index-demo');
  });

  it('the button shows loading while the request runs', async () => {
    await page.route('**/config.json', (route) => route.fulfill({ json: { embeddedLatencyMs: 1500 } }));
    await page.goto(`${baseUrl}/login`);
    await page.locator('#username').fill(DEMO.username);
    await page.locator('#password').fill(DEMO.password);
    await submit().click();
    await page.locator('button.ant-btn-loading').waitFor();
    await screenshot(page, 'login-loading');
    await page.waitForURL(`${baseUrl}/test-index`);
  });

  it('unauthenticated visits go to /login; signing out goes back there and keeps out', async () => {
    for (const path of ['/test-index', '/manage/2', '/geoserver', '/test-map', '/feature-map', '/']) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL(`${baseUrl}/login`);
    }
    await signIn(page, baseUrl);
    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/test-index');
    await page.getByRole('button', { name: /退出登录/ }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.goto(`${baseUrl}/test-index`);
    await page.waitForURL(`${baseUrl}/login`);
  });
});
