import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, screenshot, signIn, waitUntilDisabled } from './browser.js';

const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest(async (fresh) => {
  page = fresh;
  await signIn(page, baseUrl);
});

const pathname = () => new URL(page.url()).pathname;
const input = () => page.getByPlaceholder('请输入要缓存的值');
const button = (name: string) => page.getByRole('button', { name });

describe('index demo', () => {
  it('sets, gets and clears the user cache; the value survives a reload', async () => {
    await input().fill('福州 gportal');
    await button('设置用户缓存').click();
    await page.locator('.ant-message-notice', { hasText: '已缓存' }).waitFor();

    // The clear control empties the input only.
    await page.locator('.ant-input-clear-icon').click();
    await expect(input().inputValue()).resolves.toBe('');
    await button('获取用户缓存').click();
    await page.waitForFunction(() => (document.querySelector('input[placeholder="请输入要缓存的值"]') as HTMLInputElement).value === '福州 gportal');

    await page.reload();
    await expect(input().inputValue()).resolves.toBe('');
    await button('获取用户缓存').click();
    await page.waitForFunction(() => (document.querySelector('input[placeholder="请输入要缓存的值"]') as HTMLInputElement).value === '福州 gportal');
    await screenshot(page, 'index-demo-cache');

    await button('清除用户缓存').click();
    await page.locator('.ant-message-notice', { hasText: '已清除用户缓存' }).waitFor();
    await input().fill('left over');
    await button('获取用户缓存').click();
    await page.waitForFunction(() => (document.querySelector('input[placeholder="请输入要缓存的值"]') as HTMLInputElement).value === '');
    await page.reload();
    await button('获取用户缓存').click();
    await expect(input().inputValue()).resolves.toBe('');
  });

  it('goes to the map page', async () => {
    await button('跳转到地图页面').click();
    await page.waitForURL(`${baseUrl}/test-map`);
    await page.getByText('地图测试', { exact: true }).last().waitFor();
    await screenshot(page, 'test-map');
  });
});

describe('management container', () => {
  it('shows child modules in a nested outlet and navigates between them', async () => {
    await page.getByRole('link', { name: '管理模块 1' }).click();
    await page.waitForURL(`${baseUrl}/manage/1`);
    await page.getByRole('heading', { name: '管理模块 1' }).waitFor();

    await page.getByRole('navigation', { name: '管理', exact: true }).getByRole('link', { name: '管理模块 2' }).click();
    await page.waitForURL(`${baseUrl}/manage/2`);
    await page.getByText('这里是管理模块 2 的内容。').waitFor();
    // The container stays while its child changes.
    await page.getByRole('navigation', { name: '管理', exact: true }).waitFor();

    await button('下一个模块').click();
    await page.waitForURL(`${baseUrl}/manage/3`);
    await waitUntilDisabled(button('下一个模块'));
    await button('上一个模块').click();
    await page.waitForURL(`${baseUrl}/manage/2`);
    await screenshot(page, 'manage');

    await page.goBack();
    await page.waitForURL(`${baseUrl}/manage/3`);
    await page.goto(`${baseUrl}/manage/99`);
    await page.waitForURL(`${baseUrl}/manage/1`);
  });
});

describe('map screens', () => {
  it('/geoserver holds the file test, API test and map parts', async () => {
    await page.goto(`${baseUrl}/geoserver`);
    await page.waitForURL(`${baseUrl}/geoserver/api`);
    for (const part of ['文件上传测试', 'API 测试', '地图']) await page.getByRole('tab', { name: part }).waitFor();
    await page.getByRole('tab', { name: '文件上传测试' }).click();
    await page.waitForURL(`${baseUrl}/geoserver/upload`);
    // The part is a chunk of its own: shown once loaded, not its loading sign.
    await page.getByRole('button', { name: '选择要上传的文件' }).waitFor();
    await screenshot(page, 'geoserver');
  });

  it('/feature-map is reachable', async () => {
    await page.getByRole('link', { name: '要素地图' }).click();
    await page.waitForURL(`${baseUrl}/feature-map`);
    await page.locator('.gportal-map[data-features="8"]').waitFor();
  });

  it('an unknown path inside the app shows not found', async () => {
    await page.goto(`${baseUrl}/nowhere`);
    await page.getByRole('heading', { name: '页面不存在', level: 1 }).waitFor();
    expect(pathname()).toBe('/nowhere');
    await screenshot(page, 'not-found');
    // The way back is one link (no button inside it), followed within the app.
    const back = page.getByRole('link', { name: '返回首页' });
    expect(await back.locator('button').count()).toBe(0);
    await back.click();
    // The start page: `/` leads to the landing route (the index demo).
    await button('设置用户缓存').waitFor();
    expect(pathname()).not.toBe('/nowhere');
  });

  it('says so in English too, at 1024 px and on a phone', async () => {
    await page.goto(`${baseUrl}/nowhere`);
    await page.getByText('English', { exact: true }).click();
    for (const width of [1024, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
      await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
      const back = await page.getByRole('link', { name: 'Back to the start page' }).boundingBox();
      expect(back && back.x >= 0 && back.x + back.width <= width).toBe(true);
      await screenshot(page, `not-found-en-${width}`);
    }
  });
});

describe('language switch', () => {
  it('switches every string and antd to English, and remembers the choice', async () => {
    await page.getByText('English', { exact: true }).click();
    await button('Set user cache').waitFor();
    await page.getByPlaceholder('Enter the value to cache').waitFor();
    await expect(page.getByTestId('signed-in-user').textContent()).resolves.toContain('Signed in as 演示用户');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
    await screenshot(page, 'index-demo-en');

    await page.reload();
    await button('Sign out').click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.locator('#username').fill('x');
    await page.locator('#username').fill('');
    await page.locator('.gportal-field-error').waitFor();
    await screenshot(page, 'login-en');

    await page.getByText('中文', { exact: true }).click();
    await page.getByRole('button', { name: /登\s*录/ }).waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('zh-CN');
  });
});
